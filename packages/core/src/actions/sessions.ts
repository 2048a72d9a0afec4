import type { InternalOptions } from "../providers/types.js"
import { MissingCSRF, UnknownAction } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import { clearSessionCookie, noStoreHeaders } from "../http/session-chunks.js"
import { currentSession } from "../sessions/current-session.js"
import { listUserSessions } from "../sessions/list-user-sessions.js"
import { revokeFor } from "../sessions/revoke-user-sessions.js"
import { requireAnySessionRecords } from "../sessions/session-records.js"
import { type InsufficientUserAuthentication, refuseUnlessRecent } from "../step-up/refuse-unless-recent.js"
import type { ResponseInternal, RevokeTarget, SessionInfo } from "../types.js"

/**
 * GET /sessions lists the signed-in user's sessions; POST /sessions/revoke ends one of them
 * (`sessionId`), all but the current one (`scope=others`) or all (`scope=all`, which needs a
 * sign-in within `session.freshAge`: RFC 9470's 401 otherwise). Both answer 401 when nobody is
 * signed in. Without anywhere sessions are recorded (an adapter that manages them, or
 * `session.store`): MissingAdapterMethods (500).
 */
export async function sessions(
  request: RequestInternal,
  options: InternalOptions,
): Promise<ResponseInternal<SessionInfo[] | { revoked: number } | { message: string } | InsufficientUserAuthentication>> {
  requireAnySessionRecords(options)
  let target: RevokeTarget | undefined
  if (request.method === "POST") {
    if (!options.csrfTokenVerified) throw new MissingCSRF("CSRF token was missing during a session revocation")
    target = revokeTarget(request.body)
  }
  const cookie = options.cookies.sessionToken
  // `reissued`: the session cookie again when the app's jwt callback changed the token, stored as GET /session stores it.
  const { session, stale, reissued } = await currentSession(request.cookies, options)
  if (!session) {
    return {
      status: 401,
      headers: { ...noStoreHeaders },
      body: { message: "Not signed in" },
      cookies: stale ? clearSessionCookie(request.cookies, cookie) : reissued,
    }
  }
  if (!target) return { headers: { ...noStoreHeaders }, body: await listUserSessions(session), cookies: reissued }
  // Signing out everywhere, this browser included, is for a recent sign-in only (step-up/).
  if ("scope" in target && target.scope === "all") {
    const refused = await refuseUnlessRecent(request, options)
    if (refused) return refused
  }
  const { revoked, signedOut } = await revokeFor(session, target, options)
  return {
    headers: { ...noStoreHeaders },
    body: { revoked },
    cookies: signedOut ? clearSessionCookie(request.cookies, cookie) : reissued,
  }
}

/** `sessionId=<handle>`, or `scope=others|all`: exactly one. Anything else is a bad request (400). */
export function revokeTarget(body: Record<string, unknown> | undefined): RevokeTarget {
  const sessionId = body?.sessionId
  const scope = body?.scope
  if (sessionId !== undefined && scope !== undefined) throw new UnknownAction("Give either sessionId or scope, not both")
  if (typeof sessionId === "string" && sessionId.length > 0 && sessionId.length <= 128) return { sessionId }
  if (scope === "others" || scope === "all") return { scope }
  throw new UnknownAction("Revoking sessions needs sessionId (a session's id) or scope (others or all)")
}
