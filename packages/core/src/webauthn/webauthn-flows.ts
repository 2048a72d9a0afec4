/**
 * Everything the WebAuthn routes run, reached only through the provider's `loadFlows` (set by
 * `WebAuthn()` and `Passkey()`): an app without passkeys bundles none of it (esbuild inlines
 * dynamic imports, so only an import nothing else reaches keeps code out of a Workers bundle).
 */
import { webauthnCallback } from "./webauthn-callback.js"
import { webauthnOptions } from "./webauthn-options-action.js"
import type { WebAuthnFlows } from "../providers/types.js"

export type { WebAuthnFlows }

export const webauthnFlows: WebAuthnFlows = { options: webauthnOptions, callback: webauthnCallback }
