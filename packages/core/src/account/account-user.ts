import type { AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { currentUser } from "../login/current-user.js"

/**
 * The adapter user the request is signed in as (either session strategy), or null: nobody, a
 * session that is revoked or refused by the app's callbacks, or an app's own credentials user (who
 * has no account here to manage). Read from the session cookie only, never from the request's fields.
 */
export async function accountUser(request: { cookies: Record<string, string> }, options: InternalOptions): Promise<AdapterUser | null> {
  return (await currentUser(request.cookies, options)).user
}
