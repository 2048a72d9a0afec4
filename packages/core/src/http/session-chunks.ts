import { SessionTokenError } from "../errors.js"
import type { Cookie, CookieOption } from "../shared-types.js"

/** Auth.js's limit: 4096 bytes per cookie minus an estimate of 160 bytes for its attributes. */
export const chunkSize = 4096 - 160
/** Default of `session.maxCookieChunks`: 16 chunks hold 62 kB, far more than servers accept in one Cookie header. */
export const defaultMaxSessionChunks = 16
/** The most `session.maxCookieChunks` may be; reads outside the handler (getToken) stop here too. */
export const maxSessionChunksLimit = 64

/** A chunk index exactly as `writeSessionCookie` writes it: `0`, `1`, … (no `0x0`, `1e0`, `01`, ``). */
const canonicalIndex = /^(?:0|[1-9][0-9]{0,5})$/

/** The indices of the session cookie's chunks the browser sent, canonical names only, unsorted. */
function sentChunkIndices(cookies: Record<string, string>, name: string): number[] {
  const prefix = `${name}.`
  const indices: number[] = []
  for (const key in cookies) {
    if (key.startsWith(prefix) && canonicalIndex.test(key.slice(prefix.length))) indices.push(Number(key.slice(prefix.length)))
  }
  return indices
}

/** How many chunks of the session cookie `name` were sent; the handler refuses a request with too many. */
export function sessionChunkCount(cookies: Record<string, string>, name: string): number {
  return sentChunkIndices(cookies, name).length
}

/**
 * The session cookie's value, joined from `<name>`, or `<name>.0`, `<name>.1`… when it was
 * too large for one cookie. Only canonical chunk names count; more chunks than any config allows
 * is no session at all.
 */
export function readSessionCookie(cookies: Record<string, string>, name: string): string | undefined {
  if (cookies[name]) return cookies[name]
  const indices = sentChunkIndices(cookies, name)
  if (indices.length === 0 || indices.length > maxSessionChunksLimit) return undefined
  indices.sort((a, b) => a - b)
  let value = ""
  for (const index of indices) value += cookies[`${name}.${index}`]
  return value || undefined
}

/** The names of the session cookies (plain or canonical chunk) the browser sent. */
function sentSessionCookieNames(cookies: Record<string, string>, name: string): string[] {
  const names = sentChunkIndices(cookies, name).map((index) => `${name}.${index}`)
  return name in cookies ? [name, ...names] : names
}

/**
 * Cookies that store `value` as the session, split into chunks when needed, plus deletions of
 * every session cookie the browser holds that the new value does not overwrite. A value needing
 * more than `maxChunks` chunks throws SessionTokenError.
 */
export function writeSessionCookie(
  cookies: Record<string, string>,
  cookie: CookieOption,
  value: string,
  expires: Date,
  maxChunks = defaultMaxSessionChunks,
): Cookie[] {
  const options = { ...cookie.options, expires }
  const written: Cookie[] = []
  const chunks = Math.ceil(value.length / chunkSize)
  if (chunks > maxChunks) {
    // Written anyway, every later request would be refused for carrying too many chunks.
    throw new SessionTokenError(
      `The session token needs ${chunks} cookie chunks, more than session.maxCookieChunks (${maxChunks}): keep it smaller`,
    )
  }
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

/** Headers for responses that depend on the session cookie: never cached, never shared. */
export const noStoreHeaders = {
  "Content-Type": "application/json",
  "Cache-Control": "private, no-store",
  Expires: "0",
  Pragma: "no-cache",
} as const
