import type { Cookie, CookieOptions } from "@builder.io/qwik-city/middleware/request-handler"

export interface ParsedSetCookie {
  name: string
  /** Kept exactly as core wrote it (already encoded), so it round-trips untouched. */
  value: string
  options: CookieOptions
}

const SAME_SITE_VALUES = new Set(["strict", "lax", "none"])

/**
 * Reads one `Set-Cookie` header line into the shape Qwik's cookie API takes. Returns null for a
 * line without `name=`, which no browser would accept either.
 */
export function parseSetCookie(line: string): ParsedSetCookie | null {
  const [pair = "", ...attributes] = line.split(";")
  const separator = pair.indexOf("=")
  if (separator <= 0) return null
  const name = pair.slice(0, separator).trim()
  if (!name) return null
  const value = pair.slice(separator + 1).trim()
  const options: CookieOptions = {}
  for (const attribute of attributes) {
    const equals = attribute.indexOf("=")
    const key = (equals === -1 ? attribute : attribute.slice(0, equals)).trim().toLowerCase()
    const argument = equals === -1 ? "" : attribute.slice(equals + 1).trim()
    switch (key) {
      case "path":
        options.path = argument
        break
      case "domain":
        options.domain = argument
        break
      case "expires":
        options.expires = argument
        break
      case "max-age": {
        const seconds = Number(argument)
        if (Number.isFinite(seconds)) options.maxAge = Math.trunc(seconds)
        break
      }
      case "httponly":
        options.httpOnly = true
        break
      case "secure":
        options.secure = true
        break
      case "samesite": {
        const sameSite = argument.toLowerCase()
        if (SAME_SITE_VALUES.has(sameSite)) options.sameSite = sameSite as CookieOptions["sameSite"]
        break
      }
    }
  }
  return { name, value, options }
}

/**
 * Moves every `Set-Cookie` line of a core response (`headers.getSetCookie()`) onto Qwik's cookie API, one cookie each.
 * Qwik writes its own cookies at the end of the request; headers set by hand would be lost or
 * merged into one comma-joined line, which breaks cookies whose `Expires` holds a comma.
 */
export function applySetCookies(lines: readonly string[], to: Cookie): void {
  for (const line of lines) {
    const cookie = parseSetCookie(line)
    if (cookie) to.set(cookie.name, cookie.value, cookie.options)
  }
}
