import type { InternalOptions } from "../providers/types.js"
import { clearSessionCookie } from "../http/session-chunks.js"
import { type CurrentSessionRead, currentSession } from "../sessions/current-session.js"
import { listUserSessions } from "../sessions/list-user-sessions.js"
import { revokeFor } from "../sessions/revoke-user-sessions.js"
import { requireAnySessionRecords } from "../sessions/session-records.js"
import type { RevokeTarget, SessionInfo } from "../types.js"
import type { ServerInput, ServerResult } from "./server-input.js"
import { serverOptions, serverRequest } from "./server-request.js"

/**
 * The signed-in user's sessions ("your devices"), or null when nobody is signed in; `cookies` store
 * what the app's jwt callback changed in a JWT session's token (as GET /session would), or clear a
 * cookie whose session is gone. Throws MissingAdapterMethods without anywhere sessions are recorded,
 * and the adapter's error when the database fails.
 */
export async function listSessions(input: ServerInput): Promise<ServerResult<SessionInfo[] | null>> {
  const { current, options, cookies } = await sessionsCall(input)
  const sessions = current.session ? await listUserSessions(current.session) : null
  return { value: sessions, cookies: current.stale ? clearSessionCookie(cookies, options.cookies.sessionToken) : current.reissued }
}

/**
 * Revokes sessions on the user's behalf: one by its id, `{ scope: "others" }` or `{ scope: "all" }`.
 * `cookies` clear the user's own session cookie when it was among those revoked (`signedOut`), or
 * store what the app's jwt callback changed. Call it only for a request the framework or
 * `crossSiteCall` vouched for: no CSRF token is asked.
 */
export async function revokeSessions(
  input: ServerInput & { target: RevokeTarget },
): Promise<ServerResult<{ revoked: number; signedOut: boolean }>> {
  const { current, options, cookies } = await sessionsCall(input)
  const clear = () => clearSessionCookie(cookies, options.cookies.sessionToken)
  if (!current.session) return { value: { revoked: 0, signedOut: false }, cookies: current.stale ? clear() : current.reissued }
  const { revoked, signedOut } = await revokeFor(current.session, input.target, options)
  return { value: { revoked, signedOut }, cookies: signedOut ? clear() : current.reissued }
}

/** The request's options, cookies and current session, as `{basePath}/sessions` would see them. */
export async function sessionsCall(
  input: ServerInput,
  answer: "sets-cookies" | "sets-no-cookies" = "sets-cookies",
): Promise<{ current: CurrentSessionRead; options: InternalOptions; cookies: Record<string, string> }> {
  const request = serverRequest(input, { action: "sessions" })
  const { options } = await serverOptions(request)
  requireAnySessionRecords(options)
  const cookies = request.internal.cookies
  return { current: await currentSession(cookies, options, answer), options, cookies }
}
