import type { Loader } from "@builder.io/qwik-city"
import { getAccount, type AccountSummary } from "@gatehouse/core/server"
import type { AuthOptionsQrl } from "./resolve-config.js"
import { signedInLoader } from "./signed-in-loader.js"

/**
 * `useAccount`: a route loader with the signed-in user's own account, as `GET /auth/account` answers
 * it in JSON, read by core's `getAccount` (no request to the app's own route); null when nobody is
 * signed in. Export it from the account page only: Qwik City runs every loader a matched route module
 * exports on every request. A config without `account: Account()` throws: the page fails loudly.
 */
export function createAccountLoader(authOptions: AuthOptionsQrl): Loader<AccountSummary | null> {
  return signedInLoader(authOptions, "useAccount_gatehouseAccount", getAccount)
}
