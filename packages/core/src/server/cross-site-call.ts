import { MissingCSRF } from "../errors.js"
import { isCrossSitePost } from "../csrf/is-cross-site-post.js"

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
