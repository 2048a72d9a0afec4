import { resolveConfig } from "../config/resolve-config.js"
import { serializeCookie } from "../http/to-response.js"
import type { AuthConfigInput } from "../handler/auth.js"
import { serverInputOf } from "./server-input.js"
import { listSessions as listServerSessions, revokeSessions as revokeServerSessions, sessionsCall } from "./sessions.js"
import type { AuthConfig, RevokeTarget, SessionInfo } from "../types.js"
import { listUserSessions } from "../sessions/list-user-sessions.js"
import { revokeAllOf } from "../sessions/revoke-user-sessions.js"
import type { SessionOwner } from "../sessions/session-owner.js"

/**
 * The signed-in user's sessions (by the request's cookies), or null when nobody is signed in.
 * `config` is the auth config or, as for `Auth`, a function of the request that returns it.
 * For server code (a "Your devices" page): no CSRF check. Throws MissingAdapterMethods without an
 * adapter that manages sessions, and the adapter's error (AdapterError) when the database fails.
 *
 * With `{ withCookies: true }`: `{ sessions, setCookie }`, where `setCookie` holds Set-Cookie header
 * values to send back where the response can still set cookies: they store what the app's jwt
 * callback changed in a JWT session's token (as GET /session would; an app refreshing its upstream
 * tokens there needs that), or clear a cookie whose session is gone. The integrations do this.
 */
export async function listSessions(request: Request, config: AuthConfigInput): Promise<SessionInfo[] | null>
export async function listSessions(
  request: Request,
  config: AuthConfigInput,
  options: { withCookies: true },
): Promise<{ sessions: SessionInfo[] | null; setCookie: string[] }>
export async function listSessions(
  request: Request,
  config: AuthConfigInput,
  callOptions?: { withCookies?: boolean },
): Promise<SessionInfo[] | null | { sessions: SessionInfo[] | null; setCookie: string[] }> {
  const input = await serverInputOf(request, config)
  if (!callOptions?.withCookies) {
    const { current } = await sessionsCall(input, "sets-no-cookies")
    return current.session ? await listUserSessions(current.session) : null
  }
  const { value, cookies } = await listServerSessions(input)
  return { sessions: value, setCookie: cookies.map(serializeCookie) }
}

/**
 * Revokes sessions on the request's behalf: one by its id, `{ scope: "others" }` or
 * `{ scope: "all" }`. For server code (a server action): no CSRF check, so only call it for a
 * request your framework already protects. `setCookie` holds Set-Cookie header values the caller
 * must send back: they clear the caller's own session cookie when it was among those revoked, or
 * store what the app's jwt callback changed in the session's token (as GET /session would).
 */
export async function revokeSessions(
  request: Request,
  config: AuthConfigInput,
  target: RevokeTarget,
): Promise<{ revoked: number; signedOut: boolean; setCookie: string[] }> {
  const { value, cookies } = await revokeServerSessions({ ...(await serverInputOf(request, config)), target })
  return { ...value, setCookie: cookies.map(serializeCookie) }
}

/**
 * Ends every session of a user, in both strategies: after a password change, or from admin code.
 * No request needed. `user` is an adapter user's id, or `{ provider, appUserId }` for an app's own
 * user (a Credentials provider whose `authorize` returns the app's users: its id there). Without an
 * adapter, with `session.store`, give the token's `sub` as the id. Returns how many sessions were
 * ended; `events.sessionRevoked` fires (reason "all-sessions"). JWT sessions stop working within
 * `session.revocationCheckInterval`.
 */
export async function revokeUserSessions(config: AuthConfig, user: string | { provider: string; appUserId: string }): Promise<number> {
  const resolved = resolveConfig(config)
  if (resolved.configError) throw resolved.configError
  const owner: SessionOwner =
    typeof user === "string" ? { kind: "user", userId: user } : { kind: "app", provider: user.provider, appUserId: String(user.appUserId) }
  return revokeAllOf(owner, resolved)
}
