import { appPageUrl } from "../http/app-page-url.js"
import type { InternalOptions } from "../config/internal-options.js"
import { EmailSignInError } from "../errors.js"
import type { ResponseInternal } from "../types.js"

/**
 * A sign-in mail that was refused (bad address) or could not be sent: logged with its reason, and
 * the user goes back to the sign-in page with `error=EmailSignin` (Auth.js's name for "the e-mail
 * could not be sent"). Never a 500, and the reason (which may quote the address) stays in the log.
 */
export function emailSigninFailed(options: InternalOptions<"email">, reason: string, cause?: unknown): ResponseInternal {
  const error = new EmailSignInError(reason, cause instanceof Error ? cause : undefined)
  options.logger.error(error)
  const params = { error: "EmailSignin" }
  const page = options.pages.signIn
  if (page) return { redirect: appPageUrl(page, params, options) }
  return { redirect: `${options.url.href}/signin?${new URLSearchParams(params)}` }
}
