import { AuthError } from "../errors.js"
import type { SimpleWebAuthnServer } from "../providers/types.js"

/** The oldest major whose API core speaks (Uint8Array user ids, `credential` in place of `authenticator`). */
export const SUPPORTED_SIMPLEWEBAUTHN = "13"
const installCommand = `npm install @simplewebauthn/server@^${SUPPORTED_SIMPLEWEBAUTHN}`

let library: Promise<SimpleWebAuthnServer> | undefined

/**
 * @simplewebauthn/server, imported the first time a WebAuthn route runs. Only the WebAuthn and
 * Passkey provider modules import this file, so the package's name reaches a bundler only in apps
 * that use passkeys; apps without them never need it installed.
 */
export function loadSimpleWebAuthn(): Promise<SimpleWebAuthnServer> {
  if (!library) {
    // The comment stays in the built file, so a bundler's "Can't resolve" excerpt shows the fix.
    library = checkedSimpleWebAuthn(
      () => import(/* Passkeys need this package: npm install @simplewebauthn/server@^13 */ "@simplewebauthn/server"),
    )
    // A failed load is not cached: installing the package fixes a running dev server.
    library.catch(() => (library = undefined))
  }
  return library
}

/**
 * The library `importer` brings, or one error that says what to install: when the package is
 * missing, and when it is a major older than core speaks. Apps moving from Auth.js may pin
 * version 9 (next-auth's peer range); the install accepts it so that apps without passkeys are
 * not blocked, and passkeys refuse it here, at their first use, rather than failing mid-ceremony.
 */
export async function checkedSimpleWebAuthn(importer: () => Promise<unknown>): Promise<SimpleWebAuthnServer> {
  let module: SimpleWebAuthnServer
  try {
    module = (await importer()) as SimpleWebAuthnServer
  } catch (error) {
    throw new AuthError(
      `Passkeys (the WebAuthn and Passkey providers) need the @simplewebauthn/server package, which could not be loaded. Install it: ${installCommand}`,
      error as Error,
    )
  }
  if (typeof module?.generateRegistrationOptions !== "function" || (await acceptsTextUserId(module))) {
    throw new AuthError(
      `Passkeys need @simplewebauthn/server ${SUPPORTED_SIMPLEWEBAUTHN} or later; the installed copy is older (version 9 or before). Upgrade it: ${installCommand}`,
    )
  }
  return module
}

/**
 * Versions before 10 take the user id as a string; 10 and later refuse one. The package exports
 * no version number, and its package.json is not exported, so its behaviour tells the versions apart.
 */
async function acceptsTextUserId(module: SimpleWebAuthnServer): Promise<boolean> {
  try {
    await module.generateRegistrationOptions({
      rpName: "version probe",
      rpID: "probe.invalid",
      userName: "probe",
      userID: "probe" as never,
    })
    return true
  } catch {
    return false
  }
}
