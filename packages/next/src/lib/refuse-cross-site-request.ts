import { crossSiteCall } from "@gatehouse/core/server"

/**
 * `signIn`, `signOut`, `unstable_update` and `sessions.revoke*` act for the visitor without a CSRF
 * token. From a server action that is safe because Next refuses a cross-origin action itself
 * (honouring `serverActions.allowedOrigins`), so actions (the `Next-Action` header) are left to
 * Next. A route handler has no such check: another site's form posting to it would sign the visitor
 * out, rename them or sign them into the attacker's account. There core's cross-site rule for server
 * calls (crossSiteCall: the browser's Sec-Fetch-Site, or an Origin naming another host) refuses the
 * call with MissingCSRF. The incoming method is not visible through next/headers; every call here
 * changes state, so the request is judged as the POST it stands for (which also refuses a cross-site
 * link to a GET handler that signs out).
 *
 * @param incoming the headers of the request being served
 * @param publicUrl where this app answers (AUTH_URL, else the request's host)
 * @param call what was called, for the error
 */
export function refuseCrossSiteRequest(incoming: Headers, publicUrl: URL, call: string): void {
  if (incoming.has("next-action")) return
  const refused = crossSiteCall(incoming, publicUrl, call)
  if (!refused) return
  refused.message += " Call it from a server action, or from a route handler the app's own pages post to."
  throw refused
}
