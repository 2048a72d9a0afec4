import { configEnv } from "../config/config-env.js"
import { createActionURL } from "../config/create-action-url.js"
import type { InternalOptions } from "../config/internal-options.js"
import { requestOptions } from "../config/request-options.js"
import { resolveConfig } from "../config/resolve-config.js"
import { parseCookieHeader } from "../http/parse-cookie-header.js"
import type { RequestInternal } from "../http/request-internal.js"
import { serializeCookie } from "../http/serialize-cookie.js"
import { clearSessionCookie } from "../http/session-chunks.js"
import type { AuthConfig, RevokeTarget, SessionInfo } from "../types.js"
import { type CurrentSession, currentSession } from "./current-session.js"
import { listUserSessions } from "./list-user-sessions.js"
import { revokeAllOf, revokeFor } from "./revoke-user-sessions.js"
import { type SessionManagingAdapter, sessionManagingAdapter } from "./session-management-adapter.js"

/**
 * The signed-in user's sessions (by the request's cookies), or null when nobody is signed in.
 * For server code (a "Your devices" page): no CSRF check. Throws MissingAdapterMethods without an
 * adapter that manages sessions, and the adapter's error (AdapterError) when the database fails.
 */
export async function listSessions(request: Request, config: AuthConfig): Promise<SessionInfo[] | null> {
  const { current, adapter } = await sessionsRequest(request, config)
  return current.session ? listUserSessions(current.session, adapter) : null
}

/**
 * Revokes sessions on the request's behalf: one by its id, `{ scope: "others" }` or
 * `{ scope: "all" }`. For server code (a server action): no CSRF check, so only call it for a
 * request your framework already protects. `setCookie` holds Set-Cookie header values the caller
 * must send back: they clear the caller's own session cookie when it was among those revoked.
 */
export async function revokeSessions(
  request: Request,
  config: AuthConfig,
  target: RevokeTarget,
): Promise<{ revoked: number; signedOut: boolean; setCookie: string[] }> {
  const { current, adapter, options, cookies } = await sessionsRequest(request, config)
  const clear = () => clearSessionCookie(cookies, options.cookies.sessionToken).map(serializeCookie)
  if (!current.session) return { revoked: 0, signedOut: false, setCookie: current.stale ? clear() : [] }
  const { revoked, signedOut } = await revokeFor(current.session, target, options, adapter)
  return { revoked, signedOut, setCookie: signedOut ? clear() : [] }
}

/**
 * Ends every session of a user, in both strategies: after a password change, or from admin code.
 * No request needed. Returns how many sessions were ended; `events.sessionRevoked` fires
 * (reason "all-sessions"). JWT sessions stop working within `session.revocationCheckInterval`.
 */
export async function revokeUserSessions(config: AuthConfig, userId: string): Promise<number> {
  const resolved = resolveConfig(config)
  if (resolved.configError) throw resolved.configError
  return revokeAllOf(userId, resolved, sessionManagingAdapter(resolved.adapter))
}

/** The request's options and current session, as `{basePath}/sessions` would see them. */
async function sessionsRequest(
  request: Request,
  config: AuthConfig,
): Promise<{
  current: { session: CurrentSession | null; stale: boolean }
  adapter: SessionManagingAdapter
  options: InternalOptions
  cookies: Record<string, string>
}> {
  const resolved = resolveConfig(config)
  if (resolved.configError) throw resolved.configError
  const adapter = sessionManagingAdapter(resolved.adapter)
  const requestUrl = new URL(request.url)
  // A Request made in server code may carry no Host header: its URL names the host then.
  const headers = request.headers.has("host") ? request.headers : new Headers([...request.headers, ["host", requestUrl.host]])
  const url = createActionURL("sessions", requestUrl.protocol, headers, configEnv(config), {
    basePath: resolved.basePath,
    logger: config.logger,
  })
  const cookies = parseCookieHeader(request.headers.get("cookie"))
  const internal: RequestInternal = { url, method: "GET", action: "sessions", headers, cookies, query: {} }
  const { options } = await requestOptions(internal, resolved)
  return { current: await currentSession(cookies, options, adapter), adapter, options, cookies }
}
