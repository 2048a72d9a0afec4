import type { InternalOptions } from "../providers/types.js"
import { MissingCSRF, UnknownAction } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import { passwordPage } from "./password-pages.js"
import { changePassword } from "./change-password.js"
import { forgotPassword } from "./forgot-password.js"
import { resetPassword } from "./reset-password.js"
import type { ResponseInternal } from "../types.js"

/**
 * `{basePath}/password/<operation>`: GET renders the sign-up, forgot and reset pages; POST
 * `forgot` mails a reset link and code, `reset` sets a new password with one, `change` (signed
 * in, JSON) replaces the password.
 */
export async function passwordOperation(request: RequestInternal, passwordOptions: InternalOptions<"password">): Promise<ResponseInternal> {
  const options = passwordOptions
  const { operation, method } = request
  if (method === "GET") {
    if (operation === "signup" || operation === "forgot" || operation === "reset") {
      return passwordPage(passwordOptions, operation, request.query)
    }
    if (operation === "verify") return passwordPage(passwordOptions, "verify", request.query)
    throw new UnknownAction(`Unsupported action: GET password/${operation}`)
  }
  if (operation === "change") return changePassword(request, passwordOptions)
  if (!options.csrfTokenVerified) throw new MissingCSRF(`CSRF token was missing during a password ${operation}`)
  if (operation === "forgot") return forgotPassword(request, passwordOptions)
  if (operation === "reset") return resetPassword(request, passwordOptions)
  throw new UnknownAction(`Unsupported action: POST password/${operation}`)
}
