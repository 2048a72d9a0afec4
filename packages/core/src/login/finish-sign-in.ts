import type { InternalOptions } from "../providers/types.js"
import { emitEvent } from "../config/default-callbacks.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { Cookie } from "../shared-types.js"
import type { SecondFactorProof } from "../second-factor/second-factor-proof.js"
import type { AuthenticationMark } from "../session-cookie/token-marks.js"
import { ownerKey, ownerOfSignIn } from "../sessions/session-owner.js"
import { finishStepUp, refuseStepUpByAnother } from "../step-up/finish-step-up.js"
import type { ResponseInternal } from "../types.js"
import { type FirstFactorDone, firstFactorAuthentication } from "./first-factor-authentication.js"
import { issueSession } from "./issue-session.js"
import { undoNewUser } from "./handle-login.js"

export type { FirstFactorDone }

/**
 * The one place every way to sign in ends (OAuth/OIDC, e-mail, passkeys, credentials, passwords):
 * it decides whether a session may be issued now, issues it through issueSession, fires `signIn`
 * and sends the browser on. Whatever a sign-in must still prove before it gets a session belongs
 * here, so that no provider can skip it:
 * - a step-up under way (step-up/) must be finished by the same user;
 * - a user with a second factor (or who must have one) gets no session yet: an encrypted pending
 *   cookie and the second-factor page, and finishPendingSignIn completes it after the code.
 */
export async function finishSignIn(request: RequestInternal, done: FirstFactorDone, options: InternalOptions): Promise<ResponseInternal> {
  const authentication = firstFactorAuthentication(done)
  let held: ResponseInternal | null | undefined
  try {
    const sessionOwner = ownerOfSignIn(done.user, done.account, options)
    await refuseStepUpByAnother(request.cookies, ownerKey(sessionOwner), options)
    held = await options.secondFactor?.totp.holdForSecondFactor(request, done, authentication.methods, sessionOwner, options)
  } catch (error) {
    // A user created for this sign-in must not stay behind without a way in.
    if (done.createdUserId) await undoNewUser(done.createdUserId, options)
    throw error
  }
  // No session cookie: the pending sign-in opens nothing until its second factor is done.
  if (held) return held
  return completeSignIn(request, done, authentication, options)
}

/**
 * Issues the session of a sign-in with every factor done, fires `signIn` (once, naming the second
 * factor when there was one) and sends the browser on. finishSignIn's end, and finishPendingSignIn's.
 */
export async function completeSignIn(
  request: RequestInternal,
  done: FirstFactorDone,
  authentication: AuthenticationMark,
  options: InternalOptions,
  secondFactor?: SecondFactorProof["method"],
): Promise<ResponseInternal> {
  let sessionCookies: Cookie[]
  try {
    const stepUpCookies = await finishStepUp(request.cookies, done, options)
    sessionCookies = stepUpCookies.concat(await issueSession({ ...done, authentication }, request.cookies, options))
  } catch (error) {
    if (done.createdUserId) await undoNewUser(done.createdUserId, options)
    throw error
  }
  const { user, account, profile, isNewUser } = done
  await emitEvent(options, "signIn", {
    user,
    account,
    ...(profile === undefined ? {} : { profile }),
    ...(isNewUser === undefined ? {} : { isNewUser }),
    ...(secondFactor ? { secondFactor } : {}),
  })
  return { redirect: done.redirectTo, cookies: [...(done.cookies ?? []), ...sessionCookies] }
}
