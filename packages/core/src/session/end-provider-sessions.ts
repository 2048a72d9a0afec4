import type { AdapterSession } from "../adapters.js"
import type { InternalOptions } from "../config/internal-options.js"
import { InvalidLogoutToken } from "../errors.js"
import { remember } from "../sessions/revocation-checks.js"
import { sessionManagingAdapter } from "../sessions/session-management-adapter.js"

/** The session rows the provider's logout names: by its subject, its session id, or both. */
export interface ProviderLogout {
  provider: string
  /** The provider's subject (the account's providerAccountId). */
  sub?: string
  /** The provider's session id: only the sessions begun in that provider session end. */
  sid?: string
}

/** The optional adapter method that finds sessions by the provider's session id alone. */
export const sessionsByProviderSessionIdMethod = "listSessionsByProviderSessionId"

/**
 * The sessions a provider says are over, begun by signing in with that provider (sessions of the
 * same user begun otherwise, by e-mail or another provider, are left alone):
 * - given `sub`: the sessions of the user who owns the account `sub` at `provider` (and, given
 *   `sid` too, only those begun in that provider session);
 * - given only `sid`: the sessions begun in that provider session, through the adapter's
 *   `listSessionsByProviderSessionId`; without it, InvalidLogoutToken "missing-sub".
 * Only reads: the caller claims the logout token between finding and ending (endSessions), so a
 * database that fails here has used nothing up, and the provider's retry of the same token still counts.
 */
export async function findProviderSessions(logout: ProviderLogout, options: Pick<InternalOptions, "adapter">): Promise<AdapterSession[]> {
  const adapter = sessionManagingAdapter(options.adapter)
  const begunThere = (session: AdapterSession) =>
    session.provider === logout.provider && (logout.sid === undefined || session.providerSessionId === logout.sid)
  if (logout.sub === undefined) {
    const list = adapter[sessionsByProviderSessionIdMethod]
    if (logout.sid === undefined || typeof list !== "function") {
      throw new InvalidLogoutToken(
        "missing-sub",
        `The logout token names only a sid, and the adapter has no ${sessionsByProviderSessionIdMethod}() to find sessions by it`,
      )
    }
    // The adapter's answer is checked again: a row it should not have matched is never ended.
    return (await list.call(adapter, logout.sid, logout.provider)).filter(begunThere)
  }
  const user = await adapter.getUserByAccount({ provider: logout.provider, providerAccountId: logout.sub })
  if (!user) return []
  const sessions = await adapter.listSessionsByUserId(user.id)
  return sessions.filter((session) => session.userId === user.id && begunThere(session))
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
 * failing delete does not stop the others: as many sessions end as the database lets.
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
