import { markPrivate, privateHeaderValue } from "@gatehouse/core/integration"

/**
 * Keeps a response that sets a cookie out of shared caches, whatever the app's handlers say later
 * (the rule itself is core's `markPrivate`).
 *
 * The request hook runs before the app's layouts, and Qwik's starter app has the root layout's
 * `onGet` call `cacheControl({ maxAge: 5, staleWhileRevalidate: … })`: a public response. Qwik
 * writes those headers through this response's `Headers` object (`cacheControl` calls
 * `headers.set`), so its `set` and `append` are wrapped for this one response: cache-control
 * headers come out private, `Vary` keeps `Cookie`, every other header is as given.
 */
export function keepResponsePrivate(headers: Headers): void {
  if (privateMarked.has(headers)) return
  privateMarked.add(headers)
  markPrivate(headers)
  const set = headers.set.bind(headers)
  const append = headers.append.bind(headers)
  headers.set = (name, value) => set(name, privateHeaderValue(name, value))
  headers.append = (name, value) => {
    // Appending to a header the rule governs folds into one value the rule then fixes; any other
    // header (Set-Cookie above all) is appended as given.
    const current = headers.get(name)
    const combined = current === null ? value : `${current}, ${value}`
    const governed = privateHeaderValue(name, combined)
    if (governed !== combined || name.toLowerCase() === "cache-control") return set(name, governed)
    return append(name, value)
  }
}

const privateMarked = new WeakSet<Headers>()
