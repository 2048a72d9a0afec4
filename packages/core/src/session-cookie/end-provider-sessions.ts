import type { AdapterSession } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { InvalidLogoutToken } from "../errors.js"
import { clockToleranceSeconds } from "../oauth/logout-token-timing.js"
import { remember } from "../sessions/revocation-checks.js"
import { sessionManagingAdapter } from "../sessions/session-management-adapter.js"

/** The session rows the provider's logout names: by its subject, its session id, or both. */
export interface ProviderLogout {
  provider: string
  /** When the provider issued the logout (the token's `iat`, seconds since the epoch): later sessions are not its to end. */
  issuedAt: number
  /** The provider's subject (the account's providerAccountId). */
  sub?: string
  /** The provider's session id: only the sessions begun in that provider session end. */
  sid?: string
}

/**
 * How long after the logout token's `iat` a session may have begun and still be ended by it: the
 * clock difference the token's own `iat`/`exp` checks allow. `iat` is read on the provider's clock
 * and `createdAt` on this server's, so a session begun before the sign-out there may carry a
 * `createdAt` up to that much later. The tolerance errs toward ending: a session the user meant to
 * sign out of left alive is the failure that matters; ending one begun within a minute after the
 * sign-out at the provider costs one more sign-in.
 */
export const sessionAfterLogoutToleranceSeconds = clockToleranceSeconds

/** The optional adapter method that finds sessions by the provider's session id alone. */
export const sessionsByProviderSessionIdMethod = "listSessionsByProviderSessionId"

/**
 * The sessions a provider says are over, begun by signing in with that provider (sessions of the
 * same user begun otherwise, by e-mail or another provider, are left alone):
 * - given `sub`: the sessions of the user who owns the account `sub` at `provider` that were
 *   signed in through that account (a user may link a second account of the same provider, whose
 *   sessions are not this logout's), and, given `sid` too, only those begun in that provider session;
 * - given only `sid`: the sessions begun in that provider session, through the adapter's
 *   `listSessionsByProviderSessionId`; without it, InvalidLogoutToken "missing-sub".
 * Of those, only the sessions begun before the logout (see sessionAfterLogoutToleranceSeconds): a
 * session begun after the user signed out at the provider belongs to a later sign-in there, so no
 * delivery of the token — the first, a retry, a replay — ends it. Rows without `createdAt` (begun
 * before the session metadata migration, so before any logout token still accepted) count as begun
 * before: they end, and so do rows whose `createdAt` is no readable date. Likewise rows that record no account (begun before the adapter kept
 * `providerAccountId`, or on an adapter that does not keep it) count as the user's sessions at
 * the provider, as they did then: they end by the `sub` of any of the user's accounts there.
 */
export async function findProviderSessions(logout: ProviderLogout, options: Pick<InternalOptions, "adapter">): Promise<AdapterSession[]> {
  const adapter = sessionManagingAdapter(options.adapter)
  const latestStart = (logout.issuedAt + sessionAfterLogoutToleranceSeconds) * 1000
  const named = (session: AdapterSession) =>
    session.provider === logout.provider &&
    (logout.sid === undefined || session.providerSessionId === logout.sid) &&
    // Written as "not after": a missing or unreadable createdAt (a third-party adapter's) ends, like a row from before the migration.
    !(new Date(session.createdAt ?? Number.NaN).getTime() > latestStart)
  if (logout.sub === undefined) {
    const list = adapter[sessionsByProviderSessionIdMethod]
    if (logout.sid === undefined || typeof list !== "function") {
      throw new InvalidLogoutToken(
        "missing-sub",
        `The logout token names only a sid, and the adapter has no ${sessionsByProviderSessionIdMethod}() to find sessions by it`,
      )
    }
    // The adapter's answer is checked again: a row it should not have matched is never ended.
    return (await list.call(adapter, logout.sid, logout.provider)).filter(named)
  }
  const user = await adapter.getUserByAccount({ provider: logout.provider, providerAccountId: logout.sub })
  if (!user) return []
  const sub = logout.sub
  const throughAccount = (session: AdapterSession) => session.providerAccountId == null || session.providerAccountId === sub
  const sessions = await adapter.listSessionsByUserId(user.id)
  return sessions.filter((session) => session.userId === user.id && throughAccount(session) && named(session))
}

/** What ending a set of sessions came to: the sessions ended, and those that could not be (with the first error). */
export interface EndedSessions {
  ended: AdapterSession[]
  failed: AdapterSession[]
  error?: Error
}

/**
 * Ends each session: both strategies keep a row per session (JWT sessions one per
 * `gatehouse.sid`), so ending one is deleting its row: this process refuses such a JWT at once,
 * other instances from their next revocation check (`session.revocationCheckInterval`). A
 * failing delete does not stop the others: as many sessions end as the database lets. Deleting a
 * row already gone is no failure (the adapter answers null), so ending the same sessions twice at
 * once (two deliveries of one logout token) is harmless.
 */
export async function endSessions(sessions: AdapterSession[], options: Pick<InternalOptions, "adapter">): Promise<EndedSessions> {
  const adapter = sessionManagingAdapter(options.adapter)
  const result: EndedSessions = { ended: [], failed: [] }
  for (const session of sessions) {
    try {
      await adapter.deleteSession(session.sessionToken)
      remember(session.sessionToken, true)
      result.ended.push(session)
    } catch (error) {
      result.failed.push(session)
      result.error ??= error as Error
    }
  }
  return result
}
