import type { Adapter } from "../adapters.js"
import type { AdapterConflictError } from "../adapters/adapter-conflict-error.js"
import { sha256Hex } from "../crypto/sha256-hex.js"
import type { RateLimitStore } from "../primitives.js"
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
   * Records, for as long as claims of the kind are remembered, that the claim of `value` covers
   * `item` — a piece of the work the first use of `value` was for (a session a logout token
   * ends). Only the claim's winner calls it, after winning: a later use of `value`, refused by
   * `claim`, may then finish that work and nothing else. Throws when the store fails.
   */
  cover(value: string, item: string): Promise<void>
  /**
   * Whether the claim of `value` covers `item`. Asking never makes an item look covered. The
   * adapter's record is read by taking it (its only read deletes): a caller whose work on the
   * item fails again covers it again. Throws when the store fails.
   */
  takeCover(value: string, item: string): Promise<boolean>
}

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

/** What a cover is stored under: its own namespace, and the value and item only as a hash. */
function coverFingerprint(kind: SingleUseKind, value: string, item: string): Promise<string> {
  return fingerprint(`${kind.name}:covers`, `${value.length}:${value}:${item}`)
}

/**
 * A store of counters can only be read by counting. A cover is a counter started with the
 * kind's whole lifetime; a probe counts with a window of 1 ms. A covered item's counter is then
 * at 2 or more with its end far ahead; a probe of an uncovered item starts a counter that ends
 * at once (its end is never far ahead, whichever probe comes next, however many run at once), so
 * no number of probes makes an item look covered.
 */
const probeWindowMs = 1
/**
 * Well below what is left of a cover's lifetime while the claimed value can still be used (a
 * logout token: at least a minute), well above clock differences between the app and the store.
 * A kind whose lifetime is not well above it cannot use covers in a shared store.
 */
const coverStillAheadMs = 10_000

async function coverInSharedStore(store: RateLimitStore, kind: SingleUseKind, value: string, item: string): Promise<void> {
  await store.hit(`${kind.name}:covers:${await coverFingerprint(kind, value, item)}`, kind.lifetimeMs)
}

async function probeSharedStore(store: RateLimitStore, kind: SingleUseKind, value: string, item: string): Promise<boolean> {
  const { count, resetAt } = await store.hit(`${kind.name}:covers:${await coverFingerprint(kind, value, item)}`, probeWindowMs)
  return count >= 2 && resetAt > Date.now() + coverStillAheadMs
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
 * Covers live beside the claims, as hashes of value and item, for the kind's lifetime: a counter
 * per item in the shared store (read by the probe above), a record under `gatehouse:<kind>:covers`
 * in the verification tokens (read by taking it), or this process's memory.
 */
export function singleUseLedger(
  kind: SingleUseKind,
  sharedStore: RateLimitStore | undefined,
  adapter: Adapter | undefined,
): SingleUseLedger {
  const local = localClaimsOf(kind.name)
  if (sharedStore) {
    return {
      scope: "shared-store",
      async claim(value) {
        if (!local.claim(value, kind.lifetimeMs)) return false
        return claimInSharedStore(sharedStore, kind, value).catch((error) => {
          // Nothing was claimed where it counts: a retry of this value must not read as a replay here.
          local.release(value)
          throw error
        })
      },
      cover: (value, item) => coverInSharedStore(sharedStore, kind, value, item),
      takeCover: (value, item) => probeSharedStore(sharedStore, kind, value, item),
    }
  }
  if (typeof adapter?.createVerificationToken === "function" && typeof adapter.useVerificationToken === "function") {
    const createVerificationToken = adapter.createVerificationToken.bind(adapter)
    const useVerificationToken = adapter.useVerificationToken.bind(adapter)
    const coversIdentifier = `gatehouse:${kind.name}:covers`
    return {
      scope: "adapter",
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
      async cover(value, item) {
        const expires = new Date(Date.now() + kind.lifetimeMs)
        try {
          await createVerificationToken({ identifier: coversIdentifier, token: await coverFingerprint(kind, value, item), expires })
        } catch (error) {
          // Covered already (a concurrent use gave it back first): that is what was asked.
          if (!isDuplicateRecord(error)) throw error
        }
      },
      async takeCover(value, item) {
        const record = await useVerificationToken({ identifier: coversIdentifier, token: await coverFingerprint(kind, value, item) })
        return !!record && new Date(record.expires).getTime() > Date.now()
      },
    }
  }
  const covers = localClaimsOf(`${kind.name}:covers`)
  return {
    scope: "process",
    async claim(value) {
      return local.claim(value, kind.lifetimeMs)
    },
    async cover(value, item) {
      covers.claim(await coverFingerprint(kind, value, item), kind.lifetimeMs)
    },
    async takeCover(value, item) {
      return covers.has(await coverFingerprint(kind, value, item))
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
