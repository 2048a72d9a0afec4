import type { InternalOptions } from "../config/internal-options.js"
import type { RequestInternal } from "../http/request-internal.js"
import { ownerKey } from "../sessions/session-owner.js"
import type { ResponseInternal } from "../types.js"
import { currentAuthentication } from "./current-authentication.js"
import { mintStepUpCookie } from "./step-up-cookie.js"

/**
 * GET {basePath}/reauthenticate?callbackUrl=…: where a refused step-up sends a page. Remembers
 * whose session asked (the step-up cookie) and sends the browser to sign in again; the gate then
 * lets only that same user finish (login/finish-sign-in.ts), an OpenID provider is asked to
 * re-authenticate (`prompt=login`, `max_age=0`), and the new session has a new `auth_time`.
 * Nobody signed in: a plain sign-in, with nothing to bind.
 */
export async function reauthenticate(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  const signin = new URL(`${options.url.href.replace(/\/$/, "")}/signin`)
  signin.searchParams.set("callbackUrl", options.callbackUrl)
  const current = await currentAuthentication(request.cookies, options)
  if (!current) return { redirect: signin.href }
  const cookie = await mintStepUpCookie({ owner: ownerKey(current.owner), since: Math.floor(Date.now() / 1000) }, options)
  return { redirect: signin.href, cookies: [cookie], headers: { "Cache-Control": "no-store" } }
}
