import type { InternalOptions } from "../config/internal-options.js"
import { SessionTokenError } from "../errors.js"

/**
 * Whether a JWT session (by its `gatehouse.sid`) was revoked, asked of the adapter at most once
 * per `session.revocationCheckInterval` per session in this process. A revoked session's row is
 * gone, so the answer "revoked" never changes and is kept; "still there" is kept for the interval.
 * Between checks a read costs a Map lookup and no adapter call.
 *
 * The map is bounded (oldest entries go first): an evicted session is simply checked again.
 */
interface Check {
  checkedAt: number
  revoked: boolean
  /** Whose session the row was ("still there" holds only for a token naming that user). */
  userId?: string
}

const maxEntries = 20_000
const checks = new Map<string, Check>()
/** Checks in flight: a burst of reads of one session waits for one adapter call, not one each. */
const inFlight = new Map<string, Promise<boolean>>()

/** Synchronous when the answer is known (the steady state): a read then awaits nothing extra. */
export function isRevoked(sid: string, userId: string | undefined, options: InternalOptions): boolean | Promise<boolean> {
  if (!options.adapterManagesSessions) return false
  const known = checks.get(sid)
  if (known?.revoked) return true
  // "Still there" holds only for a token naming the row's user: one whose `sub` a jwt callback
  // rewrote is asked about afresh (and refused: it is not that user's session).
  if (known && known.userId === userId && Date.now() - known.checkedAt < options.session.revocationCheckInterval * 1000) return false
  // Per session and user: a token naming another user must not share the owner's answer.
  const key = `${sid}\n${userId}`
  let pending = inFlight.get(key)
  if (!pending) {
    pending = askAdapter(sid, userId, options).finally(() => inFlight.delete(key))
    inFlight.set(key, pending)
  }
  return pending
}

/** `userId` undefined: a token without `sub` (a jwt callback dropped it) is revoked only when its row is gone. */
async function askAdapter(sid: string, userId: string | undefined, options: InternalOptions): Promise<boolean> {
  try {
    const found = await options.adapter!.getSessionAndUser(sid)
    // Ids compared as text: an Auth.js adapter on integer ids returns numbers, a token's `sub` is a string.
    const revoked = !found || (userId !== undefined && String(found.session.userId) !== userId)
    remember(sid, revoked, userId)
    return revoked
  } catch (error) {
    // The database did not answer. Serving the session is the lesser harm: signing every user out
    // during an outage would be worse than a revocation applying late. The check is not recorded,
    // so the next read asks again and a revocation applies as soon as the database is back.
    options.logger.error(new SessionTokenError("Could not check whether a JWT session was revoked; served it meanwhile", error as Error))
    return false
  }
}

/** Records a check's answer (also at sign-in, "not revoked" for its user, and at a revocation made in this process, "revoked"). */
export function remember(sid: string, revoked: boolean, userId?: string): void {
  checks.delete(sid)
  if (checks.size >= maxEntries) checks.delete(checks.keys().next().value!)
  checks.set(sid, { checkedAt: Date.now(), revoked, userId })
}

/** How many sessions this process remembers a check for (tests, diagnostics). */
export function revocationCheckEntries(): number {
  return checks.size
}
