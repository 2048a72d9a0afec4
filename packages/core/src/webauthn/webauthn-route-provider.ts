import type { InternalOptions, WebAuthnFlows, WebAuthnInternalOptions, WebAuthnProviderConfig } from "../providers/types.js"
import { AuthError, InvalidProvider, MissingAdapter } from "../errors.js"

/** The request's options, narrowed for a WebAuthn route: refuses other providers and a missing adapter. */
export function webauthnOptionsOf(options: InternalOptions): WebAuthnInternalOptions {
  if (options.provider?.type !== "webauthn") {
    throw new InvalidProvider("WebAuthn routes are only served for a WebAuthn provider")
  }
  if (!options.adapter) throw new MissingAdapter("An adapter is required for the WebAuthn provider")
  return options as unknown as WebAuthnInternalOptions
}

/**
 * The routes of a WebAuthn provider, loaded through its `loadFlows` (which `WebAuthn()` and
 * `Passkey()` set): core's own bundle reaches none of the ceremony code, so an app without
 * passkeys does not carry it. A provider object written by hand without it is said so plainly.
 */
export async function webauthnFlowsOf(provider: Pick<WebAuthnProviderConfig, "id" | "loadFlows">): Promise<WebAuthnFlows> {
  if (typeof provider.loadFlows !== "function") {
    throw new AuthError(
      `Provider "${provider.id}" has type "webauthn" but no loadFlows: create it with WebAuthn() from "@gatehouse/core/providers/webauthn" or Passkey() from "@gatehouse/core/providers/passkey"`,
    )
  }
  return provider.loadFlows()
}
