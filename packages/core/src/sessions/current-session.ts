import type { InternalOptions } from "../providers/types.js"
import { readSessionCookie } from "../http/session-chunks.js"
import type { Cookie } from "../shared-types.js"
import { type JwtSessionToken, readJwtSessionToken, unreadableSessionCookie } from "../session-cookie/jwt-session-token.js"
import { liveDatabaseSession } from "../session-cookie/database-session.js"
import { reissuedIfChanged } from "../session-cookie/reissued-session-cookie.js"
import { sessionIdOf } from "../session-cookie/token-marks.js"
import { remember } from "./revocation-checks.js"
import { type SessionOwner, ownerKey, ownerOfToken } from "./session-owner.js"
import { requireSessionRecords, type SessionRecords, sessionRecordsFor } from "./session-records.js"

/**
 * The session a sessions request acts for: whose it is (an adapter user, or an app's own user),
 * its record's id (a database session's token, a JWT session's sid) and where its owner's
 * sessions are recorded.
 */
export interface CurrentSession {
  owner: SessionOwner
  ownerKey: string
  sessionToken: string
  records: SessionRecords
}

/** The request's session (or null), and what its answer does to the session cookie. */
export interface CurrentSessionRead {
  session: CurrentSession | null
  /** The cookie names a session that is gone (or cannot be read): the answer should clear it. */
  stale: boolean
  /** The session cookie re-issued, when the app's jwt callback changed the token: the answer should send it. */
  reissued: Cookie[]
}

/**
 * The signed-in session of the request, checked against the adapter now (listing and revoking
 * read the rows anyway, so no interval applies here), or null. `answer` says whether the caller's
 * answer sets cookies (listSessions' without `withCookies` does not): whether an unreadable cookie
 * is cleared, and whether a changed token is worth re-issuing.
 *
 * A JWT session is read as GET /session reads it (session-cookie/jwt-session-token.ts): a session the
 * app's jwt callback refuses (returns null for, as for a banned user) is nobody's here either, and
 * a token the callback changed is re-issued as GET /session would (`reissued`).
 * A JWT without `gatehouse.sid` (minted by Auth.js, or before its sessions were recorded) is not
 * recorded anywhere: it cannot manage sessions, and reads as not signed in here (it stays valid
 * for GET /session). A JWT session is checked where its owner's sessions are recorded
 * (sessions/session-records.ts): the adapter's sessions table, its owned sessions (an app's own
 * user's, `sub` being authorize's id), or `session.store`.
 */
export async function currentSession(
  cookies: Record<string, string>,
  options: InternalOptions,
  answer: "sets-cookies" | "sets-no-cookies" = "sets-cookies",
): Promise<CurrentSessionRead> {
  const nobody = { session: null, stale: false, reissued: [] }
  const reissue = (read: JwtSessionToken & { signedIn: true }) =>
    answer === "sets-cookies" ? reissuedIfChanged(read, cookies, options) : Promise.resolve([])
  const cookie = options.cookies.sessionToken
  const token = readSessionCookie(cookies, cookie.name)
  if (!token) return nobody
  if (options.session.strategy === "database") {
    const records = requireSessionRecords("user", options)
    const found = await liveDatabaseSession(token, options.adapter as Parameters<typeof liveDatabaseSession>[1])
    if (!found) return { ...nobody, stale: true }
    const userId = String(found.user.id)
    return { session: { owner: { kind: "user", userId }, ownerKey: userId, sessionToken: token, records }, stale: false, reissued: [] }
  }
  let read: JwtSessionToken
  try {
    read = await readJwtSessionToken(token, options)
  } catch (error) {
    options.logger.error(unreadableSessionCookie(error, answer === "sets-cookies" ? "cleared" : "ignored"))
    return { ...nobody, stale: true }
  }
  if (!read.signedIn) return { ...nobody, stale: read.clearCookie }
  const sid = sessionIdOf(read.token)
  const owner = ownerOfToken(read.token)
  // An app user's session where nothing keeps them: the configuration error, not a silent 401.
  const records = owner ? (sessionRecordsFor(owner.kind, options) ?? requireSessionRecords(owner.kind, options)) : undefined
  // Unrecorded, it manages no sessions, but it is a session still (GET /session's): what the callback changed is kept.
  if (!sid || !owner || !records) return { ...nobody, reissued: await reissue(read) }
  const key = ownerKey(owner)
  if ((await records.ownerOfOwnedSession(sid)) !== key) {
    remember(sid, true)
    return { ...nobody, stale: true }
  }
  return { session: { owner, ownerKey: key, sessionToken: sid, records }, stale: false, reissued: await reissue(read) }
}
