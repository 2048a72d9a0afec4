import type { InternalOptions } from "../providers/types.js"
import { AuthError, MissingCSRF } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import { finishSignIn } from "../login/finish-sign-in.js"
import { handleLogin, landingUrl, undoNewUser } from "../login/handle-login.js"
import { runSignInCallback } from "../login/run-sign-in-callback.js"
import type { ResponseInternal } from "../types.js"
import type { Account, User } from "../shared-types.js"
import { challengeCookieDeletion } from "./challenge-cookie.js"
import { passkeyMethods, verifyAuthentication, verifyRegistration, type VerifiedRegistration } from "./verify-ceremony.js"
import { webauthnOptionsOf } from "../login/provider-flows.js"

/**
 * POST /callback/<webauthn id> with the CSRF token, `action` (authenticate | register) and
 * `data` (the browser's response as JSON): verify it against the challenge cookie, then sign in
 * (or sign up, or add the passkey to the signed-in user) like any other provider. The challenge
 * cookie is deleted and the challenge claimed: each challenge answers one ceremony, on any instance.
 */
export async function webauthnCallback(request: RequestInternal, internalOptions: InternalOptions<"webauthn">): Promise<ResponseInternal> {
  const internal = internalOptions as InternalOptions
  // Like every state-changing POST: a page on another site must not be able to sign its
  // visitor in with a response it captured (Auth.js skips this check for passkeys).
  if (!internal.csrfTokenVerified) throw new MissingCSRF("CSRF token was missing during a passkey sign-in")
  const options = webauthnOptionsOf(internal)
  const action = request.body?.action
  if (action !== "authenticate" && action !== "register") throw new AuthError("Invalid action parameter")

  let user: User
  let account: Account
  let ceremony: { backedUp: boolean; userVerified: boolean }
  let registration: VerifiedRegistration | undefined
  if (action === "authenticate") {
    const verified = await verifyAuthentication(request, options)
    ;({ user, account } = verified)
    ceremony = verified
  } else {
    registration = await verifyRegistration(request, options)
    ;({ user, account } = registration)
    ceremony = { backedUp: registration.authenticator.credentialBackedUp, userVerified: registration.userVerified }
  }
  const used = [challengeCookieDeletion(options)]

  const redirect = await runSignInCallback({ user, account }, internal)
  if (redirect) return { redirect, cookies: used }

  const login = await handleLogin(request.cookies, user, account, internal)
  if (registration) {
    try {
      await options.adapter.createAuthenticator({ ...registration.authenticator, userId: login.user.id! })
    } catch (error) {
      // A user signed up with a passkey that was never stored would have no way back in.
      if (login.createdUserId) await undoNewUser(login.createdUserId, internal)
      throw error
    }
  }
  // Possession and user verification are two factors already: such a sign-in is never asked for a second.
  const methods = passkeyMethods(ceremony)
  return finishSignIn(request, { ...login, redirectTo: landingUrl(login.isNewUser, internal), cookies: used, methods }, internal)
}
