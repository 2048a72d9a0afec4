import type { AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../config/internal-options.js"
import { emitEvent } from "../events/emit-event.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { Account, Cookie, Profile, User } from "../primitives.js"
import type { ResponseInternal } from "../types.js"
import { firstFactorAuthentication } from "./first-factor-authentication.js"
import { issueSession } from "./issue-session.js"
import { undoNewUser } from "./undo-new-user.js"
import { finishStepUp } from "../step-up/finish-step-up.js"

/** What a sign-in method hands the gate once its own factor is proven. */
export interface FirstFactorDone {
  user: User | AdapterUser
  account: Account | null
  profile?: Profile
  isNewUser?: boolean
  /** Where the browser goes once signed in. */
  redirectTo: string
  /** How the user proved who they are, as `amr` values (RFC 8176): "pwd", "otp", "hwk", "fed"… */
  methods?: string[]
  /** A JWT cookie even under the database strategy (see SessionGrant). */
  forceJwt?: boolean
  /** The user this sign-in created, removed again if the sign-in cannot be finished. */
  createdUserId?: string
  /** Cookies the method itself sends back (spent OAuth checks, a used challenge), whatever happens next. */
  cookies?: Cookie[]
}

/**
 * The one place every way to sign in ends (OAuth/OIDC, e-mail, passkeys, credentials, passwords):
 * it decides whether a session may be issued now, issues it through issueSession, fires `signIn`
 * and sends the browser on. Whatever a sign-in must still prove before it gets a session belongs
 * here, so that no provider can skip it.
 */
export async function finishSignIn(request: RequestInternal, done: FirstFactorDone, options: InternalOptions): Promise<ResponseInternal> {
  let sessionCookies: Cookie[]
  try {
    const stepUpCookies = await finishStepUp(request.cookies, done, options)
    sessionCookies = stepUpCookies.concat(
      await issueSession({ ...done, authentication: firstFactorAuthentication(done) }, request.cookies, options),
    )
  } catch (error) {
    // A user created for this sign-in must not stay behind without a way in.
    if (done.createdUserId) await undoNewUser(done.createdUserId, options)
    throw error
  }
  const { user, account, profile, isNewUser } = done
  await emitEvent(options, "signIn", {
    user,
    account,
    ...(profile === undefined ? {} : { profile }),
    ...(isNewUser === undefined ? {} : { isNewUser }),
  })
  return { redirect: done.redirectTo, cookies: [...(done.cookies ?? []), ...sessionCookies] }
}
