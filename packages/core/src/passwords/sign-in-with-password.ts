import type { InternalOptions } from "../providers/types.js"
import { CredentialsSignin } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import { finishSignIn } from "../login/finish-sign-in.js"
import { runSignInCallback } from "../login/run-sign-in-callback.js"
import type { ResponseInternal } from "../types.js"
import { dummyHash, hashPassword, owaspScrypt, verifyPassword } from "./hash-password.js"
import { passwordAccount, readAddress, readPasswordField } from "./password-input.js"

/** Wrong password, unknown address, unverified address: one answer, so none tells which. */
export class InvalidPasswordCredentials extends CredentialsSignin {
  code = "invalid_credentials"
}

/**
 * POST /callback/password with `email` and `password`. An unknown address (or a user without a
 * password) is checked against a dummy hash with the same parameters, so it takes as long as a
 * wrong password; the password is checked before the address's verification, and every refusal
 * is the same CredentialsSignin. A hash made with older parameters is replaced on success.
 */
export async function signInWithPassword(request: RequestInternal, options: InternalOptions<"password">): Promise<ResponseInternal> {
  const provider = options.provider
  const adapter = options.adapter!
  const params = provider.hashing ?? owaspScrypt
  const email = readAddress(request.body?.email)
  const password = readPasswordField(request.body?.password) ?? ""
  const user = email ? await adapter.getUserByEmail(email) : null
  const stored = user ? await adapter.getPasswordHash(user.id) : null
  const check = await verifyPassword(password, stored ?? (await dummyHash(params)), params)
  if (!user || !stored || !check.ok) throw new InvalidPasswordCredentials("Wrong password, or no user with a password has this address")
  if (provider.requireVerifiedEmail !== false && !user.emailVerified) {
    throw new InvalidPasswordCredentials("The password was right but the address is not verified yet")
  }
  if (check.needsRehash) {
    // Best effort: the sign-in goes on with the old hash if the new one cannot be stored.
    await Promise.resolve(adapter.setPasswordHash(user.id, await hashPassword(password, params))).catch((error) =>
      options.logger.error(error as Error),
    )
  }
  const account = passwordAccount(user, provider)
  const redirect = await runSignInCallback({ user, account }, options)
  if (redirect) return { redirect }
  return finishSignIn(request, { user, account, methods: ["pwd"], redirectTo: options.callbackUrl }, options)
}
