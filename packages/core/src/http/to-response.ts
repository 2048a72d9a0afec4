import type { ResponseInternal } from "../types.js"
import type { Cookie } from "../shared-types.js"

/**
 * Internal response → Web `Response`. Every response varies on the cookie, and one that sets a
 * cookie is never stored by a shared cache (auth responses cached by CDNs have leaked sessions).
 */
export function toResponse(internal: ResponseInternal): Response {
  const headers = new Headers(internal.headers)
  for (const cookie of internal.cookies ?? []) headers.append("Set-Cookie", serializeCookie(cookie))
  headers.append("Vary", "Cookie")
  if (internal.cookies?.length && !headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store")

  let body = internal.body
  if (contentTypeOf(internal.headers) === "application/json") body = JSON.stringify(internal.body)
  else if (body !== undefined && body !== null && typeof body === "object") {
    body = JSON.stringify(body)
    headers.set("Content-Type", "application/json")
  }
  if (internal.redirect) {
    headers.set("Location", internal.redirect)
    return new Response(body ?? null, { status: 302, headers })
  }
  return new Response(body ?? null, { status: internal.status ?? 200, headers })
}

/** The Content-Type an action set, read from its plain object (cheaper than asking the Headers made of it). */
function contentTypeOf(headers: Record<string, string> | undefined): string | undefined {
  if (!headers) return undefined
  const exact = headers["Content-Type"]
  if (exact !== undefined) return exact
  for (const name in headers) if (name.toLowerCase() === "content-type") return headers[name]
  return undefined
}

const validName = /^[\u0021\u0023-\u002B\u002D-\u003A\u003C-\u005B\u005D-\u007E]+$/

/** One `Set-Cookie` header value, encoded as Auth.js's `cookie` dependency encodes it. */
export function serializeCookie({ name, value, options }: Cookie): string {
  if (!validName.test(name)) throw new TypeError(`Invalid cookie name: ${name}`)
  let header = `${name}=${encodeURIComponent(value)}`
  if (options.maxAge !== undefined) header += `; Max-Age=${Math.floor(options.maxAge)}`
  if (options.domain) header += `; Domain=${options.domain}`
  if (options.path) header += `; Path=${options.path}`
  if (options.expires) header += `; Expires=${options.expires.toUTCString()}`
  if (options.httpOnly) header += "; HttpOnly"
  if (options.secure) header += "; Secure"
  if (options.partitioned) header += "; Partitioned"
  if (options.priority) header += `; Priority=${options.priority[0].toUpperCase()}${options.priority.slice(1)}`
  const sameSite = options.sameSite === true ? "Strict" : options.sameSite
  if (sameSite) header += `; SameSite=${sameSite[0].toUpperCase()}${sameSite.slice(1)}`
  return header
}
