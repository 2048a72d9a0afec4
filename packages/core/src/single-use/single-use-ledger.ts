import type { Adapter } from "../adapters.js"
import type { AdapterConflictError } from "../adapters/adapter-conflict-error.js"
import { sha256Hex } from "../crypto/sha256-hex.js"
import type { RateLimitStore } from "../shared-types.js"
import { type ProcessClaims, processClaims } from "./process-claims.js"

/**
 * Where values that must be accepted once across every instance of the app are remembered:
 * values someone else minted (a logout token's `jti`), so nothing is written before the claim.
 * Passkey challenges, which this app hands out itself, use the same pieces with an issue step
 * (see webauthn/challenge-ledger.ts).
 */
export interface SingleUseLedger {
  /** "shared-store", "adapter" (shared through the database) or "process" (this instance only). */
  readonly scope: "shared-store" | "adapter" | "process"
  /**
   * True exactly once per value within `lifetimeMs`, whichever instance asks first. Throws when
   * the store fails; the value then stays unclaimed, so a retry is not taken for a replay.
   */
  claim(value: string): Promise<boolean>
  /**
   * Whether this process has claimed `value` (and still remembers it): no round trip, and nothing
   * claimed by asking. Claims made by other instances are not seen here; `claim` is the check
   * that counts. It lets a replay to the same instance be refused before any other work.
   */
  claimedHere(value: string): boolean
}

/**
 * Stands in for the ledger of a feature that is off (no SecondFactor(), no BackchannelLogout()):
 * those features make their own, so apps without them bundle no ledger. Fails closed: every value
 * reads as claimed already.
 */
export const nothingClaimable: SingleUseLedger = {
  scope: "process",
  claimedHere: () => true,
  claim: async () => false,
}

/** Makes a ledger (singleUseLedger): handed in by the features that need one. */
export type MakeSingleUseLedger = (
  kind: SingleUseKind,
  sharedStore: RateLimitStore | undefined,
  adapter: Adapter | undefined,
) => SingleUseLedger

export interface SingleUseKind {
  /** Names the kind of value in stores and tables, e.g. "logout-token". */
  name: string
  /** How long a claim is remembered: at least as long as the value would otherwise be accepted. */
  lifetimeMs: number
}

/** A value's hash in its kind's namespace: stores and tables never hold the value itself. */
export function fingerprint(kind: string, value: string): Promise<string> {
  return sha256Hex(`${kind}:${value}`)
}

/** One atomic count in a store every instance shares: the first hit wins. */
export async function claimInSharedStore(store: RateLimitStore, kind: SingleUseKind, value: string): Promise<boolean> {
  const { count } = await store.hit(`${kind.name}:${await fingerprint(kind.name, value)}`, kind.lifetimeMs)
  return count === 1
}

/**
 * The ledger for a kind of value, in order of preference:
 * - a shared rate-limit store (Redis, a database store): one atomic count per claim;
 * - the adapter's verification tokens: the claim is a record under the identifier
 *   `gatehouse:<kind>`, whose primary key (identifier, token) makes a second insert fail
 *   (`AdapterConflictError` "duplicate-verification-token" in both shipped adapters); any other
 *   failure is thrown, so a claim never passes on an outage;
 * - neither: this process's memory only.
 * The in-process set always answers first, so a replay to the same instance costs no round trip.
 */
export function singleUseLedger(
  kind: SingleUseKind,
  sharedStore: RateLimitStore | undefined,
  adapter: Adapter | undefined,
): SingleUseLedger {
  const local = localClaimsOf(kind.name)
  const claimedHere = (value: string) => local.has(value)
  if (sharedStore) {
    return {
      scope: "shared-store",
      claimedHere,
      async claim(value) {
        if (!local.claim(value, kind.lifetimeMs)) return false
        return claimInSharedStore(sharedStore, kind, value).catch((error) => {
          // Nothing was claimed where it counts: a retry of this value must not read as a replay here.
          local.release(value)
          throw error
        })
      },
    }
  }
  if (typeof adapter?.createVerificationToken === "function") {
    const createVerificationToken = adapter.createVerificationToken.bind(adapter)
    return {
      scope: "adapter",
      claimedHere,
      async claim(value) {
        if (!local.claim(value, kind.lifetimeMs)) return false
        const expires = new Date(Date.now() + kind.lifetimeMs)
        try {
          await createVerificationToken({ identifier: `gatehouse:${kind.name}`, token: await fingerprint(kind.name, value), expires })
          return true
        } catch (error) {
          if (isDuplicateRecord(error)) return false
          local.release(value)
          throw error
        }
      },
    }
  }
  return {
    scope: "process",
    claimedHere,
    async claim(value) {
      return local.claim(value, kind.lifetimeMs)
    },
  }
}

// Per kind and per process, not per config: apps that build their config per request keep their claims.
const localByKind = new Map<string, ProcessClaims>()

function localClaimsOf(name: string): ProcessClaims {
  let claims = localByKind.get(name)
  if (!claims) localByKind.set(name, (claims = processClaims()))
  return claims
}

/**
 * The conflict itself, or as the cause the wrapped adapter (config/wrap-adapter.ts) gives it.
 * By name and code, not `instanceof`: an adapter may import another copy of core than the app's.
 */
function isDuplicateRecord(error: unknown): boolean {
  const conflict = (isConflict(error) ? error : (error as { cause?: { err?: unknown } })?.cause?.err) as AdapterConflictError | undefined
  return isConflict(conflict) && conflict.code === "duplicate-verification-token"
}

function isConflict(error: unknown): error is AdapterConflictError {
  return error instanceof Error && error.name === "AdapterConflictError" && typeof (error as AdapterConflictError).code === "string"
}
