import type { InternalOptions } from "../config/internal-options.js"
import { readSessionCookie } from "../http/session-chunks.js"
import { type JwtSessionToken, readJwtSessionToken, unreadableSessionCookie } from "../session/jwt-session-token.js"
import { sessionIdOf } from "../session/token-marks.js"
import { remember } from "./revocation-checks.js"
import type { SessionManagingAdapter } from "./session-management-adapter.js"

/** The session a sessions request acts for: its user and its row's token (a JWT session's sid). */
export interface CurrentSession {
  userId: string
  sessionToken: string
}

/**
 * The signed-in session of the request, checked against the adapter now (listing and revoking
 * read the rows anyway, so no interval applies here), or null. `stale` says the cookie names a
 * session that is gone, so the answer should clear it.
 *
 * A JWT session is read as GET /session reads it (session/jwt-session-token.ts): a session the
 * app's jwt callback refuses (returns null for, as for a banned user) is nobody's here either.
 * A JWT without `gatehouse.sid` (minted by Auth.js, or before an adapter managed sessions) is not
 * recorded anywhere, and its `sub` need not be an adapter user (a credentials sign-in's is not):
 * it cannot manage sessions, and reads as not signed in here (it stays valid for GET /session).
 */
export async function currentSession(
  cookies: Record<string, string>,
  options: InternalOptions,
  adapter: SessionManagingAdapter,
): Promise<{ session: CurrentSession | null; stale: boolean }> {
  const cookie = options.cookies.sessionToken
  const token = readSessionCookie(cookies, cookie.name)
  if (!token) return { session: null, stale: false }
  if (options.session.strategy === "database") {
    const found = await adapter.getSessionAndUser(token)
    if (!found || new Date(found.session.expires).valueOf() < Date.now()) return { session: null, stale: true }
    return { session: { userId: String(found.user.id), sessionToken: token }, stale: false }
  }
  // Read as GET /session reads it: the same checks and the app's jwt callback, whose null (a ban)
  // means nobody is signed in here too, and whose token (marks kept) is the session's.
  let read: JwtSessionToken
  try {
    read = await readJwtSessionToken(token, options)
  } catch (error) {
    options.logger.error(unreadableSessionCookie(error))
    return { session: null, stale: true }
  }
  if (!read.signedIn) return { session: null, stale: read.clearCookie }
  const sid = sessionIdOf(read.token)
  const userId = read.token.sub
  if (!sid || typeof userId !== "string") return { session: null, stale: false }
  const found = await adapter.getSessionAndUser(sid)
  if (!found || String(found.session.userId) !== userId) {
    remember(sid, true)
    return { session: null, stale: true }
  }
  return { session: { userId, sessionToken: sid }, stale: false }
}
