/** What a cache-control header of this response is turned to once the response sets a cookie. */
const privateValues: Record<string, string> = {
  "cache-control": "private, no-store",
  // Qwik's `cacheControl(value, target)` also writes the headers CDNs read instead of Cache-Control.
  "cdn-cache-control": "no-store",
  "cloudflare-cdn-cache-control": "no-store",
  "vercel-cdn-cache-control": "no-store",
}

/**
 * Keeps a response that sets a cookie out of shared caches, whatever the app's handlers say later.
 *
 * The request hook runs before the app's layouts, and Qwik's starter app has the root layout's
 * `onGet` call `cacheControl({ maxAge: 5, staleWhileRevalidate: … })`: a public response. A CDN
 * storing a page response together with its `Set-Cookie` would hand one user's session cookie to
 * everyone after them (cached auth responses have leaked sessions before). Qwik writes those
 * headers through this response's `Headers` object (`cacheControl` calls `headers.set`), so its
 * `set` and `append` are wrapped for this one response: cache-control headers come out private,
 * every other header as given.
 */
export function keepResponsePrivate(headers: Headers): void {
  if (privateMarked.has(headers)) return
  privateMarked.add(headers)
  const set = headers.set.bind(headers)
  const append = headers.append.bind(headers)
  headers.set = (name, value) => set(name, privateValues[name.toLowerCase()] ?? value)
  headers.append = (name, value) => {
    const forced = privateValues[name.toLowerCase()]
    return forced ? set(name, forced) : append(name, value)
  }
  for (const name in privateValues) if (name === "cache-control" || headers.has(name)) set(name, privateValues[name]!)
}

const privateMarked = new WeakSet<Headers>()
