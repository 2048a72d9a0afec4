/**
 * What is fetched from a provider's URLs (its discovery document, its key set), kept per URL and
 * apart for each custom fetch: a provider's own fetch may rewrite what it reads (Apple's and
 * Entra's do), so an answer read through one fetch is never handed to a provider with another.
 * Bounded: past `maxEntries` URLs per fetch, the oldest goes first (it is simply fetched again).
 */
export interface PerFetchCache<Value> {
  get(fetchOverride: typeof fetch | undefined, url: string): Value | undefined
  set(fetchOverride: typeof fetch | undefined, url: string, value: Value): void
  /** Forgets `url`, only while it still holds `value` (a newer value set meanwhile stays). */
  forget(fetchOverride: typeof fetch | undefined, url: string, value: Value): void
}

export function perFetchCache<Value>(maxEntries: number): PerFetchCache<Value> {
  const withDefaultFetch = new Map<string, Value>()
  // Weak: a provider's fetch that is gone takes its entries with it.
  const byFetch = new WeakMap<typeof fetch, Map<string, Value>>()

  function entriesOf(fetchOverride: typeof fetch | undefined): Map<string, Value> {
    if (!fetchOverride) return withDefaultFetch
    let entries = byFetch.get(fetchOverride)
    if (!entries) byFetch.set(fetchOverride, (entries = new Map()))
    return entries
  }

  return {
    get: (fetchOverride, url) => entriesOf(fetchOverride).get(url),
    set(fetchOverride, url, value) {
      const entries = entriesOf(fetchOverride)
      entries.delete(url)
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      entries.set(url, value)
    },
    forget(fetchOverride, url, value) {
      const entries = entriesOf(fetchOverride)
      if (entries.get(url) === value) entries.delete(url)
    },
  }
}
