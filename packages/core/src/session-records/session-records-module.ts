import type { SessionRecordsModule } from "../providers/types.js"
import { sessions } from "../actions/sessions.js"
import { endJwtSession, endPreviousJwtSession, recordJwtSession, touchJwtSession } from "../sessions/jwt-session-record.js"
import { isTokenRevoked } from "../sessions/revocation-checks.js"
import { newSessionMetadata } from "../sessions/session-metadata.js"
import { deleteSignedOutSession } from "../sessions/unfinished-sign-outs.js"

/**
 * The one implementation of session records, as the adapters and session stores that record
 * sessions carry it (`sessionRecordsKey`, put there by `withSessionRecords`): recording JWT
 * sessions, the revocation check on every read, sign-outs that end records, and the `/sessions`
 * routes (with the step-up they need). Core reaches it only through `options.sessionRecords`, so
 * an app whose sessions are recorded nowhere (JWT sessions, no adapter, no `session.store`) bundles
 * none of it. The server API (`@gatehouse/core/server`) imports the same modules.
 */
export const sessionRecords: SessionRecordsModule = {
  isTokenRevoked,
  recordJwtSession,
  endPreviousJwtSession,
  endJwtSession,
  touchJwtSession,
  deleteSignedOutSession,
  newSessionMetadata,
  sessionsAction: sessions,
  isProcessLocalStore: (store) => processLocalStores.has(store),
}

/** Stores whose records this process alone sees (`memorySessionStore`; the production warning `session-store-per-process`). */
const processLocalStores = new WeakSet<object>()

/** Marks a store as seen by this process only. */
export function markedProcessLocal<Store extends object>(store: Store): Store {
  processLocalStores.add(store)
  return store
}
