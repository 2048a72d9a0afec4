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
 * Ends the sessions a provider says are over: the sessions of the user who owns the account
 * `sub` at `provider`, begun by signing in with that provider (and, given `sid`, in that provider
 * session). Both strategies keep a row per session (JWT sessions one per `gatehouse.sid`), so
 * ending one is deleting its row: this process refuses such a JWT at once, other instances from
 * their next revocation check (`session.revocationCheckInterval`). Sessions of the same user begun
 * otherwise (e-mail, another provider) are left alone. Returns the ended rows.
 */
export async function endProviderSessions(
  logout: ProviderLogout,
  options: Pick<InternalOptions, "adapter">,
): Promise<{ userId: string | undefined; ended: AdapterSession[] }> {
  const adapter = sessionManagingAdapter(options.adapter)
  const user = await adapter.getUserByAccount({ provider: logout.provider, providerAccountId: logout.sub })
  if (!user) return { userId: undefined, ended: [] }
  const sessions = await adapter.listSessionsByUserId(user.id)
  const ended = sessions.filter(
    (session) =>
      session.userId === user.id &&
      session.provider === logout.provider &&
      (logout.sid === undefined || session.providerSessionId === logout.sid),
  )
  for (const session of ended) {
    await adapter.deleteSession(session.sessionToken)
    remember(session.sessionToken, true)
  }
  return { userId: user.id, ended }
}
