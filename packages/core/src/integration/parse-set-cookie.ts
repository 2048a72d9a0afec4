/** Attributes of a `Set-Cookie` line, as the integrations' cookie APIs take them (`expires` kept as written). */
export interface SetCookieOptions {
  path?: string
  domain?: string
  expires?: string
  maxAge?: number
  httpOnly?: boolean
  secure?: boolean
  sameSite?: "strict" | "lax" | "none"
}

export interface ParsedSetCookie {
  name: string
  /** Kept exactly as core wrote it (already encoded), so it round-trips untouched. */
  value: string
  options: SetCookieOptions
}

const SAME_SITE_VALUES = new Set(["strict", "lax", "none"])

/**
 * Reads one `Set-Cookie` header line (as core writes them) into name, value and attributes, the shape
 * the frameworks' cookie APIs take. Returns null for a line without `name=`, which no browser would
 * accept either.
 */
export function parseSetCookie(line: string): ParsedSetCookie | null {
  const [pair = "", ...attributes] = line.split(";")
  const separator = pair.indexOf("=")
  if (separator <= 0) return null
  const name = pair.slice(0, separator).trim()
  if (!name) return null
  const value = pair.slice(separator + 1).trim()
  const options: SetCookieOptions = {}
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
        if (SAME_SITE_VALUES.has(sameSite)) options.sameSite = sameSite as SetCookieOptions["sameSite"]
        break
      }
    }
  }
  return { name, value, options }
}
