import { type Adapter, type SessionRecordsCarrier, sessionRecordsKey } from "../adapters.js"
import { SessionRecordsNotCarried } from "../errors.js"
import type { SessionRecordsModule } from "../providers/types.js"
import { keepsOwnedSessions, managesSessions } from "../sessions/session-management-adapter.js"
import type { SessionStore } from "../types.js"

const advice = 'wrap it with withSessionRecords() from "@gatehouse/core/session-records"'

/**
 * The session-records code (session-records/session-records-module.ts) as the adapter or `session.store`
 * carries it, or none: then no session is recorded anywhere, as without an adapter that records
 * them. An adapter with the methods that record sessions, or a store, that does not carry it is a
 * configuration error: its sessions would silently go unrecorded, and revoking them would not work.
 */
export function resolveSessionRecords(
  adapter: Adapter | undefined,
  store: SessionStore | undefined,
): { module?: SessionRecordsModule; error?: SessionRecordsNotCarried } {
  const fromAdapter = carried(adapter)
  const fromStore = carried(store)
  if (adapter && !fromAdapter && (managesSessions(adapter) || keepsOwnedSessions(adapter))) {
    return {
      error: new SessionRecordsNotCarried(
        "adapter",
        `The adapter has methods that record sessions (listSessionsByUserId and deleteSessionsByUserId, or the owned-session methods) but does not carry the code that records them: ${advice}`,
      ),
    }
  }
  if (store && !fromStore) {
    return {
      error: new SessionRecordsNotCarried(
        "store",
        `session.store does not carry the code that records sessions: make it with memorySessionStore() or redisSessionStore() from "@gatehouse/core/session-stores", or ${advice}`,
      ),
    }
  }
  return { module: fromAdapter ?? fromStore }
}

function carried(carrier: SessionRecordsCarrier | undefined): SessionRecordsModule | undefined {
  const module = carrier?.[sessionRecordsKey] as Partial<SessionRecordsModule> | undefined
  return typeof module?.sessionsAction === "function" ? (module as SessionRecordsModule) : undefined
}
