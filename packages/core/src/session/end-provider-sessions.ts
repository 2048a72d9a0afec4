import type { AdapterSession } from "../adapters.js"
import type { InternalOptions } from "../config/internal-options.js"
import { remember } from "../sessions/revocation-checks.js"
import { sessionManagingAdapter } from "../sessions/session-management-adapter.js"

/** The session rows the provider's logout names. */
export interface ProviderLogout {
  provider: string
  /** The provider's subject (the account's providerAccountId). */
  sub: string
  /** The provider's session id: only the sessions begun in that provider session end. */
  sid?: string
}

/**
 * The sessions a provider says are over: the sessions of the user who owns the account `sub` at
 * `provider`, begun by signing in with that provider (and, given `sid`, in that provider session).
 * Sessions of the same user begun otherwise (e-mail, another provider) are left alone. Only reads:
 * the caller claims the logout token between finding and ending (endSessionsFound), so a database
 * that fails here has used nothing up, and the provider's retry of the same token still counts.
 */
export async function findProviderSessions(
  logout: ProviderLogout,
  options: Pick<InternalOptions, "adapter">,
): Promise<{ userId: string | undefined; sessions: AdapterSession[] }> {
  const adapter = sessionManagingAdapter(options.adapter)
  const user = await adapter.getUserByAccount({ provider: logout.provider, providerAccountId: logout.sub })
  if (!user) return { userId: undefined, sessions: [] }
  const sessions = await adapter.listSessionsByUserId(user.id)
  const found = sessions.filter(
    (session) =>
      session.userId === user.id &&
      session.provider === logout.provider &&
      (logout.sid === undefined || session.providerSessionId === logout.sid),
  )
  return { userId: user.id, sessions: found }
}

/**
 * Ends the sessions found: both strategies keep a row per session (JWT sessions one per
 * `gatehouse.sid`), so ending one is deleting its row: this process refuses such a JWT at once,
 * other instances from their next revocation check (`session.revocationCheckInterval`).
 */
export async function endSessionsFound(sessions: AdapterSession[], options: Pick<InternalOptions, "adapter">): Promise<void> {
  const adapter = sessionManagingAdapter(options.adapter)
  for (const session of sessions) {
    await adapter.deleteSession(session.sessionToken)
    remember(session.sessionToken, true)
  }
}
