import type { InternalOptions } from "../providers/types.js"
import { readSubmittedCode } from "../email/sign-in-code.js"
import { Verification } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import { finishSignIn } from "../login/finish-sign-in.js"
import { ownerOfProvenAddress } from "../login/owner-of-proven-address.js"
import { runSignInCallback } from "../login/run-sign-in-callback.js"
import type { ResponseInternal } from "../types.js"
import { hashPassword, owaspScrypt } from "./hash-password.js"
import { judgeNewPassword } from "./password-policy.js"
import { passwordAccount, readAddress, readPasswordField } from "./password-input.js"
import { passwordPageUrl } from "./password-pages.js"
import { addressOfToken, spendPasswordCode, spendPasswordLink } from "./password-tokens.js"
import { revokeEverySession } from "./revoke-every-session.js"
import { sendPasswordMail } from "./send-password-mail.js"

/**
 * POST /password/reset with the mail's `token` (or `email` and `code`) and the new `password`.
 * The password is judged first, so a refused one spends nothing. Then the link or code is spent
 * (once, across instances), the password set, every session of the user ended (both strategies),
 * a "your password was changed" mail sent, and the browser signed in through the gate.
 */
export async function resetPassword(request: RequestInternal, options: InternalOptions<"password">): Promise<ResponseInternal> {
  const provider = options.provider
  const adapter = options.adapter!
  const body = request.body ?? {}
  const token = typeof body.token === "string" ? body.token : undefined
  const email = token === undefined ? readAddress(body.email) : addressOfToken(token)
  const back = (error: string) =>
    ({ redirect: passwordPageUrl(options, "reset", { ...(token ? { token } : email ? { email } : {}), error }) }) satisfies ResponseInternal
  if (!email) {
    if (token !== undefined) throw new Verification("The reset link is not one Gatehouse made")
    return back("invalid_email")
  }
  const password = readPasswordField(body.password)
  const verdict = password === undefined ? { problem: "too_short" as const } : await judgeNewPassword(password, email, options)
  if (verdict) return back(`password_${verdict.problem}`)

  if (token !== undefined) {
    if (!(await spendPasswordLink("reset", token, options)))
      throw new Verification("The reset link is unknown, used, expired or superseded")
  } else {
    const code = readSubmittedCode(body.code)
    if (!code || !(await spendPasswordCode("reset", email, code, options))) return back("invalid_code")
  }
  const found = await adapter.getUserByEmail(email)
  if (!found) throw new Verification("The address of the reset mail has no user any more")
  // The mail proved the address: an unverified user first loses what anyone attached to it
  // before (accounts, passkeys, sessions, a password set by whoever signed up with it).
  const user = found.emailVerified ? found : (await ownerOfProvenAddress(found, options, {})).user
  await adapter.setPasswordHash(user.id, await hashPassword(password!, provider.hashing ?? owaspScrypt))
  await revokeEverySession(user.id, options)
  await notifyChanged(email, options)

  const account = passwordAccount(user, provider)
  const redirect = await runSignInCallback({ user, account }, options)
  if (redirect) return { redirect }
  // What this sign-in proved is the mailbox (the new password was chosen, not known before): `email`.
  return finishSignIn(request, { user, account, methods: ["email"], redirectTo: options.callbackUrl }, options)
}

/** The "your password was changed" mail. The change stands if it cannot be sent (logged). */
export async function notifyChanged(email: string, options: InternalOptions<"password">): Promise<void> {
  try {
    await sendPasswordMail({ to: email, kind: "changed", url: `${options.url}/signin` }, options)
  } catch (error) {
    options.logger.error(error as Error)
  }
}
