import type { InternalOptions } from "../providers/types.js"
import { AuthError } from "../errors.js"
import { revokeAllOf } from "../sessions/revoke-user-sessions.js"
import { sessionRecordsFor } from "../sessions/session-records.js"

/**
 * Ends every session of the user after a password reset, through session management: the
 * user's session records go (database rows and recorded JWT sessions alike; each instance
 * refuses a revoked JWT within its check interval, this one at once). Where sessions are recorded
 * nowhere (an adapter without listSessionsByUserId and deleteSessionsByUserId, no session store),
 * JWT sessions cannot be ended: said in the log, once per reset, rather than pretended.
 */
export async function revokeEverySession(userId: string, options: InternalOptions<"password">): Promise<void> {
  if (sessionRecordsFor("user", options)) {
    await revokeAllOf({ kind: "user", userId }, options)
    return
  }
  options.logger.error(
    new AuthError(
      "The password was reset but the user's other sessions could not be ended: sessions are recorded nowhere (an adapter with listSessionsByUserId and deleteSessionsByUserId, or session.store)",
    ),
  )
}
