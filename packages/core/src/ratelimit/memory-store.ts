import type { RateLimitHit, RateLimitStore } from "../shared-types.js"

/** Options of `memoryRateLimitStore` (counts kept in this process only). */
export interface MemoryRateLimitStoreOptions {
  /** The most counters kept at once. Default 100 000 (about 37 MB of heap when full of account keys). */
  maxKeys?: number
  /** The clock, for tests. */
  now?: () => number
}

interface Counter {
  count: number
  resetAt: number
}

/** Entries looked at per hit by the incremental sweep: enough to outpace any flood of new keys. */
const sweepStep = 4

/**
 * Counters in this process's memory: the default store, right for one machine. Every hit costs
 * O(1) amortized and memory stays under `maxKeys` counters, whatever a client sends:
 *
 * - counters that are over their limit (live lockouts) are kept apart from the others and are
 *   never evicted before their window ends: a flood of new keys cannot reset a lockout;
 * - the others are kept in least-recently-used order; when the store is full, the least recently
 *   used of them makes room for a new key;
 * - when only live lockouts are left, a new key is refused (answered as over its limit, retry when
 *   the oldest lockout ends) rather than let through uncounted;
 * - expired counters are swept a few at a time on every hit, never all at once.
 *
 * No timer is left running.
 */
export function memoryRateLimitStore(options: MemoryRateLimitStoreOptions = {}): RateLimitStore & { readonly size: number } {
  const maxKeys = Math.max(1, options.maxKeys ?? 100_000)
  const now = options.now ?? Date.now
  /** Counters within their limit, least recently used first. */
  const open = new Map<string, Counter>()
  /** Counters over their limit, in the order they went over it. */
  const locked = new Map<string, Counter>()
  const sweepers = [sweeper(open), sweeper(locked)]

  function sweeper(map: Map<string, Counter>) {
    let cursor = map.entries()
    return (at: number) => {
      for (let i = 0; i < sweepStep; i++) {
        const next = cursor.next()
        if (next.done) {
          cursor = map.entries()
          return
        }
        if (next.value[1].resetAt <= at) map.delete(next.value[0])
      }
    }
  }

  /** Room for one more counter: false when every counter is a live lockout. */
  function makeRoom(at: number): boolean {
    while (open.size + locked.size >= maxKeys) {
      const oldestLock = locked.entries().next().value
      if (oldestLock && oldestLock[1].resetAt <= at) locked.delete(oldestLock[0])
      else if (open.size > 0) open.delete(open.keys().next().value!)
      else return false
    }
    return true
  }

  return markProcessLocal({
    get size() {
      return open.size + locked.size
    },
    hit(key: string, windowMs: number, limit?: number): RateLimitHit {
      const at = now()
      for (const sweep of sweepers) sweep(at)

      const lockout = locked.get(key)
      if (lockout && lockout.resetAt > at) {
        lockout.count++
        return { ...lockout }
      }
      if (lockout) locked.delete(key)

      let counter = open.get(key)
      if (counter) open.delete(key)
      if (!counter || counter.resetAt <= at) {
        if (!makeRoom(at)) {
          const oldestLock = locked.values().next().value!
          return { count: Number.POSITIVE_INFINITY, resetAt: oldestLock.resetAt }
        }
        counter = { count: 0, resetAt: at + windowMs }
      }
      counter.count++
      // Re-inserted at the end: the most recently used, or the newest lockout.
      if (limit !== undefined && counter.count > limit) locked.set(key, counter)
      else open.set(key, counter)
      return { ...counter }
    },
  })
}

/**
 * Stores whose counts live in one process only. Anything that must happen once across instances
 * (a passkey challenge) may be claimed through the rate-limit store only when it is not one of these.
 */
const processLocal = new WeakSet<RateLimitStore>()

export function markProcessLocal<Store extends RateLimitStore>(store: Store): Store {
  processLocal.add(store)
  return store
}

export function isProcessLocal(store: RateLimitStore): boolean {
  return processLocal.has(store)
}
