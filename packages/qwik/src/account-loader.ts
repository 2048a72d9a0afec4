import { inlinedQrl } from "@builder.io/qwik"
import { isServer } from "@builder.io/qwik/build"
import { routeLoaderQrl, type Loader, type RequestEventLoader } from "@builder.io/qwik-city"
import { getAccount, type AccountSummary } from "@gatehouse/core/server"
import { SESSION_KEY } from "./request-hook.js"
import { resolveConfig, type AuthOptionsQrl } from "./resolve-config.js"
import { serverInput } from "./server-input.js"
import { writeAuthCookies } from "./write-cookies.js"

/**
 * `useAccount`: a route loader with the signed-in user's own account, as `GET /auth/account` answers
 * it in JSON, read by core's `getAccount` (no request to the app's own route); null when nobody is
 * signed in. Export it from the account page only: Qwik City runs every loader a matched route module
 * exports on every request. A config without `account: Account()` throws: the page fails loudly.
 */
export function createAccountLoader(authOptions: AuthOptionsQrl): Loader<AccountSummary | null> {
  async function readAccount(event: RequestEventLoader): Promise<AccountSummary | null> {
    if (!isServer) return null
    // The request hook found nobody signed in: nothing to ask.
    if (!event.sharedMap.get(SESSION_KEY)) return null
    const config = await resolveConfig(authOptions, event)
    const { value, cookies } = await getAccount(serverInput(event, config))
    writeAuthCookies(cookies, event)
    return value
  }
  return routeLoaderQrl(inlinedQrl(readAccount, "useAccount_gatehouseAccount")) as Loader<AccountSummary | null>
}
