/**
 * Headers that described the app's own request body (or would switch core into answering with JSON):
 * a request an integration builds for core has another body, or none.
 */
const notForwarded = ["content-length", "content-type", "content-encoding", "transfer-encoding", "x-auth-return-redirect"]

/**
 * The user's request headers (cookies, host, forwarding headers, user agent…) for a request an
 * integration sends to core on the user's behalf, without those that belonged to the original body.
 */
export function forwardedHeaders(incoming: Headers): Headers {
  const headers = new Headers(incoming)
  for (const name of notForwarded) headers.delete(name)
  return headers
}

/**
 * The origin a browser used, from `X-Forwarded-Host` / `X-Forwarded-Proto` or else `Host` and the
 * given protocol; undefined when no usable host is there. Proxies append to these headers, so the
 * first entry (the one closest to the client) counts. Only act on it when `trustHost` is on.
 */
export function forwardedOrigin(headers: Headers, fallbackProtocol: string | undefined): string | undefined {
  const host = firstValue(headers.get("x-forwarded-host")) ?? firstValue(headers.get("host"))
  if (!host) return undefined
  const protocol = (firstValue(headers.get("x-forwarded-proto")) ?? fallbackProtocol ?? "https").replace(/:$/, "")
  if (protocol !== "http" && protocol !== "https") return undefined
  try {
    const url = new URL(`${protocol}://${host}`)
    // A host header carrying a path, credentials, a query or a fragment is not a host.
    if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) return undefined
    return url.origin
  } catch {
    return undefined
  }
}

/** `"a, b"` → `"a"`; an empty header → undefined. */
function firstValue(header: string | null): string | undefined {
  const first = header?.split(",")[0]?.trim()
  return first ? first : undefined
}
