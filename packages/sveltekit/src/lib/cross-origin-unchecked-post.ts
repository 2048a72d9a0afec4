/** The content types SvelteKit's own origin check covers (`kit.csrf.checkOrigin`). */
const checkedBySvelteKit = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]

/**
 * Whether a request to `/auth/*` is a POST from another origin that SvelteKit's origin check lets
 * through and a browser could have sent: the handle refuses it (403) before core sees it.
 *
 * Core's CSRF token is off under SvelteKit (`skipCSRFCheck`), on the ground that SvelteKit refuses
 * cross-origin form posts. But SvelteKit only checks posts whose Content-Type is a form type; a
 * page may also `fetch(…, { method: "POST", mode: "no-cors", credentials: "include" })` with no
 * body, which has no Content-Type at all (or a Blob body, whose type the browser drops or keeps).
 * From a same-site origin (a sibling subdomain) the browser sends the SameSite=Lax session cookie
 * with it, and `POST /auth/signout` needs no body: the visitor would be signed out. JSON is left
 * alone: no page can send it to another origin without a CORS preflight, which nothing here grants.
 */
export function isCrossOriginUncheckedPost(request: Request, url: URL): boolean {
  if (request.method !== "POST" || request.headers.get("origin") === url.origin) return false
  const type = (request.headers.get("content-type") ?? "").split(";", 1)[0]!.trim().toLowerCase()
  return type !== "application/json" && !checkedBySvelteKit.includes(type)
}
