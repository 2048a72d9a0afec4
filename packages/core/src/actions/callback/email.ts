import type { InternalOptions } from "../../providers/types.js"
import { readEmailIdentifier } from "../../http/email-address.js"
import { emailFlowOptions, verificationSecret } from "../../email/email-provider-options.js"
import { pageCsrfToken } from "../../email/page-csrf-token.js"
import { readSubmittedCode } from "../../email/sign-in-code.js"
import { signInVerifiedEmail } from "../../email/sign-in-verified-email.js"
import { consumeCode, consumeLink } from "../../email/verification-records.js"
import { MissingCSRF, Verification } from "../../errors.js"
import type { RequestInternal } from "../../http/request-internal.js"
import { emailConfirmPage } from "../../pages/email-confirm-page.js"
import type { ResponseInternal } from "../../types.js"

/**
 * /callback/<email id>, where a mailed sign-in is finished:
 * - GET (the link): a confirmation page whose button POSTs the token back; with the provider's
 *   `consumeOnGet: true`, the GET itself signs in, as in Auth.js.
 * - POST `token` + `email` (the confirmation button), or `code` + `email` (the verify-request
 *   page's code form): CSRF-checked, then the token or code is consumed and the user signed in.
 * A token or code that is unknown, used, expired or for another address ends with `Verification`
 * (the link on the error page, 403; a code back on the verify-request page).
 */
export async function emailCallback(request: RequestInternal, options: InternalOptions<"email">): Promise<ResponseInternal> {
  const flow = emailFlowOptions(options.provider)
  if (request.method === "GET") {
    const { token, email } = request.query
    if (!token || !email) throw new Verification("The sign-in link is incomplete")
    if (flow.consumeOnGet) return signInWithLink(request, email, token, options)
    const { csrfToken, cookies } = await pageCsrfToken(request, options)
    const page = emailConfirmPage(options, {
      action: options.provider.callbackUrl,
      token,
      email,
      callbackUrl: options.callbackUrl,
      csrfToken,
    })
    return { ...page, cookies }
  }

  if (!options.csrfTokenVerified) throw new MissingCSRF("CSRF token was missing during an e-mail sign-in")
  const body = request.body ?? {}
  if (body.code !== undefined) return signInWithCode(request, body.email, body.code, options)
  if (typeof body.token !== "string" || !body.token || typeof body.email !== "string" || !body.email) {
    throw new Verification("The sign-in form is incomplete")
  }
  return signInWithLink(request, body.email, body.token, options)
}

async function signInWithLink(
  request: RequestInternal,
  email: string,
  token: string,
  options: InternalOptions<"email">,
): Promise<ResponseInternal> {
  const flow = emailFlowOptions(options.provider)
  // The address in the link is used exactly as mailed: any other spelling is another identifier.
  const valid = await consumeLink(options.adapter!, email, token, verificationSecret(options), flow.signInCode)
  if (!valid) throw new Verification("The sign-in link is invalid, already used or expired")
  return signInVerifiedEmail(request, email, options)
}

async function signInWithCode(
  request: RequestInternal,
  emailInput: unknown,
  codeInput: unknown,
  options: InternalOptions<"email">,
): Promise<ResponseInternal> {
  const flow = emailFlowOptions(options.provider)
  const address = readEmailIdentifier(emailInput, options.provider)
  const code = readSubmittedCode(codeInput)
  if (!flow.signInCode || address.problem !== undefined || !code) return codeRefused(options, "The code or address is malformed")
  const valid = await consumeCode(options.adapter!, address.identifier, code, verificationSecret(options), flow)
  if (!valid) return codeRefused(options, "The code is wrong, used up or expired, or no attempts are left")
  return signInVerifiedEmail(request, address.identifier, options)
}

/** A refused code: logged, and back to the code form with `error=Verification`. */
function codeRefused(options: InternalOptions<"email">, reason: string): ResponseInternal {
  options.logger.error(new Verification(reason))
  const params = new URLSearchParams({ provider: options.provider.id, type: "email", error: "Verification" })
  return { redirect: `${options.url.href}/verify-request?${params}` }
}
