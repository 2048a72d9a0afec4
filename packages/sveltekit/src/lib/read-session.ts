import { error, redirect, type RequestEvent } from "@sveltejs/kit"
import { reportError } from "@gatehouse/core/integration"
import { getSession } from "@gatehouse/core/server"
import type { AuthConfig, Session } from "@gatehouse/core/types"
import { applyAuthCookies } from "./apply-auth-cookies.js"
import { readInput } from "./server-input.js"
import type { KitRuntime } from "./kit-runtime.js"

/** `locals.auth({ maxAge, secondFactor })`: a session that must also come from a recent (and strong) enough sign-in. */
export interface RecentAuthenticationOptions {
  /** The sign-in must be at most this many seconds old (default: `session.freshAge`, 600). */
  maxAge?: number
  /** The sign-in must have used a second factor. */
  secondFactor?: boolean
  /** Where a page comes back to once re-authenticated. Default: the request's URL. */
  callbackUrl?: string
}

/**
 * The session of the request, through core's `getSession` (the session action `GET /auth/session`
 * runs), so callbacks, events and cookie refreshes behave exactly alike. Any failure reads as "not
 * signed in" (null), logged through the app's logger: a page guarded by `if (!session)` must never
 * be opened by an error value.
 */
export async function readSession(event: RequestEvent, config: AuthConfig, runtime: KitRuntime): Promise<Session | null> {
  if (runtime.building) return null
  try {
    const { value, cookies } = await getSession(readInput(event, config))
    applyAuthCookies(event, cookies)
    return value
  } catch (failure) {
    reportError(config.logger, failure)
    return null
  }
}

/**
 * The session, refused unless its sign-in is recent (and strong) enough, by core's step-up check:
 * a page is redirected (303) to `/auth/reauthenticate`, which brings it back; an API request gets
 * RFC 9470's 401 with `WWW-Authenticate: Bearer error="insufficient_user_authentication"`.
 */
export async function readRecentSession(
  event: RequestEvent,
  config: AuthConfig,
  runtime: KitRuntime,
  need: RecentAuthenticationOptions,
): Promise<Session | null> {
  if (runtime.building) return null
  let result: Awaited<ReturnType<typeof getSession>>
  try {
    result = await getSession({ ...readInput(event, config, true), stepUp: need })
  } catch (failure) {
    reportError(config.logger, failure)
    error(500, "The session could not be read")
  }
  applyAuthCookies(event, result.cookies)
  const refused = result.refused
  if (!refused) return result.value
  if (refused.redirect) redirect(303, refused.redirect)
  const challenge = refused.headers?.["WWW-Authenticate"]
  if (challenge) event.setHeaders({ "www-authenticate": challenge, "cache-control": "no-store" })
  error(401, refused.body?.error_description ?? "A more recent sign-in is required")
}
