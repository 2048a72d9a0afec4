import type { InternalOptions } from "../config/internal-options.js"
import { InvalidProvider, MissingAdapter } from "../errors.js"
import type { WebAuthnInternalOptions } from "../providers/types.js"

/** The request's options, narrowed for a WebAuthn route: refuses other providers and a missing adapter. */
export function webauthnOptionsOf(options: InternalOptions): WebAuthnInternalOptions {
  if (!options.provider || options.provider.type !== "webauthn") {
    throw new InvalidProvider("WebAuthn routes are only served for a WebAuthn provider")
  }
  if (!options.adapter) throw new MissingAdapter("An adapter is required for the WebAuthn provider")
  return options as unknown as WebAuthnInternalOptions
}
