import { landingUrl, handleLogin } from "../login/handle-login.js"
import type { InternalOptions } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import { finishSignIn } from "../login/finish-sign-in.js"
import { runSignInCallback } from "../login/run-sign-in-callback.js"
import type { ResponseInternal } from "../types.js"
import type { AdapterUser } from "../adapters.js"
import type { Account } from "../shared-types.js"

/**
 * Signs in the owner of an address that has just proven itself (a link or code was consumed):
 * the signIn callback again (no `verificationRequest` now), then the user is found or created
 * with `emailVerified` set (a user whose address was never verified first loses whatever was
 * attached to it, see ownerOfProvenAddress), and the gate (finishSignIn) does the rest.
 */
export async function signInVerifiedEmail(
  request: RequestInternal,
  identifier: string,
  options: InternalOptions<"email">,
): Promise<ResponseInternal> {
  const { user, account } = await addressUser(identifier, options)
  const redirect = await runSignInCallback({ user, account }, options)
  if (redirect) return { redirect }

  const login = await handleLogin(request.cookies, user, account, options)
  return finishSignIn(request, { ...login, redirectTo: landingUrl(login.isNewUser, options) }, options)
}

/**
 * The user an e-mail address belongs to (a new one, not stored yet, when none does) and the
 * e-mail account that signs it in: what the signIn callback sees when the mail is requested
 * (sendVerificationRequest) and again when its link or code comes back.
 */
export async function addressUser(identifier: string, options: InternalOptions<"email">): Promise<{ user: AdapterUser; account: Account }> {
  const user: AdapterUser = (await options.adapter!.getUserByEmail(identifier)) ?? {
    id: crypto.randomUUID(),
    email: identifier,
    emailVerified: null,
  }
  return { user, account: { providerAccountId: identifier, userId: user.id, type: "email", provider: options.provider.id } }
}
