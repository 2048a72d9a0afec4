/** Attributes of a `Set-Cookie` line, as the integrations' cookie APIs take them (`expires` kept as written). */
export interface SetCookieOptions {
  path?: string
  domain?: string
  expires?: string
  maxAge?: number
  httpOnly?: boolean
  secure?: boolean
  sameSite?: "strict" | "lax" | "none"
  partitioned?: boolean
  priority?: "low" | "medium" | "high"
}

/** A `Set-Cookie` line read back into its name, value and attributes. */
export interface ParsedSetCookie {
  name: string
  /** Kept exactly as core wrote it (already encoded), so it round-trips untouched. */
  value: string
  options: SetCookieOptions
}

const SAME_SITE_VALUES = new Set(["strict", "lax", "none"])
const PRIORITY_VALUES = new Set(["low", "medium", "high"])

/**
 * Reads one `Set-Cookie` header line (as core writes them) into name, value and attributes, the shape
 * the frameworks' cookie APIs take. Unknown attributes and malformed arguments are ignored. Returns
 * null for a line without `name=`, which no browser would accept either.
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
        if (argument) options.path = argument
        break
      case "domain":
        if (argument) options.domain = argument
        break
      case "expires":
        if (argument) options.expires = argument
        break
      case "max-age":
        // RFC 6265 §5.2.2: an optional minus and digits, anything else is ignored.
        if (/^-?\d+$/.test(argument)) options.maxAge = Number(argument)
        break
      case "httponly":
        options.httpOnly = true
        break
      case "secure":
        options.secure = true
        break
      case "partitioned":
        options.partitioned = true
        break
      case "samesite": {
        const sameSite = argument.toLowerCase()
        if (SAME_SITE_VALUES.has(sameSite)) options.sameSite = sameSite as SetCookieOptions["sameSite"]
        break
      }
      case "priority": {
        const priority = argument.toLowerCase()
        if (PRIORITY_VALUES.has(priority)) options.priority = priority as SetCookieOptions["priority"]
        break
      }
    }
  }
  return { name, value, options }
}
