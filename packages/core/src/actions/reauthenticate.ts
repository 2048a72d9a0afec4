import type { InternalOptions } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import { secondFactorPageUrl } from "../second-factor/second-factor-due.js"
import { ownerKey } from "../sessions/session-owner.js"
import type { ResponseInternal } from "../types.js"
import { currentAuthentication } from "../step-up/current-authentication.js"
import { mintStepUpCookie } from "../step-up/step-up-cookie.js"

/**
 * GET {basePath}/reauthenticate?callbackUrl=…: where a refused step-up sends a page. Remembers
 * whose session asked (the step-up cookie). A signed-in owner with a second factor answers it
 * alone: the cookie gets an id and the way back, and the browser goes to the second-factor page,
 * whose answer refreshes the session in place (second-factor/answer-step-up.ts; the page links a
 * full sign-in too). Anyone else is sent to sign in again; the gate then lets only that same user
 * finish (login/finish-sign-in.ts), an OpenID provider is asked to re-authenticate
 * (`prompt=login`, `max_age=0`), and the new session has a new `auth_time`.
 * Nobody signed in: a plain sign-in, with nothing to bind.
 */
export async function reauthenticate(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  const signin = new URL(`${options.url.href.replace(/\/$/, "")}/signin`)
  signin.searchParams.set("callbackUrl", options.callbackUrl)
  const current = await currentAuthentication(request.cookies, options)
  if (!current) return { redirect: signin.href }
  const stepUp = { owner: ownerKey(current.owner), since: Math.floor(Date.now() / 1000) }
  // Handed in by SecondFactor(): apps without second factors never bundle the second-factor code.
  if (await options.secondFactor?.totp.stepUpFactors(current, options)) {
    const cookie = await mintStepUpCookie({ ...stepUp, id: crypto.randomUUID(), redirectTo: options.callbackUrl }, options)
    return { redirect: secondFactorPageUrl(options), cookies: [cookie], headers: { "Cache-Control": "no-store" } }
  }
  const cookie = await mintStepUpCookie(stepUp, options)
  return { redirect: signin.href, cookies: [cookie], headers: { "Cache-Control": "no-store" } }
}
