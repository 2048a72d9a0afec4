import { isServer } from "@builder.io/qwik/build"
import type { RequestEventCommon } from "@builder.io/qwik-city"
import { Auth, isAuthAction } from "@gatehouse/core"
import { reportError } from "@gatehouse/core/integration"
import { checkFormOrigin } from "./check-form-origin.js"
import { getSession } from "./get-session.js"
import { applySetCookies, writeAuthCookies } from "./write-cookies.js"
import { QwikAuthIntegrationError } from "./integration-error.js"
import { resolveConfig, type AuthOptionsQrl } from "./resolve-config.js"
import { QWIK_BASE_PATH } from "./set-env-defaults.js"
import type { QwikAuthConfig } from "./types.js"

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
    if (isAuthPath(event.url.pathname)) {
      checkFormOrigin(event)
      const config = await resolveConfig(authOptions, event)
      const response = await Auth(event.request, config)
      applySetCookies(response.headers.getSetCookie(), event)
      throw event.send(withoutSetCookie(response))
    }
    event.sharedMap.set(SESSION_KEY, null)
    const config = await configForPage(authOptions, event)
    if (!config) return
    const { data, cookies } = await getSession(event.request, config)
    event.sharedMap.set(SESSION_KEY, data)
    writeAuthCookies(cookies, event)
  }
}

/** True for `/auth/<action>…`: the requests core answers itself rather than a page. */
function isAuthPath(pathname: string): boolean {
  if (!pathname.startsWith(`${QWIK_BASE_PATH}/`)) return false
  const action = pathname.slice(QWIK_BASE_PATH.length + 1).split("/")[0]
  return isAuthAction(action)
}

/**
 * A page still renders, signed out, when the app's config function throws: the failure is
 * logged, and only `/auth/*` (which cannot work without a config) answers with an error.
 */
async function configForPage(authOptions: AuthOptionsQrl, event: RequestEventCommon): Promise<QwikAuthConfig | null> {
  try {
    return await resolveConfig(authOptions, event)
  } catch (error) {
    reportError(undefined, new QwikAuthIntegrationError("SessionLookupError", "the auth config function failed", error))
    return null
  }
}

/** Qwik would parse these itself and lose their attributes: they go through `applySetCookies` instead. */
function withoutSetCookie(response: Response): Response {
  const headers = new Headers(response.headers)
  headers.delete("set-cookie")
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}
