/** The content types a page on another origin can post without a CORS preflight. */
const simpleContentTypes = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]

/**
 * The one cross-origin POST rule for the auth routes of an integration whose framework checks form
 * origins instead of core's CSRF token (SvelteKit, Qwik: `skipCSRFCheck`): true for a POST from
 * another origin that a browser could send without a preflight — a form type, or no Content-Type
 * at all (a bodiless `fetch(…, { mode: "no-cors" })` would sign the visitor out) — which the
 * framework's own check does not cover for these routes. The integration answers it with 403.
 * JSON is left alone (no page can send it cross-origin without a preflight nothing here grants),
 * and so is the provider's back-channel logout: its signed token is the only credential, cookies
 * are not read, and the provider's server sends no Origin.
 *
 * @param url the URL the request reached (its origin is the app's)
 * @param basePath where the auth routes live
 */
export function isCrossOriginFormPost(request: { method: string; headers: Headers }, url: URL, basePath: string): boolean {
  if (request.method !== "POST") return false
  if (url.pathname.startsWith(`${basePath}/backchannel-logout/`)) return false
  if (request.headers.get("origin") === url.origin) return false
  const type = (request.headers.get("content-type") ?? "").split(";", 1)[0]!.trim().toLowerCase()
  return type === "" || simpleContentTypes.includes(type)
}
