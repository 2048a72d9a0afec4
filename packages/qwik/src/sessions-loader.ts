import type { Loader } from "@builder.io/qwik-city"
import { listSessions } from "@gatehouse/core/server"
import type { AuthOptionsQrl } from "./resolve-config.js"
import { signedInLoader } from "./signed-in-loader.js"
import type { SessionInfo } from "./types.js"

/**
 * `useSessions`: a route loader with the signed-in user's sessions ("your devices"), the current one
 * marked `current`, or null when nobody is signed in. Qwik City runs every loader a matched route
 * module exports on every request, so export it from the page that lists the devices, not from the
 * plugin. A config without the adapter methods it needs throws `MissingAdapterMethods`: the page fails
 * loudly rather than showing an empty list. The session cookie core re-issues (the app's jwt callback
 * changed the token) or clears (its session is gone) is written on the way.
 */
export function createSessionsLoader(authOptions: AuthOptionsQrl): Loader<SessionInfo[] | null> {
  return signedInLoader(authOptions, "useSessions_gatehouseSessions", listSessions)
}
