import { inlinedQrl } from "@builder.io/qwik"
import { routeLoaderQrl, type Loader, type RequestEventLoader } from "@builder.io/qwik-city"
import type { Session } from "@gatehouse/core/types"
import { SESSION_KEY } from "./request-hook.js"

function readSession(event: RequestEventLoader): Session | null {
  return (event.sharedMap.get(SESSION_KEY) as Session | null | undefined) ?? null
}

/** `useSession`: a route loader with the session the request hook found, or null. */
export function createSessionLoader(): Loader<Session | null> {
  return routeLoaderQrl(inlinedQrl(readSession, "useSession_gatehouseSession")) as Loader<Session | null>
}
