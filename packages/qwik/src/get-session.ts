import { Auth } from "@gatehouse/core"
import { forwardedHeaders, reportError, sessionFromResponse } from "@gatehouse/core/integration"
import { QwikAuthIntegrationError } from "./integration-error.js"
import { QWIK_BASE_PATH } from "./set-env-defaults.js"
import type { QwikAuthConfig, SessionLookup } from "./types.js"

/** The session lookup plus the cookie lines to hand on one by one (the joined `cookie` can't be split safely). */
export interface SessionLookupWithCookies extends SessionLookup {
  setCookies: string[]
}

const NO_SESSION: SessionLookupWithCookies = { cookie: null, data: null, setCookies: [] }

/**
 * Asks core for the session of this request, exactly as `GET /auth/session` would answer it,
 * so the session callback, cookie refresh and database lookup all run the same way.
 * Any failure is logged and reads as "no session": a page must never see an error object
 * where it expects a session, nor crash because the lookup did.
 */
export async function getSession(request: Request, config: QwikAuthConfig): Promise<SessionLookupWithCookies> {
  try {
    const url = new URL(`${QWIK_BASE_PATH}/session`, request.url)
    const response = await Auth(new Request(url, { headers: forwardedHeaders(request.headers) }), config)
    if (response.status !== 200) {
      const detail = await response.text().catch(() => "")
      reportError(
        config.logger,
        new QwikAuthIntegrationError("SessionLookupError", `session lookup answered ${response.status} ${detail}`.trim()),
      )
      return NO_SESSION
    }
    const setCookies = response.headers.getSetCookie()
    const cookie = setCookies.length ? setCookies.join(", ") : null
    const data = await sessionFromResponse(response)
    return { cookie, data, setCookies }
  } catch (error) {
    reportError(config.logger, new QwikAuthIntegrationError("SessionLookupError", "session lookup failed", error))
    return NO_SESSION
  }
}
