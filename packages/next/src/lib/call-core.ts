import { Auth } from "@gatehouse/core"
import { adoptV4SessionCookie } from "./adopt-v4-session-cookie.js"
import type { NextAuthConfig } from "./types.js"

/**
 * Core's `Auth` for every call @gatehouse/next makes: the one place a request reaches core, so that
 * a next-auth 4 session cookie is adopted on every path (route handlers, `auth()`, the proxy, server actions).
 */
export async function callCore(request: Request, config: NextAuthConfig): Promise<Response> {
  const adoption = await adoptV4SessionCookie(request, config)
  return adoption.finish(await Auth(adoption.request, config as Parameters<typeof Auth>[1]))
}
