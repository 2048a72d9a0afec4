import type { Adapter } from "../adapters.js"
import type { RateLimitStore } from "../shared-types.js"
import type { WebAuthnProviderConfig } from "../providers/types.js"
import type { ChallengeLedger } from "./challenge-ledger.js"

/** Without a WebAuthn provider nothing hands out a passkey challenge, so none is ever accepted. */
const noPasskeys: ChallengeLedger = {
  scope: "process",
  async issue() {},
  async claim() {
    return false
  },
}

/**
 * The config's ledger of answered passkey challenges (webauthn/challenge-ledger.ts), made by its
 * WebAuthn provider (`challengeLedger`, which WebAuthn() and Passkey() set) so that apps without
 * passkeys do not bundle it. One ledger serves every WebAuthn provider of the config.
 */
export function passkeyChallengesOf(
  providers: readonly { type: string }[],
  sharedStore: RateLimitStore | undefined,
  adapter: Adapter | undefined,
): ChallengeLedger {
  const webauthn = providers.find((provider) => provider.type === "webauthn") as WebAuthnProviderConfig | undefined
  return webauthn?.challengeLedger?.(sharedStore, adapter) ?? noPasskeys
}
