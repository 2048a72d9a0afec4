import { MissingAdapterMethods } from "../errors.js"

/** What the e-mail flow needs of an adapter before anything else (Auth.js checks these for e-mail). */
export const emailMethods = ["createVerificationToken", "useVerificationToken", "getUserByEmail"]

/** What database sessions and the sign-ins that start them need. */
export const databaseSessionMethods = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "getUserByAccount",
  "updateUser",
  "linkAccount",
  "createSession",
  "getSessionAndUser",
  "updateSession",
  "deleteSession",
]

export const webauthnMethods = [
  "createUser",
  "getUser",
  "linkAccount",
  "getAccount",
  "getAuthenticator",
  "createAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
  // Not in Auth.js's list, but its default flows call them (user lookup by e-mail, sign-in by credential).
  "getUserByEmail",
  "getUserByAccount",
]

/** What the Password provider needs: users by address, verification tokens for its mails, and the hashes. */
export const passwordMethods = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "updateUser",
  "createVerificationToken",
  "useVerificationToken",
  "getPasswordHash",
  "setPasswordHash",
]

/** Every adapter method some flow of core calls without first asking whether the adapter has it. */
export const flowMethods = [...new Set([...emailMethods, ...databaseSessionMethods, ...webauthnMethods, ...passwordMethods])]

/** The error naming the methods of `required` that the adapter lacks, or undefined when it has them all. */
export function missingAdapterMethods(adapter: object, required: Iterable<string>): MissingAdapterMethods | undefined {
  const missing = [...new Set(required)].filter((name) => typeof (adapter as Record<string, unknown>)[name] !== "function")
  if (missing.length === 0) return undefined
  return new MissingAdapterMethods(`Required adapter methods were missing: ${missing.join(", ")}`)
}
