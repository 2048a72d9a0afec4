import type { RateLimitStore } from "../primitives.js"

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
