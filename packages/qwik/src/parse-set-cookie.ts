import type { Cookie } from "@builder.io/qwik-city/middleware/request-handler"
import { parseSetCookie } from "@gatehouse/core/integration"
import { keepResponsePrivate } from "./keep-response-private.js"

/**
 * Moves every `Set-Cookie` line of a core response (`headers.getSetCookie()`) onto Qwik's cookie API, one cookie each.
 * Qwik writes its own cookies at the end of the request; headers set by hand would be lost or
 * merged into one comma-joined line, which breaks cookies whose `Expires` holds a comma.
 * The value stays encoded as core wrote it (Qwik writes a string value as given), and `Partitioned` and
 * `Priority` are left out: Qwik's cookie options have neither. A response that sets a cookie is
 * kept out of shared caches (keepResponsePrivate).
 */
export function applySetCookies(lines: readonly string[], to: { cookie: Cookie; headers: Headers }): void {
  if (lines.length > 0) keepResponsePrivate(to.headers)
  for (const line of lines) {
    const cookie = parseSetCookie(line)
    if (!cookie) continue
    const { partitioned: _partitioned, priority: _priority, ...options } = cookie.options
    to.cookie.set(cookie.name, cookie.value, options)
  }
}
