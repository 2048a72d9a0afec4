import { MissingCSRF } from "../errors.js"
import { isCrossSitePost } from "../csrf/is-cross-site-post.js"

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

/**
 * The one cross-site rule for server calls that change state (signIn, signOut, updateSession,
 * revokeSessions), which ask no CSRF token: a MissingCSRF error when the request being served
 * visibly comes from another site (the browser's Sec-Fetch-Site, or an Origin naming another host
 * than `url`'s or the forwarded one), else undefined. The request is judged as the POST the call
 * stands for, whatever its method: a cross-site link to a page that signs out is refused too.
 *
 * @param headers the headers of the request being served
 * @param url where this app answers (AUTH_URL, else the request's URL)
 * @param call what was called, for the error
 */
export function crossSiteCall(headers: Headers, url: URL, call: string): MissingCSRF | undefined {
  if (!isCrossSitePost({ method: "POST", headers, url })) return undefined
  return new MissingCSRF(
    `${call} refused: called during a cross-site request (Origin ${headers.get("origin") ?? "absent"}, Sec-Fetch-Site ${headers.get("sec-fetch-site") ?? "absent"}).`,
  )
}
