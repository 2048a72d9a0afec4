import type { InternalOptions } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { ResponseInternal } from "../types.js"
import { readAddress } from "./password-input.js"
import { passwordPageUrl } from "./password-pages.js"
import { issuePasswordToken } from "./password-tokens.js"
import { sendPasswordMail } from "./send-password-mail.js"

/**
 * POST /password/forgot with `email`: a user with that address gets a reset mail (link and code,
 * 15 minutes; a newer mail makes older ones useless); an unknown address gets nothing. Both
 * answer the same redirect to the reset page (enter the code), so it tells nobody which it was.
 * A user with no password yet (signed up through another provider) may set one this way: the
 * mail proves the address as an e-mail sign-in does.
 */
export async function forgotPassword(request: RequestInternal, options: InternalOptions<"password">): Promise<ResponseInternal> {
  const email = readAddress(request.body?.email)
  if (!email) return { redirect: passwordPageUrl(options, "forgot", { error: "invalid_email" }) }
  const user = await options.adapter!.getUserByEmail(email)
  if (user) {
    const { token, code, expires } = await issuePasswordToken("reset", email, options)
    await sendPasswordMail({ to: email, kind: "reset", url: passwordPageUrl(options, "reset", { token }), code, expires }, options)
  }
  // Nothing of the address in the answer: it is byte for byte the same for every address.
  return { redirect: passwordPageUrl(options, "reset", { sent: "1" }) }
}
