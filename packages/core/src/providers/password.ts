import type { PasswordConfig, PasswordUserConfig } from "../passwords/password-config.js"

export type { PasswordConfig, PasswordFlows, PasswordMail, PasswordUserConfig } from "../passwords/password-config.js"
export type { PasswordPolicy, PasswordProblem } from "../passwords/password-policy.js"
export { pwnedPasswordsCheck, type PwnedPasswordsOptions } from "../passwords/pwned-passwords-check.js"

/**
 * E-mail and password accounts, stored through the adapter (which needs `getPasswordHash` and
 * `setPasswordHash`): sign-up with a verified address, sign-in, forgotten password, change.
 * See docs/passwords.md.
 *
 * @example
 * Password({ send: ({ to, kind, url, code }) => mailer.send(to, kind, url, code) })
 */
export default function Password(config: PasswordUserConfig = {}): PasswordConfig {
  return {
    id: "password",
    name: "Password",
    loadFlows: () => import("../passwords/password-flows.js").then((module) => module.passwordFlows),
    ...config,
    type: "password",
  }
}
