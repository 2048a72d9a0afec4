import type { AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { readSubmittedCode } from "../email/sign-in-code.js"
import { Verification } from "../errors.js"
import { emitEvent } from "../config/default-callbacks.js"
import type { RequestInternal } from "../http/request-internal.js"
import { finishSignIn } from "../login/finish-sign-in.js"
import { runSignInCallback } from "../login/run-sign-in-callback.js"
import type { ResponseInternal } from "../types.js"
import { passwordAccount, readAddress } from "./password-input.js"
import { passwordPageUrl } from "./password-pages.js"
import { spendPasswordCode, spendPasswordLink } from "./password-tokens.js"

/**
 * POST /callback/password with `action=verify` and the link's `token` (the confirm page's button)
 * or `email` and `code`: the address is proven, the user verified, and the browser signed in
 * through the gate (which asks for a second factor when the user has one). A wrong code goes back
 * to the code page; a spent, old or unknown link is Verification.
 */
export async function verifyAddress(request: RequestInternal, options: InternalOptions<"password">): Promise<ResponseInternal> {
  const body = request.body ?? {}
  let email: string | undefined
  if (typeof body.token === "string") {
    email = await spendPasswordLink("verify", body.token, options)
    if (!email) throw new Verification("The verification link is unknown, used, expired or superseded by a newer one")
  } else {
    email = readAddress(body.email)
    const code = readSubmittedCode(body.code)
    if (!email || !code || !(await spendPasswordCode("verify", email, code, options))) {
      return { redirect: passwordPageUrl(options, "verify", { ...(email ? { email } : {}), error: "invalid_code" }) }
    }
  }
  const stored = await options.adapter!.getUserByEmail(email)
  if (!stored) throw new Verification("The verified address has no user any more")
  const user = stored.emailVerified ? stored : await provenOwner(stored, options)
  const account = passwordAccount(user, options.provider)
  const redirect = await runSignInCallback({ user, account }, options)
  if (redirect) return { redirect }
  // The mail proved the address, as an e-mail sign-in does (the gate decides what else is due).
  return finishSignIn(request, { user, account, methods: ["email"], redirectTo: options.callbackUrl }, options)
}

/**
 * Marks the address verified. Not ownerOfProvenAddress: that removes what was attached to the user
 * before the proof, the password set at this very sign-up included, and the mail answers exactly
 * that sign-up. (Someone who signs up with another's address cannot sign in before its owner uses
 * the mail, which says to ignore it; the owner's own sign-up, reset or e-mail sign-in later
 * removes that password: see docs/passwords.md.)
 */
async function provenOwner(user: AdapterUser, options: InternalOptions<"password">): Promise<AdapterUser> {
  const verified = await options.adapter!.updateUser({ id: user.id, emailVerified: new Date() })
  await emitEvent(options, "updateUser", { user: verified })
  return verified
}
