import { publicUrl } from "./public-url.js"

/**
 * A plain Web Request for core, addressed to the public URL (see `publicUrl`). Not a NextRequest: that
 * would turn 127.0.0.1 back into "localhost" and core would redirect the browser to another site.
 */
export async function coreRequest(request: Request): Promise<Request> {
  const url = publicUrl(request)
  if (url.href === request.url) return request
  const hasBody = request.method !== "GET" && request.method !== "HEAD"
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
    signal: request.signal,
  })
}
