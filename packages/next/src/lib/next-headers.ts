/**
 * Everything @gatehouse/next reads from or writes to `next/headers`: the current request's headers and
 * cookies, and the cookies a server action or route handler sets.
 */
import type { Cookie } from "@gatehouse/core/types"
import { noteSessionCookieWrite } from "./session-cookie-writes.js"

/**
 * `next/headers`, loaded when first needed. A static import would make Next refuse to build any
 * pages-router file that imports the app's auth.ts ("You're importing a module that depends on
 * next/headers"), although the pages-router paths of `auth` never call it.
 */
function loadNextHeaders(): Promise<typeof import("next/headers")> {
  return import("next/headers")
}

/**
 * The current request's headers, with the cookie header rebuilt from Next's cookie store. Next updates
 * that store — not `headers()` — with cookies the proxy refreshed and cookies a server action just set,
 * so a page re-rendered after `signIn`/`unstable_update` in an action sees the new session, not the old one.
 */
export async function currentRequestHeaders(): Promise<Headers> {
  const { cookies, headers } = await loadNextHeaders()
  const result = new Headers(await headers())
  const jar = await cookies()
  const cookieHeader = jar
    .getAll()
    .filter((cookie) => cookie.value !== "")
    .map((cookie) => `${cookie.name}=${encodeURIComponent(cookie.value)}`)
    .join("; ")
  if (cookieHeader) result.set("cookie", cookieHeader)
  else result.delete("cookie")
  return result
}

/** Applies cookies from core's internal response to the outgoing response of a server action or route handler. */
export async function writeCookies(toWrite: Cookie[] | undefined): Promise<void> {
  if (!toWrite?.length) return
  noteSessionCookieWrite()
  const { cookies } = await loadNextHeaders()
  const jar = await cookies()
  for (const cookie of toWrite) {
    jar.set(cookie.name, cookie.value, cookie.options as Parameters<typeof jar.set>[2])
  }
}
