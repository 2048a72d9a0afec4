import type { InternalOptions } from "../providers/types.js"
import { AuthError } from "../errors.js"
import { checkNewPassword, type PolicyVerdict } from "./password-policy.js"

/** The policy's verdict on a new password; a breached-password service that fails is logged, and lets it through. */
export function judgeNewPassword(
  password: string,
  email: string,
  options: InternalOptions<"password">,
): Promise<PolicyVerdict | undefined> {
  return checkNewPassword(password, email, options.provider.policy ?? {}, (error) =>
    options.logger.error(new AuthError("The breached-password check failed; the password was let through", error as Error)),
  )
}
