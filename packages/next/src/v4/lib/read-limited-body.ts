/**
 * Core reads at most 64 KiB of an auth request's body (http/read-body.ts) and refuses more with
 * 400. The v4 layer reads a body before core does (Node requests, v4's `json=true` field): it reads
 * no more than one byte past that bound, so an endless body cannot fill memory, and hands on what it
 * read with its length declared, which core then refuses as too large.
 */
export const maxBodyBytes = 64 * 1024

export async function readLimitedBody(chunks: AsyncIterable<Uint8Array | string>): Promise<Uint8Array<ArrayBuffer>> {
  const parts: Uint8Array[] = []
  let size = 0
  for await (const chunk of chunks) {
    const bytes = typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk
    parts.push(bytes)
    size += bytes.byteLength
    if (size > maxBodyBytes) break
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const part of parts) {
    body.set(part, offset)
    offset += part.byteLength
  }
  return body
}
