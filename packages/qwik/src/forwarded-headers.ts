/** Headers that describe the original body; a re-built request has another body or none. */
const BODY_HEADERS = ["content-length", "content-type", "content-encoding", "transfer-encoding"]

/**
 * The incoming request's headers (cookies, host, forwarding headers, user agent) for a request
 * the integration builds itself, without the ones that belong to the original body.
 */
export function forwardedHeaders(request: Request): Headers {
  const headers = new Headers(request.headers)
  for (const name of BODY_HEADERS) headers.delete(name)
  return headers
}
