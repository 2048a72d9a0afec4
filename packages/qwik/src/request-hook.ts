import { isServer } from "@builder.io/qwik/build"
import type { RequestEventCommon } from "@builder.io/qwik-city"
import { Auth } from "@gatehouse/core"
import { applySetCookies } from "./apply-set-cookies.js"
import { isAuthPath } from "./auth-path.js"
import { checkFormOrigin } from "./check-form-origin.js"
import { getSession } from "./get-session.js"
import { resolveConfig, type AuthOptionsQrl } from "./resolve-config.js"

/** The `sharedMap` key under which the request hook leaves the session (as upstream). */
export const SESSION_KEY = "session"

/**
 * `onRequest`: answers `/auth/<action>` with core, and for every other request looks the
 * session up and leaves it in `event.sharedMap.get("session")` (Session or null) for loaders,
 * route guards and `useSession`.
 */
export function createRequestHook(authOptions: AuthOptionsQrl) {
  return async function onRequest(event: RequestEventCommon): Promise<void> {
    if (!isServer) return
    const config = await resolveConfig(authOptions, event)
    if (isAuthPath(event.url.pathname)) {
      checkFormOrigin(event)
      const response = await Auth(event.request, config)
      applySetCookies(response.headers.getSetCookie(), event.cookie)
      throw event.send(withoutSetCookie(response))
    }
    const { data, setCookies } = await getSession(event.request, config)
    event.sharedMap.set(SESSION_KEY, data)
    applySetCookies(setCookies, event.cookie)
  }
}

/** Qwik would parse these itself and lose their attributes: they go through `applySetCookies` instead. */
function withoutSetCookie(response: Response): Response {
  const headers = new Headers(response.headers)
  headers.delete("set-cookie")
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

