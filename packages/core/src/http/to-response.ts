import type { ResponseInternal } from "../types.js"
import { serializeCookie } from "./serialize-cookie.js"

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
