import type { SimpleWebAuthnServer } from "../providers/types.js"
import type { InternalWebAuthnProvider } from "../providers/types.js"

/**
 * The @simplewebauthn/server functions a ceremony uses: the provider's loader (which the WebAuthn
 * and Passkey factories set, so that core itself never names the package), with any functions the
 * provider brings laid over it.
 */
export async function simpleWebAuthnFor(provider: InternalWebAuthnProvider): Promise<SimpleWebAuthnServer> {
  const own = provider.simpleWebAuthn ?? {}
  if (!provider.loadSimpleWebAuthn) return own as SimpleWebAuthnServer
  return { ...(await provider.loadSimpleWebAuthn()), ...own }
}
