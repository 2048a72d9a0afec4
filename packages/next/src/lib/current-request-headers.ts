import { loadNextHeaders } from "./load-next-headers.js"

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
