import type { InternalOptions } from "../config/internal-options.js"
import { randomHex } from "../crypto/random-hex.js"
import { readSessionCookie } from "../http/session-chunks.js"
import type { JWT } from "../jwt/types.js"
import type { Account } from "../primitives.js"
import { isCredentialsToken, markSessionId, sessionIdOf } from "../session/token-marks.js"
import { remember } from "./revocation-checks.js"
import { newSessionMetadata } from "./session-metadata.js"
import { deleteSignedOutSession } from "./unfinished-sign-outs.js"

/**
 * A JWT session is recorded as a session row keyed by a random id (`gatehouse.sid` in the token)
 * so that it can be listed and revoked: deleting the row revokes it. Recorded only with an adapter
 * that manages sessions, and only when the token's `sub` is the adapter user who signed in (a
 * credentials token's is `authorize`'s id, unless the provider says otherwise; a jwt callback may
 * have set another `sub`, which no row could reference). A failed write fails the sign-in: a token
 * whose row is missing would read as revoked at its first check anyway.
 */
export async function recordJwtSession(
  token: JWT,
  user: { id?: string | number | null },
  account: Account | null,
  expires: Date,
  options: InternalOptions,
): Promise<JWT> {
  if (!options.adapterManagesSessions || isCredentialsToken(token)) return token
  if (typeof token.sub !== "string" || !token.sub || user.id === undefined || user.id === null || String(user.id) !== token.sub)
    return token
  const sid = randomHex(16)
  await options.adapter!.createSession({ sessionToken: sid, userId: token.sub, expires, ...newSessionMetadata(options, account) })
  // Just written: this process need not ask again within the interval.
  remember(sid, false, token.sub)
  return markSessionId(token, sid)
}

/**
 * Ends the recorded session of the token the browser held before a new sign-in (as a database
 * session is replaced at sign-in), so the list does not show a session nobody holds any more.
 */
export async function endPreviousJwtSession(cookies: Record<string, string>, options: InternalOptions): Promise<void> {
  if (!options.adapterManagesSessions) return
  const cookie = options.cookies.sessionToken
  const token = readSessionCookie(cookies, cookie.name)
  if (!token) return
  const decoded = await Promise.resolve(options.jwt.decode({ ...options.jwt, token, salt: cookie.name })).catch(() => null)
  await endJwtSession(decoded, options)
}

/**
 * Sign-out (or replacement) of a recorded JWT session: its row goes, and this process refuses it at
 * once. A row the database would not delete is deleted at the user's next listing of their sessions.
 */
export async function endJwtSession(token: JWT | null | undefined, options: InternalOptions): Promise<void> {
  const sid = sessionIdOf(token)
  if (!sid || !options.adapterManagesSessions) return
  remember(sid, true)
  await deleteSignedOutSession(options.adapter!, sid)
}

/**
 * A re-issued JWT (once per `updateAge`) moves its row's expiry along with the cookie's and
 * records when it was last seen. A failure is logged: the row still exists, the session stays valid.
 */
export async function touchJwtSession(token: JWT, expires: Date, options: InternalOptions): Promise<void> {
  const sid = sessionIdOf(token)
  if (!sid || !options.adapterManagesSessions) return
  try {
    await options.adapter!.updateSession({ sessionToken: sid, expires, lastSeenAt: new Date() })
  } catch (error) {
    options.logger.error(error as Error)
  }
}
