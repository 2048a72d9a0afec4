/**
 * The flows of the providers that load theirs on demand (WebAuthn and Passkey, Password): core's own
 * bundle reaches none of their code, so an app without those providers does not carry it.
 */
import type {
  InternalOptions,
  PasswordConfig,
  PasswordFlows,
  WebAuthnFlows,
  WebAuthnInternalOptions,
  WebAuthnProviderConfig,
} from "../providers/types.js"
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

/**
 * The flows of a Password provider, loaded through its `loadFlows` (which the `Password()` factory
 * sets). A provider object written by hand without it cannot do anything: said plainly.
 */
export async function passwordFlowsOf(provider: Pick<PasswordConfig, "id" | "loadFlows">): Promise<PasswordFlows> {
  if (typeof provider.loadFlows !== "function") {
    throw new AuthError(
      `Provider "${provider.id}" has type "password" but no loadFlows: make it with Password() from @gatehouse/core/providers/password`,
    )
  }
  return provider.loadFlows()
}
