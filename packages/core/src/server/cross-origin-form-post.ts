/**
 * The one cross-origin POST rule for the auth routes of an integration whose framework checks form
 * origins instead of core's CSRF token (SvelteKit, Qwik: `skipCSRFCheck`): true for a POST whose
 * Origin is not the app's, unless it is JSON. The frameworks' own checks do not cover these routes
 * (Qwik's covers its own routes only, SvelteKit's only the form content types), and a browser sends
 * more than forms across origins without a preflight: a bodiless `fetch(…, { mode: "no-cors" })` has
 * no Content-Type at all, a Blob body keeps or drops its type. With the SameSite=Lax session cookie
 * of a sibling subdomain, `POST /signout` needs no body to sign the visitor out. The integration
 * answers it with 403. JSON is left alone (no page can send it cross-origin without a preflight
 * nothing here grants), and so is the provider's back-channel logout: its signed token is the only
 * credential, cookies are not read, and the provider's server sends no Origin.
 *
 * @param url the URL the request reached (its origin is the app's)
 * @param basePath where the auth routes live
 */
export function isCrossOriginFormPost(request: { method: string; headers: Headers }, url: URL, basePath: string): boolean {
  if (request.method !== "POST") return false
  if (url.pathname.startsWith(`${basePath}/backchannel-logout/`)) return false
  if (request.headers.get("origin") === url.origin) return false
  const type = (request.headers.get("content-type") ?? "").split(";", 1)[0]!.trim().toLowerCase()
  return type !== "application/json"
}
