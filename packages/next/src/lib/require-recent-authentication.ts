import { toResponse } from "@gatehouse/core/server"
import type { ConfigResolver } from "./create-config-resolver.js"
import { currentRequestHeaders } from "./next-headers.js"
import { readSession } from "./pages-router-session.js"
import type { RecentAuthenticationOptions } from "./types.js"

/**
 * `requireRecentAuthentication(need)` from `NextAuth()`, for route handlers: null when the request's
 * sign-in is recent (and strong) enough, else core's step-up answer as a Response — RFC 9470's 401 for
 * an API request, a redirect to `{basePath}/reauthenticate` (back to `callbackUrl`, default the
 * Referer) for a page. A config that cannot work throws its error.
 */
export async function requireRecentAuthentication(
  resolveConfig: ConfigResolver,
  need: RecentAuthenticationOptions = {},
): Promise<Response | null> {
  const headers = await currentRequestHeaders()
  const config = await resolveConfig(undefined)
  const { refused } = await readSession(headers, config, undefined, {
    ...need,
    callbackUrl: need.callbackUrl ?? headers.get("referer") ?? "/",
  })
  return refused ? toResponse(refused) : null
}
