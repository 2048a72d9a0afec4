import { AuthError } from "../errors.js"
import type { SimpleWebAuthnServer } from "../providers/webauthn.js"
import type { InternalWebAuthnProvider } from "./webauthn-internal-options.js"

let library: Promise<SimpleWebAuthnServer> | undefined

/**
 * @simplewebauthn/server, imported the first time a WebAuthn route runs (never at start-up, so
 * apps without passkeys do not load it), with any functions the provider brings laid over it.
 */
export async function simpleWebAuthnFor(provider: InternalWebAuthnProvider): Promise<SimpleWebAuthnServer> {
  library ??= import("@simplewebauthn/server").catch((error: Error) => {
    library = undefined
    throw new AuthError("WebAuthn needs the @simplewebauthn/server package, which could not be loaded", error)
  })
  return { ...(await library), ...provider.simpleWebAuthn }
}
