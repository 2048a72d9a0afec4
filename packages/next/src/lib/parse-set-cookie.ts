import type { Cookie, CookieSerializeOptions } from "@gatehouse/core/types"

/**
 * A Set-Cookie header value, as core writes them, back into the cookie object Next's cookie store takes.
 * Not Next's own parser (behind `NextResponse.cookies`): it drops an empty value and `Max-Age=0`, which are
 * exactly what a cleared cookie is made of. Unknown attributes are ignored; a header without a name is null.
 */
export function parseSetCookie(header: string): Cookie | null {
  const [pair = "", ...attributes] = header.split(";")
  const equals = pair.indexOf("=")
  const name = (equals === -1 ? "" : pair.slice(0, equals)).trim()
  if (!name) return null
  const options: CookieSerializeOptions = {}
  for (const attribute of attributes) {
    const at = attribute.indexOf("=")
    const key = (at === -1 ? attribute : attribute.slice(0, at)).trim().toLowerCase()
    const value = at === -1 ? "" : attribute.slice(at + 1).trim()
    if (key === "max-age" && /^-?\d+$/.test(value)) options.maxAge = Number(value)
    else if (key === "expires" && !Number.isNaN(Date.parse(value))) options.expires = new Date(value)
    else if (key === "domain" && value) options.domain = value
    else if (key === "path" && value) options.path = value
    else if (key === "httponly") options.httpOnly = true
    else if (key === "secure") options.secure = true
    else if (key === "partitioned") options.partitioned = true
    else if (key === "samesite" && /^(lax|strict|none)$/i.test(value)) options.sameSite = value.toLowerCase() as "lax" | "strict" | "none"
    else if (key === "priority" && /^(low|medium|high)$/i.test(value)) options.priority = value.toLowerCase() as "low" | "medium" | "high"
  }
  return { name, value: safeDecode(pair.slice(equals + 1).trim()), options }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
