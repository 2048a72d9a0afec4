/**
 * The headers of the app's request, as core should see them on an in-process call with a new
 * form body: cookies, user agent and the like carry over; the body's own framing does not.
 */
export function forwardedHeaders(original: Headers): Headers {
  const headers = new Headers(original)
  headers.delete("content-length")
  headers.delete("transfer-encoding")
  headers.set("content-type", "application/x-www-form-urlencoded")
  return headers
}
