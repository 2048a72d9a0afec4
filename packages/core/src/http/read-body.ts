import { UnknownAction } from "../errors.js"

/** Auth forms carry a few short fields; anything far larger is not ours to parse. */
export const maxBodyBytes = 64 * 1024

/**
 * A POST body as a flat record: JSON objects and url-encoded forms; anything else gives
 * no body (so the CSRF check fails). Malformed or oversized bodies throw UnknownAction (400).
 */
export async function readBody(request: Request): Promise<Record<string, unknown> | undefined> {
  const type = request.headers.get("content-type") ?? ""
  const json = type.includes("application/json")
  if (!json && !type.includes("application/x-www-form-urlencoded")) return undefined
  const declared = Number(request.headers.get("content-length"))
  if (declared > maxBodyBytes) throw new UnknownAction("Request body too large")
  const text = await readLimited(request)
  if (!json) return Object.fromEntries(new URLSearchParams(text))
  if (!text) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new UnknownAction("Request body is not valid JSON")
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new UnknownAction("Request body must be a JSON object")
  }
  return parsed as Record<string, unknown>
}

async function readLimited(request: Request): Promise<string> {
  if (!request.body) return ""
  const reader = request.body.getReader()
  const decoder = new TextDecoder()
  let size = 0
  let text = ""
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBodyBytes) {
      await reader.cancel()
      throw new UnknownAction("Request body too large")
    }
    text += decoder.decode(value, { stream: true })
  }
  return text + decoder.decode()
}
