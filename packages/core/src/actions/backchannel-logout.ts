import type { AdapterSession } from "../adapters.js"
import type { InternalOptions } from "../config/internal-options.js"
import { AdapterError, AuthError, BackchannelLogoutFailed, InvalidLogoutToken, InvalidProvider, UnknownAction } from "../errors.js"
import { emitEvent } from "../events/emit-event.js"
import type { RequestInternal } from "../http/request-internal.js"
import { verifyLogoutToken } from "../oauth/logout-token.js"
import { endSessions, findProviderSessions } from "../session/end-provider-sessions.js"
import { sessionHandle } from "../sessions/session-handle.js"
import type { SingleUseLedger } from "../single-use/single-use-ledger.js"
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
  // Found before the claim (only reads: a database failing here uses nothing up, and the
  // provider's retry still works), claimed before anything changes.
  const found = await serverSide("find-sessions", "The sessions the logout token names could not be looked up", () =>
    findProviderSessions({ provider: provider.id, sub: claims.sub, sid: claims.sid }, options),
  )
  const ledger = options.logoutTokens
  const claimKey = `${provider.id}:${claims.jti}`
  const first = await serverSide("claim", "The logout token could not be claimed", () => ledger.claim(claimKey))
  const { ended, failed, error, unrecorded } = first
    ? await endFirstTime(found, ledger, claimKey, options)
    : await endLeftOver(found, ledger, claimKey, options)
  await announce(ended, options)
  if (failed.length === 0) return
  const left = `${failed.length} of the ${ended.length + failed.length} sessions the logout token names could not be ended`
  if (unrecorded > 0) {
    throw new BackchannelLogoutFailed(
      "end-sessions-unrecorded",
      `${left}, and ${unrecorded} of them could not be recorded for the provider's retry: they last until they expire or are revoked`,
      error,
    )
  }
  throw new BackchannelLogoutFailed("end-sessions", `${left}; the provider's retry of the same token ends them`, error)
}

interface Outcome {
  ended: AdapterSession[]
  failed: AdapterSession[]
  error?: Error
  /** Sessions left alive that no cover records, so no retry can end them. */
  unrecorded: number
}

/**
 * The token's first use: every session found ends. Each is covered (recorded with the claim)
 * before any is deleted, so a retry after a failure can finish the job, and only that job.
 */
async function endFirstTime(
  found: AdapterSession[],
  ledger: SingleUseLedger,
  claimKey: string,
  options: InternalOptions<"oauth">,
): Promise<Outcome> {
  const uncovered = new Set<AdapterSession>()
  for (const session of found) {
    // A store failing here stops nothing: the deletes may well succeed, and then no retry is needed.
    await ledger.cover(claimKey, session.sessionToken).catch(() => uncovered.add(session))
  }
  const { ended, failed, error } = await endSessions(found, options)
  return { ended, failed, error, unrecorded: failed.filter((session) => uncovered.has(session)).length }
}

/**
 * The token was used before: a replay, or the provider's retry after a use that failed part-way.
 * Only the sessions that use covered, and could not end, end now; none left means a replay (400).
 * Sessions begun since the first use were never covered, so no delivery of this token ends them.
 */
async function endLeftOver(
  found: AdapterSession[],
  ledger: SingleUseLedger,
  claimKey: string,
  options: InternalOptions<"oauth">,
): Promise<Outcome> {
  const leftOver: AdapterSession[] = []
  try {
    for (const session of found) if (await ledger.takeCover(claimKey, session.sessionToken)) leftOver.push(session)
  } catch (error) {
    await giveBack(leftOver, ledger, claimKey)
    throw new BackchannelLogoutFailed("claim", "The sessions a first use of the logout token left could not be looked up", error as Error)
  }
  if (leftOver.length === 0) throw new InvalidLogoutToken("replayed", "This logout token (its jti) was already used")
  const { ended, failed, error } = await endSessions(leftOver, options)
  const unrecorded = await giveBack(failed, ledger, claimKey)
  return { ended, failed, error, unrecorded }
}

/** Covers again sessions whose cover was taken and which are still alive; returns how many could not be. */
async function giveBack(sessions: AdapterSession[], ledger: SingleUseLedger, claimKey: string): Promise<number> {
  let lost = 0
  for (const session of sessions) await ledger.cover(claimKey, session.sessionToken).catch(() => lost++)
  return lost
}

/** `sessionRevoked` once per user whose sessions ended (a sid-only token names an IdP session, not a user). */
async function announce(ended: AdapterSession[], options: InternalOptions<"oauth">): Promise<void> {
  const byUser = new Map<string, AdapterSession[]>()
  for (const session of ended) {
    const userId = String(session.userId)
    byUser.set(userId, [...(byUser.get(userId) ?? []), session])
  }
  for (const [userId, sessions] of byUser) {
    const sessionIds = await Promise.all(sessions.map((session) => sessionHandle(session.sessionToken)))
    await emitEvent(options, "sessionRevoked", { userId, sessionIds, reason: "backchannel-logout" })
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
