import type { InternalOptions } from "../config/internal-options.js"
import { InvalidLogoutToken, InvalidProvider, UnknownAction } from "../errors.js"
import { emitEvent } from "../events/emit-event.js"
import type { RequestInternal } from "../http/request-internal.js"
import { verifyLogoutToken } from "../oauth/logout-token.js"
import { endSessionsFound, findProviderSessions } from "../session/end-provider-sessions.js"
import { sessionHandle } from "../sessions/session-handle.js"
import type { ResponseInternal } from "../types.js"

/** Section 2.8: the answer is never cached, whatever it says. */
export const backchannelHeaders = { "Cache-Control": "no-store" } as const

/**
 * POST {basePath}/backchannel-logout/<providerId> (OpenID Connect Back-Channel Logout 1.0): the
 * provider, server to server, says a user signed out there. No CSRF token (no browser is
 * involved): the signed logout token is the only credential. A valid, first-seen token ends the
 * sessions it names and gets 200; anything else gets 400, changes nothing, and is logged with
 * the failed check's code.
 */
export async function backchannelLogout(request: RequestInternal, options: InternalOptions<"oauth">): Promise<ResponseInternal> {
  try {
    await logOut(request, options)
    return { status: 200, headers: backchannelHeaders, body: "" }
  } catch (error) {
    options.logger.error(error as Error)
    return { status: 400, headers: { ...backchannelHeaders, "Content-Type": "application/json" }, body: { error: "invalid_request" } }
  }
}

async function logOut(request: RequestInternal, options: InternalOptions<"oauth">): Promise<number> {
  if (request.method !== "POST") throw new UnknownAction("Back-channel logout only answers POST")
  const provider = options.provider
  if (!provider || (provider.type !== "oidc" && provider.type !== "oauth")) {
    throw new InvalidProvider("Back-channel logout needs the id of an OAuth or OpenID Connect provider")
  }
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    throw new InvalidLogoutToken("malformed", "A logout token comes as an application/x-www-form-urlencoded body")
  }
  const claims = await verifyLogoutToken(request.body?.logout_token, provider)
  // Matching sessions need the user, and sessions are found through the user: `sub` it must be.
  if (claims.sub === undefined) {
    throw new InvalidLogoutToken("missing-sub", "The logout token names only a sid; Gatehouse finds sessions by the provider's sub")
  }
  // Found before the claim (only reads: a database failing here uses nothing up, and the provider's
  // retry still works), claimed before anything changes (a replay must not end sessions begun
  // since the first delivery).
  const { userId, sessions: ended } = await findProviderSessions({ provider: provider.id, sub: claims.sub, sid: claims.sid }, options)
  if (!(await options.logoutTokens.claim(`${provider.id}:${claims.jti}`))) {
    throw new InvalidLogoutToken("replayed", "This logout token (its jti) was already used")
  }
  await endSessionsFound(ended, options)
  if (userId && ended.length > 0) {
    const sessionIds = await Promise.all(ended.map((session) => sessionHandle(session.sessionToken)))
    await emitEvent(options, "sessionRevoked", { userId, sessionIds, reason: "backchannel-logout" })
  }
  return ended.length
}
