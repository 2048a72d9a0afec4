/**
 * Everything the WebAuthn routes run, reached only through the provider's `loadFlows` (set by
 * `WebAuthn()` and `Passkey()`): an app without passkeys bundles none of it (esbuild inlines
 * dynamic imports, so only an import nothing else reaches keeps code out of a Workers bundle).
 */
import { webauthnCallback } from "./webauthn-callback.js"
import { webauthnOptions } from "./webauthn-options-action.js"

/** The WebAuthn provider's request handlers. */
export interface WebAuthnFlows {
  /** GET /webauthn-options/<id>: the ceremony's options and challenge cookie. */
  options: typeof webauthnOptions
  /** POST /callback/<id>: the ceremony's answer, verified, then the sign-in (or registration). */
  callback: typeof webauthnCallback
}

export const webauthnFlows: WebAuthnFlows = { options: webauthnOptions, callback: webauthnCallback }
