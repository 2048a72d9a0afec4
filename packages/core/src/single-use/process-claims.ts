/**
 * Values already used in this process, each with when it may be forgotten. The first, cheap
 * filter of every single-use ledger (a replay to the same instance costs no round trip), and the
 * only one when the app has neither a shared store nor an adapter with verification tokens.
 */
export interface ProcessClaims {
  /** Marks `value` as used until `now + lifetimeMs`; false when it already was (and still is). */
  claim(value: string, lifetimeMs: number, now?: number): boolean
  /** Forgets a claim whose shared claim could not be made (the store failed): the value was not used. */
  release(value: string): void
  /** Whether `value` is claimed (and still is), without claiming it. */
  has(value: string, now?: number): boolean
}

/** A bounded claim set: at `maxEntries` the expired go first, then the oldest. */
export function processClaims(maxEntries = 50_000): ProcessClaims {
  const claimed = new Map<string, number>()
  return {
    claim(value, lifetimeMs, now = Date.now()) {
      const until = claimed.get(value)
      if (until !== undefined) {
        if (until > now) return false
        claimed.delete(value)
      }
      if (claimed.size >= maxEntries) {
        for (const [key, expires] of claimed) if (expires <= now) claimed.delete(key)
      }
      // Still full of live entries: drop the oldest (only verified requests get here, so strangers
      // cannot fill it).
      if (claimed.size >= maxEntries) claimed.delete(claimed.keys().next().value!)
      claimed.set(value, now + lifetimeMs)
      return true
    },
    release(value) {
      claimed.delete(value)
    },
    has(value, now = Date.now()) {
      const until = claimed.get(value)
      return until !== undefined && until > now
    },
  }
}
