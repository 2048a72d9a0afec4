import type { Adapter } from "../adapters.js"
import type { InternalOptions } from "../config/internal-options.js"
import type { WebAuthnProviderConfig } from "../providers/webauthn.js"

/** A WebAuthn provider as actions see it: merged config plus its URLs on this request's origin. */
export type InternalWebAuthnProvider = WebAuthnProviderConfig & { signinUrl: string; callbackUrl: string }

/** The options of a request to a WebAuthn route, once the provider and the adapter are known to be there. */
export type WebAuthnInternalOptions = Omit<InternalOptions, "provider" | "adapter"> & {
  provider: InternalWebAuthnProvider
  adapter: Required<Adapter>
}
