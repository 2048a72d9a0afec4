import { reportError } from "@gatehouse/core/integration"
import { getSession as readSession, serializeCookie } from "@gatehouse/core/server"
import type { Cookie } from "@gatehouse/core/types"
import { QwikAuthIntegrationError } from "./integration-error.js"
import { serverInput } from "./server-input.js"
import type { QwikAuthConfig, SessionLookup } from "./types.js"

/** The session lookup plus the cookies to write one by one (the joined `cookie` can't be split safely). */
export interface SessionLookupWithCookies extends SessionLookup {
  cookies: Cookie[]
}

const NO_SESSION: SessionLookupWithCookies = { cookie: null, data: null, cookies: [] }

/**
 * The session of this request through core's `getSession` (the session action `GET /auth/session`
 * runs), so the session callback, cookie refresh and database lookup all run the same way. Any
 * failure is logged and reads as "no session": a page must never see an error object where it
 * expects a session, nor crash because the lookup did.
 */
export async function getSession(request: Request, config: QwikAuthConfig): Promise<SessionLookupWithCookies> {
  try {
    const { value, cookies } = await readSession(serverInput({ request }, config))
    // Upstream's `cookie`: the Set-Cookie lines the lookup would send, joined.
    const cookie = cookies.length ? cookies.map(serializeCookie).join(", ") : null
    return { cookie, data: value, cookies }
  } catch (error) {
    reportError(config.logger, new QwikAuthIntegrationError("SessionLookupError", "session lookup failed", error))
    return NO_SESSION
  }
}
