import type { PasswordConfig } from "./types.js"

export type { PasswordConfig, PasswordFlows, PasswordMail } from "./types.js"

/** The options `Password()` takes: any field of the provider but its type. */
export type PasswordUserConfig = Omit<Partial<PasswordConfig>, "type">
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
