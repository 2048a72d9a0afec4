import type { Adapter } from "../adapters.js"
import { verificationTokenRoundTrip } from "../adapters/verification-token-round-trip.js"
import { AdapterError } from "../errors.js"
import { checkCookieMaxAge } from "../http/default-cookies.js"
import type { RateLimitStore } from "../shared-types.js"
import { processClaims } from "../single-use/process-claims.js"
import { claimInSharedStore, fingerprint as kindFingerprint, type SingleUseKind } from "../single-use/single-use-ledger.js"

/**
 * Where answered passkey challenges are remembered, so each challenge signs in once across every
 * instance of the app. The challenge cookie is deleted after use, but someone holding a copy of it
 * and the signed response could send both again — to this instance or any other. For
 * authenticators whose signature counter stays 0 (most synced passkeys) only this stops them.
 */
export interface ChallengeLedger {
  /** "shared-store", "adapter" (shared through the database) or "process" (this instance only). */
  readonly scope: "shared-store" | "adapter" | "process"
  /** Called when a challenge is handed out. */
  issue(challenge: string): Promise<void>
  /** True exactly once per issued challenge, whichever instance asks first. */
  claim(challenge: string): Promise<boolean>
}

/** The verification-token identifier of passkey challenges: never an e-mail address (no "@"). */
export const challengeIdentifier = "gatehouse:passkey-challenge"
/** A claim is remembered a little longer than the cookie that carries the challenge can be read. */
const passkeyChallenge: SingleUseKind = { name: "passkey-challenge", lifetimeMs: checkCookieMaxAge * 1000 + 60_000 }

const consumed = processClaims()

/**
 * Marks a challenge as answered in this process; false when it already was. Forgets a challenge
 * once its 15-minute cookie could no longer be read (the ledger below is the shared part).
 */
export function claimChallenge(challenge: string, now = Date.now()): boolean {
  return consumed.claim(challenge, passkeyChallenge.lifetimeMs, now)
}

/** The challenge's hash: stores and tables never hold a live challenge. */
function fingerprint(challenge: string): Promise<string> {
  return kindFingerprint(passkeyChallenge.name, challenge)
}

/**
 * The ledger a config gets, in order of preference:
 * - a shared rate-limit store (Redis, a database store): one atomic count per claim at the
 *   callback, nothing written when options are handed out;
 * - the adapter's verification tokens: a single-use record written with the options and
 *   deleted by `useVerificationToken` (atomic in both shipped adapters) at the callback;
 * - neither: this process's memory only (correct on one instance; the caller warns in production).
 * The in-process map always answers first, so a replay to the same instance costs no round trip.
 */
export function challengeLedger(sharedStore: RateLimitStore | undefined, adapter: Adapter | undefined): ChallengeLedger {
  if (sharedStore) {
    return {
      scope: "shared-store",
      async issue() {},
      async claim(challenge) {
        if (!claimChallenge(challenge)) return false
        return claimInSharedStore(sharedStore, passkeyChallenge, challenge)
      },
    }
  }
  if (typeof adapter?.createVerificationToken === "function" && typeof adapter.useVerificationToken === "function") {
    const { createVerificationToken, useVerificationToken } = adapter as Required<Adapter>
    return {
      scope: "adapter",
      async issue(challenge) {
        const expires = new Date(Date.now() + checkCookieMaxAge * 1000)
        await createVerificationToken({ identifier: challengeIdentifier, token: await fingerprint(challenge), expires })
      },
      async claim(challenge) {
        if (!claimChallenge(challenge)) return false
        const asked = { identifier: challengeIdentifier, token: await fingerprint(challenge) }
        const record = await useVerificationToken(asked)
        if (record && record.identifier === asked.identifier && record.token === asked.token) {
          return new Date(record.expires).getTime() > Date.now()
        }
        // No record is what a replay answered elsewhere looks like, and also what a stubbed
        // useVerificationToken answers to every challenge: tell them apart (off the normal path,
        // so a working adapter pays nothing), lest a broken adapter be reported as an attack.
        const problem = await verificationTokenRoundTrip({ createVerificationToken, useVerificationToken })
        if (problem || record) {
          throw new AdapterError(
            `The adapter's verification tokens do not work, so passkey challenges cannot be checked: ${problem ?? "useVerificationToken returned another record than the one asked for"}`,
          )
        }
        return false
      },
    }
  }
  return {
    scope: "process",
    async issue() {},
    async claim(challenge) {
      return claimChallenge(challenge)
    },
  }
}
