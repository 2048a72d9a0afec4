import type { AccountSummary } from "../account/account-summary.js"
import { AuthError } from "../errors.js"
import type { ServerInput, ServerResult } from "./server-input.js"
import { serverOptions, serverRequest } from "./server-request.js"

/**
 * The signed-in user's account, the value as `GET {basePath}/account` answers it in JSON (user,
 * linked accounts with `linkedAt`, passkeys with their dates, password, second factor), or null
 * when nobody (or an app's own credentials user) is signed in. The same read as the route's,
 * through the `account` option's own code, so apps without `Account()` load none of it. A read:
 * it changes nothing, and `cookies` are only what the config's options write. Throws the config's
 * error, or AuthError when the config has no `account: Account()`.
 */
export async function getAccount(input: ServerInput): Promise<ServerResult<AccountSummary | null>> {
  const request = serverRequest(input, { action: "account" })
  const prepared = serverOptions(request)
  const { options, cookies } = prepared instanceof Promise ? await prepared : prepared
  if (!options.account) {
    throw new AuthError('getAccount needs `account: Account()` (from "@gatehouse/core/account") in the config')
  }
  return { value: await options.account.read(request.internal, options), cookies }
}
