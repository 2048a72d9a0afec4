import type { AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { emitEvent } from "../config/default-callbacks.js"
import { revokeAllOf } from "../sessions/revoke-user-sessions.js"
import { sessionRecordsFor } from "../sessions/session-records.js"
import { adapterHas } from "./sign-in-methods.js"

/**
 * POST {basePath}/account/delete: every session of the user ends through the one session-record
 * mechanism (this process refuses their JWT sessions at once, other instances within the revocation
 * check interval), then the second-factor record goes, then the user, whose accounts, passkeys,
 * password hash and database sessions the adapter's `deleteUser` removes with it. `deleteUser`
 * fires. The caller has checked CSRF and the recent sign-in, and clears the session cookie.
 */
export async function deleteAccount(user: AdapterUser, options: InternalOptions): Promise<void> {
  if (sessionRecordsFor("user", options)) await revokeAllOf({ kind: "user", userId: user.id }, options)
  // Keyed by owner key, not a foreign key: an adapter cannot tell it belongs to the user.
  if (adapterHas(options, "deleteSecondFactor")) await options.adapter!.deleteSecondFactor(user.id)
  await options.adapter!.deleteUser(user.id)
  options.logger.debug("account: deleted", { userId: user.id })
  await emitEvent(options, "deleteUser", { user })
}
