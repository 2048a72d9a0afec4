import type { Adapter, AdapterSession, AdapterUser } from "../adapters.js"

/**
 * The database session a session token names, with its user, while it has not expired; null when
 * there is none or it ran out. The check every server-side read of a database session makes
 * (getAccessToken, the session-management requests, account linking); GET /session makes it too,
 * and deletes the expired row besides (session-cookie/database-session.ts).
 */
export async function liveDatabaseSession(
  sessionToken: string,
  adapter: Pick<Required<Adapter>, "getSessionAndUser">,
): Promise<{ session: AdapterSession; user: AdapterUser } | null> {
  const found = await adapter.getSessionAndUser(sessionToken)
  return found && new Date(found.session.expires).valueOf() >= Date.now() ? found : null
}
