import type { Adapter } from "../../core/src/adapters.js"

const methods = [
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
  "getAccount",
  "getAuthenticator",
  "createAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
]

/**
 * An adapter object that has every method a WebAuthn config needs (minus `without`), each
 * answering "nothing found". For config checks and page rendering, which never store anything.
 */
export function adapterWithAllMethods(without: string[] = []): Adapter {
  return Object.fromEntries(methods.filter((m) => !without.includes(m)).map((m) => [m, async () => null])) as Adapter
}
