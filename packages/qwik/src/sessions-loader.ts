import { inlinedQrl } from "@builder.io/qwik"
import { isServer } from "@builder.io/qwik/build"
import { routeLoaderQrl, type Loader, type RequestEventLoader } from "@builder.io/qwik-city"
import { listSessions } from "@gatehouse/core/server"
import { SESSION_KEY } from "./request-hook.js"
import { resolveConfig, type AuthOptionsQrl } from "./resolve-config.js"
import { serverInput } from "./server-input.js"
import { writeAuthCookies } from "./write-cookies.js"
import type { SessionInfo } from "./types.js"

/**
 * `useSessions`: a route loader with the signed-in user's sessions ("your devices"), the current one
 * marked `current`, or null when nobody is signed in. Qwik City runs every loader a matched route
 * module exports on every request, so export it from the page that lists the devices, not from the
 * plugin. A config without the adapter methods it needs throws `MissingAdapterMethods`: the page fails
 * loudly rather than showing an empty list.
 */
export function createSessionsLoader(authOptions: AuthOptionsQrl): Loader<SessionInfo[] | null> {
  async function readSessions(event: RequestEventLoader): Promise<SessionInfo[] | null> {
    if (!isServer) return null
    // The request hook found nobody signed in (or a revocation in this request ended the session): nothing to ask.
    if (!event.sharedMap.get(SESSION_KEY)) return null
    const config = await resolveConfig(authOptions, event)
    const { value, cookies } = await listSessions(serverInput(event, config))
    // The session cookie re-issued (the app's jwt callback changed the token) or cleared (its session is gone).
    writeAuthCookies(cookies, event)
    return value
  }
  return routeLoaderQrl(inlinedQrl(readSessions, "useSessions_gatehouseSessions")) as Loader<SessionInfo[] | null>
}
