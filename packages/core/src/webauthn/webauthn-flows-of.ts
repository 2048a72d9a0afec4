import { AuthError } from "../errors.js"
import type { WebAuthnProviderConfig } from "../providers/types.js"
import type { WebAuthnFlows } from "./webauthn-flows.js"

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
