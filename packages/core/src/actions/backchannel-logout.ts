import type { AdapterSession } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { AdapterError, AuthError, BackchannelLogoutFailed, InvalidLogoutToken, InvalidProvider, UnknownAction } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import { verifyLogoutToken } from "../oauth/logout-token.js"
import { endSessions, findProviderSessions } from "../session-cookie/end-provider-sessions.js"
import { announceRevoked } from "../sessions/revoke-user-sessions.js"
import type { ResponseInternal } from "../types.js"

/** Section 2.8: the answer is never cached, whatever it says. */
export const backchannelHeaders = { "Cache-Control": "no-store" } as const

/**
 * POST {basePath}/backchannel-logout/<providerId> (OpenID Connect Back-Channel Logout 1.0): the
 * provider, server to server, says a user signed out there. No CSRF token (no browser is
 * involved): the signed logout token is the only credential. A valid, first-seen token ends the
 * sessions it names and gets 200; a token refused gets 400, changes nothing, and is logged with
 * the failed check's code; a good token this server could not act on in full (its database
 * failed) gets 500, so that the provider delivers it again, and is logged as BackchannelLogoutFailed.
 */
export async function backchannelLogout(request: RequestInternal, options: InternalOptions<"oauth">): Promise<ResponseInternal> {
  try {
    await logOut(request, options)
    return { status: 200, headers: backchannelHeaders, body: "" }
  } catch (error) {
    options.logger.error(error as Error)
    const serverSide = error instanceof BackchannelLogoutFailed
    return {
      status: serverSide ? 500 : 400,
      headers: { ...backchannelHeaders, "Content-Type": "application/json" },
      body: { error: serverSide ? "server_error" : "invalid_request" },
    }
  }
}

async function logOut(request: RequestInternal, options: InternalOptions<"oauth">): Promise<void> {
  if (request.method !== "POST") throw new UnknownAction("Back-channel logout only answers POST")
  const provider = options.provider
  if (!provider || (provider.type !== "oidc" && provider.type !== "oauth")) {
    throw new InvalidProvider("Back-channel logout needs the id of an OAuth or OpenID Connect provider")
  }
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    throw new InvalidLogoutToken("malformed", "A logout token comes as an application/x-www-form-urlencoded body")
  }
  const claims = await verifyLogoutToken(request.body?.logout_token, provider)
  const ledger = options.logoutTokens
  const claimKey = `${provider.id}:${claims.jti}`
  // A token this instance already used is refused before any database work.
  if (ledger.claimedHere(claimKey)) throw replayed()
  // Only sessions begun before the token was issued: whichever delivery of it this is, none
  // begun since (a later sign-in at the provider) is found.
  const found = await serverSide("find-sessions", "The sessions the logout token names could not be looked up", () =>
    findProviderSessions({ provider: provider.id, issuedAt: claims.iat, sub: claims.sub, sid: claims.sid }, options),
  )
  const { ended, failed, error } = await endSessions(found, options)
  await announce(ended, options)
  if (failed.length > 0) {
    // Nothing claimed: the provider's retry of the same token is a first delivery, and ends the rest.
    const left = `${failed.length} of the ${found.length} sessions the logout token names could not be ended`
    throw new BackchannelLogoutFailed("end-sessions", `${left}; the provider's retry of the same token ends them`, error)
  }
  // Claimed once everything it names has ended. Lost: another delivery of the token claimed it
  // first — one running at the same moment (its deletes and these were the same, and both
  // succeeded: 200), or one that finished before on another instance (this one then found
  // nothing left to end: a replay, 400).
  const first = await serverSide("claim", "Every session ended, but the logout token could not be recorded as used", () =>
    ledger.claim(claimKey),
  )
  if (!first && ended.length === 0) throw replayed()
}

function replayed(): InvalidLogoutToken {
  return new InvalidLogoutToken("replayed", "This logout token (its jti) was already used")
}

/** `sessionRevoked` once per user whose sessions ended (a sid-only token names an IdP session, not a user). */
async function announce(ended: AdapterSession[], options: InternalOptions<"oauth">): Promise<void> {
  const byUser = new Map<string, AdapterSession[]>()
  for (const session of ended) {
    const userId = String(session.userId)
    byUser.set(userId, [...(byUser.get(userId) ?? []), session])
  }
  for (const [userId, sessions] of byUser) {
    const tokens = sessions.map((session) => session.sessionToken)
    await announceRevoked(userId, tokens, tokens.length, "backchannel-logout", options)
  }
}

/**
 * Runs a step that only fails on this server's side (the database, the ledger): such a failure
 * becomes BackchannelLogoutFailed (500, the provider may retry). Refusals of the token and
 * configuration errors (a missing adapter method) pass through as they are (400).
 */
async function serverSide<T>(code: "find-sessions" | "claim", message: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    if (error instanceof AuthError && !(error instanceof AdapterError)) throw error
    throw new BackchannelLogoutFailed(code, message, error as Error)
  }
}
