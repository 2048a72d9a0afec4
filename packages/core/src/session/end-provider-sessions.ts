import type { AdapterSession } from "../adapters.js"
import type { InternalOptions } from "../config/internal-options.js"
import { missingAdapterMethods } from "../config/adapter-methods.js"
import { MissingAdapter } from "../errors.js"

type SessionRow = AdapterSession & { provider?: string | null; providerSessionId?: string | null }

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
 * session). Both strategies keep a row per session (JWT sessions one per session id), so ending
 * one is deleting its row; a JWT cookie is refused from its next revocation check on. Sessions of
 * the same user begun otherwise (e-mail, another provider) are left alone. Returns the ended rows.
 */
export async function endProviderSessions(
  logout: ProviderLogout,
  options: Pick<InternalOptions, "adapter">,
): Promise<{ userId: string | undefined; ended: AdapterSession[] }> {
  const adapter = options.adapter
  if (!adapter) throw new MissingAdapter("Back-channel logout ends session rows: configure an adapter")
  const missing = missingAdapterMethods(adapter, ["getUserByAccount", "listSessionsByUserId", "deleteSession"])
  if (missing) throw missing
  const user = await adapter.getUserByAccount({ provider: logout.provider, providerAccountId: logout.sub })
  if (!user) return { userId: undefined, ended: [] }
  // TODO(merge sessions-core): the contract's AdapterSession metadata and listSessionsByUserId.
  const listSessionsByUserId = (adapter as unknown as { listSessionsByUserId(id: string): Promise<SessionRow[]> }).listSessionsByUserId
  const sessions = await listSessionsByUserId(user.id)
  const ended = sessions.filter(
    (session) => session.provider === logout.provider && (logout.sid === undefined || session.providerSessionId === logout.sid),
  )
  for (const session of ended) await adapter.deleteSession(session.sessionToken)
  return { userId: user.id, ended }
}
