import type { Cookie, CookieOption } from "../types.js"

/** Auth.js's limit: 4096 bytes per cookie minus an estimate of 160 bytes for its attributes. */
export const chunkSize = 4096 - 160

/**
 * The session cookie's value, joined from `<name>`, or `<name>.0`, `<name>.1`… when it was
 * too large for one cookie.
 */
export function readSessionCookie(cookies: Record<string, string>, name: string): string | undefined {
  if (cookies[name]) return cookies[name]
  const chunks: [number, string][] = []
  const prefix = `${name}.`
  for (const key in cookies) {
    if (!key.startsWith(prefix) || !cookies[key]) continue
    const index = Number(key.slice(prefix.length))
    if (Number.isInteger(index) && index >= 0) chunks.push([index, cookies[key]])
  }
  if (chunks.length === 0) return undefined
  chunks.sort((a, b) => a[0] - b[0])
  let value = ""
  for (const [, chunk] of chunks) value += chunk
  return value
}

/** The names of every session cookie (plain or chunk) the browser sent. */
function sentSessionCookieNames(cookies: Record<string, string>, name: string): string[] {
  const prefix = `${name}.`
  return Object.keys(cookies).filter((key) => key === name || key.startsWith(prefix))
}

/**
 * Cookies that store `value` as the session, split into chunks when needed, plus deletions of
 * every session cookie the browser holds that the new value does not overwrite.
 */
export function writeSessionCookie(
  cookies: Record<string, string>,
  cookie: CookieOption,
  value: string,
  expires: Date,
): Cookie[] {
  const options = { ...cookie.options, expires }
  const written: Cookie[] = []
  if (value.length <= chunkSize) {
    written.push({ name: cookie.name, value, options })
  } else {
    for (let i = 0; i * chunkSize < value.length; i++) {
      written.push({ name: `${cookie.name}.${i}`, value: value.slice(i * chunkSize, (i + 1) * chunkSize), options })
    }
  }
  const keep = new Set(written.map((c) => c.name))
  for (const name of sentSessionCookieNames(cookies, cookie.name)) {
    if (!keep.has(name)) written.push(expiredCookie({ name, options: cookie.options }))
  }
  return written
}

/** Deletions of the session cookie and all its chunks (always the plain name, even if not sent). */
export function clearSessionCookie(cookies: Record<string, string>, cookie: CookieOption): Cookie[] {
  const names = new Set([cookie.name, ...sentSessionCookieNames(cookies, cookie.name)])
  return [...names].map((name) => expiredCookie({ name, options: cookie.options }))
}

/** A cookie that makes the browser forget `name`. */
export function expiredCookie(cookie: CookieOption): Cookie {
  const { expires: _expires, ...options } = cookie.options
  return { name: cookie.name, value: "", options: { ...options, maxAge: 0 } }
}
