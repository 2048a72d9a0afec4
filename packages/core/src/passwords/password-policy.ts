import type { Awaitable } from "../shared-types.js"
import { isCommonPassword } from "./common-passwords.js"
import { normalizePassword } from "./hash-password.js"
import type { LoggerInstance } from "../auth-options.js"
import { AuthError } from "../errors.js"

/** Why a new password is refused; the pages and the JSON answers name it. */
export type PasswordProblem = "too_short" | "too_long" | "common" | "breached" | "rule"

export interface PasswordPolicy {
  /** Fewest characters (Unicode code points, after NFKC). Default 8 (NIST SP 800-63B). */
  minLength?: number
  /** Most characters. Default 128. */
  maxLength?: number
  /**
   * Asks a breached-password service whether the password was in a breach: see
   * `pwnedPasswordsCheck` (k-anonymity, only 5 hex characters of a SHA-1 leave). Resolves true
   * for a breached password. A service that fails lets the password through (logged).
   */
  isBreached?: (password: string) => Awaitable<boolean>
  /** The app's own rule: a message (shown as is) refuses the password, nothing accepts it. */
  rule?: (password: string, context: { email: string }) => Awaitable<string | null | undefined | void>
}

export interface PolicyVerdict {
  problem: PasswordProblem
  /** The app rule's own message, for `rule`. */
  message?: string
}

/**
 * Checks a new password (sign-up, reset, change) against the policy: length, the shipped list of
 * the most common passwords, the optional breached-password service, the app's rule. Undefined
 * when it is acceptable. Passwords are compared after NFKC normalization.
 */
export async function checkNewPassword(
  password: string,
  email: string,
  policy: PasswordPolicy,
  onServiceError: (error: unknown) => void,
): Promise<PolicyVerdict | undefined> {
  const normalized = normalizePassword(password)
  const length = [...normalized].length
  if (length < (policy.minLength ?? 8)) return { problem: "too_short" }
  if (length > (policy.maxLength ?? 128)) return { problem: "too_long" }
  if (isCommonPassword(normalized)) return { problem: "common" }
  if (policy.isBreached) {
    try {
      if (await policy.isBreached(normalized)) return { problem: "breached" }
    } catch (error) {
      onServiceError(error)
    }
  }
  const message = await policy.rule?.(normalized, { email })
  if (typeof message === "string" && message) return { problem: "rule", message }
  return undefined
}

/** The policy's verdict on a new password; a breached-password service that fails is logged, and lets it through. */
export function judgeNewPassword(
  password: string,
  email: string,
  options: { provider: { policy?: PasswordPolicy }; logger: Pick<LoggerInstance, "error"> },
): Promise<PolicyVerdict | undefined> {
  return checkNewPassword(password, email, options.provider.policy ?? {}, (error) =>
    options.logger.error(new AuthError("The breached-password check failed; the password was let through", error as Error)),
  )
}
