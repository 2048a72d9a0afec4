import type { InternalOptions } from "../providers/types.js"
import { randomHex } from "../crypto/random-pool.js"
import { readSessionCookie } from "../http/session-chunks.js"
import type { JWT } from "../jwt/types.js"
import type { Account } from "../shared-types.js"
import { markSessionId, sessionIdOf } from "../session-cookie/token-marks.js"
import { remember } from "./revocation-checks.js"
import { newSessionMetadata, ownedSessionMetadata } from "./session-metadata.js"
import { ownerKey, ownerOfToken } from "./session-owner.js"
import { sessionRecordsOfToken } from "./session-records.js"
import { revokeSignedOutSession } from "./unfinished-sign-outs.js"

/**
 * A JWT session is recorded under a random id (`gatehouse.sid` in the token) so that it can be
 * listed and revoked: deleting the record revokes it. Recorded wherever its owner's sessions are
 * (sessions/session-records.ts): an adapter user's in the adapter's sessions table, an app's own
 * user's (a credentials token; `sub` stays authorize's id) in the adapter's owned sessions, and
 * without an adapter in `session.store`. An adapter user's session is recorded only when the
 * token's `sub` is that user (a jwt callback may have set another `sub`, which no row could
 * reference). A failed write fails the sign-in: a token whose record is missing would read as
 * revoked at its first check anyway.
 */
export async function recordJwtSession(
  token: JWT,
  user: { id?: string | number | null },
  account: Account | null,
  expires: Date,
  options: InternalOptions,
): Promise<JWT> {
  const owner = ownerOfToken(token)
  const records = sessionRecordsOfToken(token, options)
  if (!owner || !records) return token
  if (records.sessionsTable && (user.id === undefined || user.id === null || String(user.id) !== token.sub)) return token
  const sid = randomHex(16)
  const key = ownerKey(owner)
  const metadata = records.sessionsTable ? newSessionMetadata(options, account) : ownedSessionMetadata(options, account)
  try {
    await records.createOwnedSession({ ...metadata, id: sid, ownerKey: key, expires })
  } catch (error) {
    // A database whose schema predates owned sessions signs in as before the feature, unrecorded
    // (the error, logged, says which migration to run); any other failure fails the sign-in.
    if (!isMigrationRequired(error)) throw error
    options.logger.error(error as Error)
    return token
  }
  // Just written: this process need not ask again within the interval.
  remember(sid, false, key)
  return markSessionId(token, sid)
}

/**
 * Ends the recorded session of the token the browser held before a new sign-in (as a database
 * session is replaced at sign-in), so the list does not show a session nobody holds any more.
 */
export async function endPreviousJwtSession(cookies: Record<string, string>, options: InternalOptions): Promise<void> {
  const cookie = options.cookies.sessionToken
  const token = readSessionCookie(cookies, cookie.name)
  if (!token) return
  const decoded = await Promise.resolve(options.jwt.decode({ ...options.jwt, token, salt: cookie.name })).catch(() => null)
  await endJwtSession(decoded, options)
}

/**
 * Sign-out (or replacement) of a recorded JWT session: its record goes, and this process refuses
 * it at once. A record that could not be deleted is deleted at the next listing of its owner's sessions.
 */
export async function endJwtSession(token: JWT | null | undefined, options: InternalOptions): Promise<void> {
  const sid = sessionIdOf(token)
  const records = sid && token ? sessionRecordsOfToken(token, options) : undefined
  if (!sid || !records) return
  remember(sid, true)
  await revokeSignedOutSession(records, sid)
}

/**
 * A re-issued JWT (once per `updateAge`) moves its record's expiry along with the cookie's and
 * records when it was last seen. A failure is logged: the record still exists, the session stays valid.
 */
export async function touchJwtSession(token: JWT, expires: Date, options: InternalOptions): Promise<void> {
  const sid = sessionIdOf(token)
  const records = sid ? sessionRecordsOfToken(token, options) : undefined
  if (!sid || !records?.touchOwnedSession) return
  try {
    await records.touchOwnedSession(sid, { expires, lastSeenAt: new Date() })
  } catch (error) {
    options.logger.error(error as Error)
  }
}

/** The adapter's MigrationRequiredError, as thrown or inside the AdapterError the wrapped adapter throws. */
function isMigrationRequired(error: unknown): boolean {
  const cause = (error as { cause?: { err?: unknown } } | undefined)?.cause?.err
  return (error as Error | undefined)?.name === "MigrationRequiredError" || (cause as Error | undefined)?.name === "MigrationRequiredError"
}
