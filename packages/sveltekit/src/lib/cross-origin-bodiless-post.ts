/**
 * Whether a request to `/auth/*` is a POST without a Content-Type from another origin, which the
 * handle refuses (403) before core sees it.
 *
 * Core's CSRF token is off under SvelteKit (`skipCSRFCheck`), on the ground that SvelteKit refuses
 * cross-origin form posts. But SvelteKit only checks posts whose Content-Type is a form type; a
 * page may also `fetch(…, { method: "POST", mode: "no-cors", credentials: "include" })` with no
 * body, which has no Content-Type at all. From a same-site origin (a sibling subdomain) the
 * browser sends the SameSite=Lax session cookie with it, and `POST /auth/signout` needs no body:
 * the visitor would be signed out. Every other content type a page can send cross-origin without
 * a CORS preflight is a form type, which SvelteKit checks itself.
 */
export function isCrossOriginBodilessPost(request: Request, url: URL): boolean {
  if (request.method !== "POST" || request.headers.has("content-type")) return false
  return request.headers.get("origin") !== url.origin
}
