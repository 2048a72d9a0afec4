import { inlinedQrl } from "@builder.io/qwik"
import { isServer } from "@builder.io/qwik/build"
import { routeLoaderQrl, type Loader, type RequestEventLoader } from "@builder.io/qwik-city"
import type { ServerInput, ServerResult } from "@gatehouse/core/server"
import { SESSION_KEY } from "./request-hook.js"
import { resolveConfig, type AuthOptionsQrl } from "./resolve-config.js"
import { serverInput } from "./server-input.js"
import { writeAuthCookies } from "./write-cookies.js"

/**
 * A route loader over one of core's server reads of the signed-in user (`useSessions`, `useAccount`):
 * null when the request hook found nobody signed in (or a revocation in this request ended the session),
 * else the read's value, with the cookies it hands back (a session cookie re-issued or cleared) written
 * through Qwik's `event.cookie`. `symbol` names the loader's QRL, unique per loader.
 */
export function signedInLoader<T>(
  authOptions: AuthOptionsQrl,
  symbol: string,
  read: (input: ServerInput) => Promise<ServerResult<T | null>>,
): Loader<T | null> {
  async function load(event: RequestEventLoader): Promise<T | null> {
    if (!isServer) return null
    if (!event.sharedMap.get(SESSION_KEY)) return null
    const config = await resolveConfig(authOptions, event)
    const { value, cookies } = await read(serverInput(event, config))
    writeAuthCookies(cookies, event)
    return value
  }
  return routeLoaderQrl(inlinedQrl(load, symbol)) as Loader<T | null>
}
