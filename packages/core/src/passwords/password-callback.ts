import type { InternalOptions } from "../providers/types.js"
import { MissingCSRF, Verification } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import { pageCsrfToken } from "../email/page-csrf-token.js"
import { emailConfirmPage } from "../pages/email-confirm-page.js"
import { addressOfToken } from "./password-tokens.js"
import { signInWithPassword } from "./sign-in-with-password.js"
import { signUp } from "./sign-up.js"
import { verifyAddress } from "./verify-address.js"
import type { ResponseInternal } from "../types.js"

/**
 * /callback/password. GET with a verification link's `token`: a page whose button POSTs it back
 * (link scanners fetch, they do not press). POST: `action=signup`, `action=verify` (a `token` or
 * `email` + `code`), or a sign-in (`email`, `password`). Every POST needs the CSRF token.
 */
export async function passwordCallback(request: RequestInternal, options: InternalOptions<"password">): Promise<ResponseInternal> {
  if (request.method === "GET") {
    const token = request.query.token
    const email = addressOfToken(token)
    if (!email) throw new Verification("The verification link is malformed")
    const { csrfToken, cookies } = await pageCsrfToken(request, options)
    const page = emailConfirmPage(options, {
      action: `${options.url}/callback/password`,
      token,
      email,
      callbackUrl: options.callbackUrl,
      csrfToken,
      fields: { action: "verify" },
    })
    return { ...page, cookies }
  }
  if (!options.csrfTokenVerified) throw new MissingCSRF("CSRF token was missing during a password sign-in")
  const action = request.body?.action
  if (action === "signup") return signUp(request, options)
  if (action === "verify") return verifyAddress(request, options)
  return signInWithPassword(request, options)
}
