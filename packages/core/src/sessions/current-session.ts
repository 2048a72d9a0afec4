import type { InternalOptions } from "../config/internal-options.js"
import { readSessionCookie } from "../http/session-chunks.js"
import { unverifiedUserStillOwns } from "../session/jwt-session.js"
import { readTokenCached } from "../session/read-token-cached.js"
import { isUnverifiedToken, sessionIdOf } from "../session/token-marks.js"
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
  const payload = await readTokenCached(token, options.jwt, cookie.name).catch(() => null)
  if (!payload) return { session: null, stale: true }
  const sid = sessionIdOf(payload)
  const userId = payload.sub
  if (!sid || typeof userId !== "string") return { session: null, stale: false }
  if (isUnverifiedToken(payload) && !(await unverifiedUserStillOwns(payload, options))) return { session: null, stale: true }
  const found = await adapter.getSessionAndUser(sid)
  if (!found || String(found.session.userId) !== userId) {
    remember(sid, true)
    return { session: null, stale: true }
  }
  return { session: { userId, sessionToken: sid }, stale: false }
}
