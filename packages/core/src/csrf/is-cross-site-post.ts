import type { RequestInternal } from "../http/request-internal.js"

/**
 * Whether a POST visibly comes from another site: the browser says so in Sec-Fetch-Site, or the
 * Origin header names a host that is neither this request's nor its forwarded host. A second
 * line of defence next to the CSRF token; requests without these headers (servers, old
 * browsers) are left to the token.
 */
export function isCrossSitePost(request: Pick<RequestInternal, "method" | "headers" | "url">): boolean {
  if (request.method !== "POST") return false
  if (request.headers.get("sec-fetch-site") === "cross-site") return true
  const origin = request.headers.get("origin")
  if (!origin || origin === "null") return false
  let host: string
  try {
    host = new URL(origin).host
  } catch {
    return true
  }
  return host !== request.url.host && host !== request.headers.get("host") && host !== request.headers.get("x-forwarded-host")
}
