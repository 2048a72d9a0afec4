import { forwardedHeaders } from "@gatehouse/core/integration"
import type { AuthAction } from "@gatehouse/core/types"
import { currentRequestHeaders } from "./next-headers.js"
import { refuseCrossSiteRequest } from "./refuse-cross-site-request.js"
import { type NextServerInput, nextServerInput } from "./server-input.js"
import type { NextAuthConfig } from "./types.js"

/**
 * What a server action or route handler hands core to act on the user's behalf: the user's request
 * headers (cookies, user agent, forwarded-for…) minus those that described the request's own body,
 * and the action's URL (from AUTH_URL, else the request's host), plus the Referer (the default
 * landing). With `changesState` (signIn, signOut, unstable_update, sessions.revoke*), a cross-site
 * request is refused first (see refuseCrossSiteRequest).
 */
export async function serverRequestContext(
  action: AuthAction,
  config: NextAuthConfig,
  changesState?: { call: string },
): Promise<NextServerInput & { referer: string | null }> {
  const incoming = await currentRequestHeaders()
  const context = await nextServerInput(action, forwardedHeaders(incoming), config)
  if (changesState) refuseCrossSiteRequest(incoming, context.url, changesState.call)
  return { ...context, referer: incoming.get("referer") }
}
