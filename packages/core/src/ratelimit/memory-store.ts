import type { RateLimitHit, RateLimitStore } from "../types.js"
import { markProcessLocal } from "./process-local-stores.js"

export interface MemoryRateLimitStoreOptions {
  /** The most counters kept at once. Default 100 000 (a few tens of MB at worst). */
  maxKeys?: number
  /** The clock, for tests. */
  now?: () => number
}

interface Counter {
  count: number
  resetAt: number
}

/**
 * Counters in this process's memory: the default store, right for one machine. Bounded: expired
 * windows are dropped as the map fills (and every few thousand hits), and when every counter is
 * still live the oldest go first, so a flood of new keys costs memory up to `maxKeys` and no more.
 * No timer is left running.
 */
export function memoryRateLimitStore(options: MemoryRateLimitStoreOptions = {}): RateLimitStore & { readonly size: number } {
  const maxKeys = Math.max(1, options.maxKeys ?? 100_000)
  const now = options.now ?? Date.now
  const counters = new Map<string, Counter>()
  let hitsSinceSweep = 0

  function sweepExpired(at: number) {
    hitsSinceSweep = 0
    for (const [key, counter] of counters) if (counter.resetAt <= at) counters.delete(key)
  }

  return markProcessLocal({
    get size() {
      return counters.size
    },
    hit(key: string, windowMs: number): RateLimitHit {
      const at = now()
      if (++hitsSinceSweep >= 4096) sweepExpired(at)
      const counter = counters.get(key)
      if (counter && counter.resetAt > at) {
        counter.count++
        return { count: counter.count, resetAt: counter.resetAt }
      }
      // A new window moves the key to the end, so the map stays roughly in window order.
      if (counter) counters.delete(key)
      else if (counters.size >= maxKeys) {
        sweepExpired(at)
        while (counters.size >= maxKeys) counters.delete(counters.keys().next().value!)
      }
      const fresh = { count: 1, resetAt: at + windowMs }
      counters.set(key, fresh)
      return { ...fresh }
    },
  })
}
