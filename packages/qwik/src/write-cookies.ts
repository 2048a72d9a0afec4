import type { Cookie as QwikCookie } from "@builder.io/qwik-city/middleware/request-handler"
import { parseSetCookie } from "@gatehouse/core/integration"
import type { Cookie } from "@gatehouse/core/types"
import { keepResponsePrivate } from "./keep-response-private.js"

type CookieTarget = { cookie: QwikCookie; headers: Headers }
type QwikCookieOptions = Parameters<QwikCookie["set"]>[2]

/**
 * Writes core's cookie records (what `@gatehouse/core/server` hands back) through Qwik's cookie API,
 * the value encoded as core's own Set-Cookie lines encode it (Qwik writes a string value as given).
 * Qwik writes its own cookies at the end of the request; headers set by hand would be lost or merged
 * into one comma-joined line. A response that sets a cookie is kept out of shared caches.
 */
export function writeAuthCookies(cookies: readonly Cookie[], to: CookieTarget): void {
  if (cookies.length > 0) keepResponsePrivate(to.headers)
  for (const { name, value, options } of cookies) set(to, name, encodeURIComponent(value), options ?? {})
}

/**
 * The same for the `Set-Cookie` lines of the auth route's own answer (the browser's request to
 * `/auth/*`, answered by core's `Auth`): Qwik would parse them itself and lose their attributes. The
 * value stays encoded as core wrote it.
 */
export function applySetCookies(lines: readonly string[], to: CookieTarget): void {
  if (lines.length > 0) keepResponsePrivate(to.headers)
  for (const line of lines) {
    const cookie = parseSetCookie(line)
    if (cookie) set(to, cookie.name, cookie.value, cookie.options)
  }
}

/** `Partitioned` and `Priority` are left out: Qwik's cookie options have neither. */
function set(to: CookieTarget, name: string, value: string, options: { partitioned?: boolean; priority?: string }): void {
  const { partitioned: _partitioned, priority: _priority, ...qwikOptions } = options
  to.cookie.set(name, value, qwikOptions as QwikCookieOptions)
}
