import type { RequestEventCommon } from "@builder.io/qwik-city"
import { getSession } from "@gatehouse/core/server"
import type { Session } from "@gatehouse/core/types"
import { resolveConfig, type AuthOptionsQrl } from "./resolve-config.js"
import { serverInput } from "./server-input.js"
import { writeAuthCookies } from "./write-cookies.js"

/** What a sensitive route asks of the sign-in: at most `maxAge` seconds old (default `session.freshAge`), with a second factor. */
export interface RecentAuthenticationOptions {
  maxAge?: number
  secondFactor?: boolean
  /** Where a page comes back to once re-authenticated. Default: the request's URL. */
  callbackUrl?: string
}

/**
 * `requireRecentAuthentication(event, { maxAge, secondFactor })` from `QwikAuth$`, for route loaders,
 * actions and endpoints guarding a sensitive operation: the session when its sign-in is recent (and
 * strong) enough, by core's step-up check; else a page is redirected (303) to `/auth/reauthenticate`,
 * which brings it back, and an API request gets RFC 9470's 401 with
 * `WWW-Authenticate: Bearer error="insufficient_user_authentication"`.
 */
export function createStepUpHelper(authOptions: AuthOptionsQrl) {
  return async function requireRecentAuthentication(event: RequestEventCommon, need: RecentAuthenticationOptions = {}): Promise<Session> {
    const config = await resolveConfig(authOptions, event)
    const { value, cookies, refused } = await getSession({ ...serverInput(event, config), stepUp: need, url: event.url })
    writeAuthCookies(cookies, event)
    if (!refused && value) return value
    if (refused?.redirect) throw event.redirect(303, refused.redirect)
    const challenge = refused?.headers?.["WWW-Authenticate"]
    if (challenge) event.headers.set("WWW-Authenticate", challenge)
    event.headers.set("Cache-Control", "no-store")
    throw event.error(401, refused?.body ?? { error: "insufficient_user_authentication" })
  }
}
