import type { Cookie } from "../primitives.js"

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
