import type { InternalOptions } from "../providers/types.js"
import { type AccountSummary, accountSummary } from "./account-summary.js"
import { signInMethods } from "./sign-in-methods.js"
import type { AdapterUser } from "../adapters.js"
import { currentUser } from "../login/current-user.js"

/**
 * The signed-in adapter user's account as GET {basePath}/account's JSON gives it, or null: nobody,
 * a session refused or revoked, or an app's own credentials user (none has an account here). Read
 * from the session cookie only. The route and the server function (`getAccount`) both read it here.
 */
export async function readAccount(request: { cookies: Record<string, string> }, options: InternalOptions): Promise<AccountSummary | null> {
  const user = await accountUser(request, options)
  return user ? accountSummary(user, await signInMethods(user, options), options) : null
}

/**
 * The adapter user the request is signed in as (either session strategy), or null: nobody, a
 * session that is revoked or refused by the app's callbacks, or an app's own credentials user (who
 * has no account here to manage). Read from the session cookie only, never from the request's fields.
 */
export async function accountUser(request: { cookies: Record<string, string> }, options: InternalOptions): Promise<AdapterUser | null> {
  return (await currentUser(request.cookies, options)).user
}
