import { createActionURL } from "@gatehouse/core"
import { forwardedHeaders } from "@gatehouse/core/integration"
import type { AuthAction } from "@gatehouse/core/types"
import { currentRequestHeaders } from "./next-headers.js"
import { refuseCrossSiteRequest } from "./refuse-cross-site-request.js"
import type { NextAuthConfig } from "./types.js"

/**
 * What a server action needs to call core on the user's behalf: the action URL (from AUTH_URL, else the
 * request's host) and the user's request headers (cookies, user agent, forwarded-for…) minus those that
 * described the server action's own body. With `changesState` (signIn, signOut, unstable_update,
 * sessions.revoke*), a cross-site request is refused first (see refuseCrossSiteRequest).
 */
export async function serverRequestContext(action: AuthAction, config: NextAuthConfig, changesState?: { call: string }) {
  const incoming = await currentRequestHeaders()
  const forwarded = forwardedHeaders(incoming)
  const url = createActionURL(
    action,
    // X-Forwarded-Proto, when the request has one, wins over this fallback (createActionURL reads it).
    "https",
    forwarded,
    process.env,
    config as Parameters<typeof createActionURL>[4],
  )
  if (changesState) refuseCrossSiteRequest(incoming, url, changesState.call)
  return { url, headers: forwarded, referer: incoming.get("referer") }
}
