/**
 * The rule every integration applies to a response that writes a session cookie (a new, renewed,
 * updated or cleared session): no shared cache may store it, since a CDN replaying that response
 * would hand one user's session cookie to whoever asks next (auth0/nextjs-auth0#2100 is that
 * class). Whatever the app said about caching loses: `public`, `s-maxage` and the CDN-only headers
 * are replaced, and `Vary: Cookie` tells a cache that keys on headers that the answer depends on the
 * caller. Kept here once; the integrations only decide where the rule meets their framework.
 */

/** The cache-control headers a private response carries, by lower-case name. */
const privateValues: Readonly<Record<string, string>> = {
  "cache-control": "private, no-store",
  // Headers CDNs read instead of Cache-Control (Qwik's `cacheControl(value, target)` writes them, Vercel and Cloudflare honour them).
  "cdn-cache-control": "no-store",
  "cloudflare-cdn-cache-control": "no-store",
  "vercel-cdn-cache-control": "no-store",
}

/** `vary` with `Cookie` among its values (added once, whatever its case). */
function varyWithCookie(vary: string | null | undefined): string {
  if (!vary) return "Cookie"
  const values = vary.split(",").map((value) => value.trim().toLowerCase())
  return values.includes("cookie") || values.includes("*") ? vary : `${vary}, Cookie`
}

/**
 * What header `name` may be on a private response, given the value someone is about to set: the
 * private value for a cache-control header, `Cookie` kept in `Vary`, any other header as given.
 * For integrations whose framework writes caching headers after the session was handled (Qwik's
 * layouts, a pages-router `getServerSideProps`): they route those later writes through this.
 */
export function privateHeaderValue(name: string, value: string): string {
  const lower = name.toLowerCase()
  if (lower === "vary") return varyWithCookie(value)
  return privateValues[lower] ?? value
}

/**
 * Marks `headers` private now: `Cache-Control: private, no-store`, CDN cache headers present turned
 * to `no-store`, and `Cookie` in `Vary`. Throws as `Headers#set` does on immutable headers (a
 * response passed through from fetch()): callers copy the response then.
 */
export function markPrivate(headers: Headers): void {
  for (const name in privateValues) {
    if (name === "cache-control" || headers.has(name)) headers.set(name, privateValues[name]!)
  }
  headers.set("vary", varyWithCookie(headers.get("vary")))
}
