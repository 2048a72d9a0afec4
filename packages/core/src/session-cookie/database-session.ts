import { SessionTokenError } from "../errors.js"
import type { InternalOptions } from "../providers/types.js"
import { emitEvent } from "../config/default-callbacks.js"
import { clearSessionCookie, readSessionCookie, writeSessionCookie, noStoreHeaders } from "../http/session-chunks.js"
import type { ResponseInternal, Session } from "../types.js"
import type { AdapterSession, Adapter, AdapterUser } from "../adapters.js"
import { authenticationOfDatabaseSession, withAuthentication } from "../step-up/session-authentication.js"

/**
 * The session kept in the database, looked up by the opaque token in the cookie. Expired rows
 * are deleted and read as no session; the row (and the cookie) are extended at most once per
 * `updateAge`.
 */
export async function readDatabaseSession(
  cookies: Record<string, string>,
  options: InternalOptions,
  update?: { data: unknown },
): Promise<ResponseInternal<Session | null>> {
  const adapter = options.adapter!
  const { callbacks, logger, session: sessionOptions } = options
  const cookie = options.cookies.sessionToken
  const response: ResponseInternal<Session | null> = { body: null, headers: { ...noStoreHeaders }, cookies: [] }
  const sessionToken = readSessionCookie(cookies, cookie.name)
  if (!sessionToken) return response

  try {
    let found = await adapter.getSessionAndUser(sessionToken)
    if (found && new Date(found.session.expires).valueOf() < Date.now()) {
      await adapter.deleteSession(sessionToken)
      found = null
    }
    if (!found) {
      response.cookies = clearSessionCookie(cookies, cookie)
      return response
    }

    const { user, session } = found
    const now = Date.now()
    let expires = new Date(session.expires)
    const lastExtended = expires.valueOf() - sessionOptions.maxAge * 1000
    if (update || lastExtended + sessionOptions.updateAge * 1000 <= now) {
      expires = new Date(now + sessionOptions.maxAge * 1000)
      // The last-seen time moves with the extension (once per updateAge), on adapters that keep it.
      await adapter.updateSession({ sessionToken, expires, ...(options.adapterManagesSessions ? { lastSeenAt: new Date(now) } : {}) })
      response.cookies = writeSessionCookie(cookies, cookie, sessionToken, expires, options.session.maxCookieChunks)
    }

    const payload = await callbacks.session({
      // A Date, as the adapter returns it and Auth.js passes it; the JSON answer turns it into ISO text.
      session: { ...session, expires, user, ...withAuthentication(authenticationOfDatabaseSession(session)) } as unknown as Session &
        Partial<AdapterSession>,
      user,
      newSession: update?.data,
      ...(update ? { trigger: "update" as const } : {}),
    } as Parameters<typeof callbacks.session>[0])
    const answer = withoutSessionToken(payload as Session, sessionToken)
    // `error: "RefreshTokenError"` once a provider refused: only with `tokenRefresh: TokenRefresh()`, which brings the check.
    response.body = options.tokenRefresh ? await options.tokenRefresh.withRefreshErrorOfUser(answer, user.id, options) : answer
    await emitEvent(options, "session", { session: payload as Session })
  } catch (error) {
    // The database may be down: log, answer "no session", and keep the cookie for later.
    logger.error(new SessionTokenError(error as Error))
  }
  return response
}

/**
 * The session as the client may see it: a callback that hands back the whole database session
 * would otherwise put the token of an HttpOnly cookie into JSON that page scripts can read.
 */
function withoutSessionToken(session: Session, sessionToken: string): Session {
  if (!session || typeof session !== "object" || (session as { sessionToken?: unknown }).sessionToken !== sessionToken) {
    return session
  }
  const { sessionToken: _token, ...rest } = session as Session & { sessionToken: string }
  return rest
}

/**
 * The database session a session token names, with its user, while it has not expired; null when
 * there is none or it ran out. The check every server-side read of a database session makes
 * (getAccessToken, the session-management requests, account linking); GET /session makes it too,
 * and deletes the expired row besides (session-cookie/database-session.ts).
 */
export async function liveDatabaseSession(
  sessionToken: string,
  adapter: Pick<Required<Adapter>, "getSessionAndUser">,
): Promise<{ session: AdapterSession; user: AdapterUser } | null> {
  const found = await adapter.getSessionAndUser(sessionToken)
  return found && new Date(found.session.expires).valueOf() >= Date.now() ? found : null
}
