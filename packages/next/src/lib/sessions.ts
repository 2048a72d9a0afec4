/**
 * `sessions` from `NextAuth()`: the signed-in user's sessions ("your devices") and their revocation, for
 * server components (`list`) and server actions / route handlers (`revoke*`). Core does the work
 * (`listSessions`, `revokeSessions`) on the user's behalf: the request handed to it carries the cookies and
 * headers Next gives this request, and the cookies core clears (the user revoked their own session) are
 * written through next/headers, as `signOut` does.
 */
import { listSessions, revokeSessions } from "@gatehouse/core"
import { cookieFromSetCookie, reportError } from "@gatehouse/core/integration"
import type { RevokeTarget } from "@gatehouse/core/types"
import type { ConfigResolver } from "./create-config-resolver.js"
import { writeCookies } from "./next-headers.js"
import { serverRequestContext } from "./server-request.js"
import { serverSessionConfig } from "./server-session-config.js"
import type { NextAuthResult, RevokeSessionsResult } from "./types.js"

type CoreConfig = Parameters<typeof listSessions>[1]

/**
 * Runs one of core's session functions for the user of this request: the request handed to it carries
 * this request's cookies and forwarded headers. A failure (no adapter methods, a database error) is
 * logged through the app's logger and thrown: a devices page must not show "no sessions" when it cannot
 * know, nor a revoke look done when it is not.
 */
async function forThisUser<T>(
  resolveConfig: ConfigResolver,
  run: (request: Request, config: CoreConfig) => Promise<T>,
  changesState?: { call: string },
): Promise<T> {
  const config = await resolveConfig(undefined)
  // Outside the try: reading next/headers is how Next learns the page is dynamic; that signal must reach Next.
  // A cross-site request is refused here too (MissingCSRF), before anything is revoked.
  const context = await serverRequestContext("sessions", config, changesState)
  try {
    return await run(new Request(context.url, { headers: context.headers }), serverSessionConfig(config) as CoreConfig)
  } catch (error) {
    reportError(config.logger, error)
    throw error
  }
}

async function revoke(resolveConfig: ConfigResolver, target: RevokeTarget, call: string): Promise<RevokeSessionsResult> {
  const { revoked, signedOut, setCookie } = await forThisUser(resolveConfig, (request, config) => revokeSessions(request, config, target), {
    call,
  })
  // Core hands cleared cookies back as Set-Cookie values; Next's cookie store takes them as objects.
  await writeCookies(setCookie.map(cookieFromSetCookie).filter((cookie) => cookie !== null))
  return { revoked, signedOut }
}

/**
 * The list, and the cookies core hands back with it (the session cookie re-issued when the app's jwt
 * callback changed the token, or cleared when its session is gone), written where Next allows it:
 * from server actions and route handlers. A server component cannot set cookies; there they are
 * skipped, as for getAccessToken (and as `auth()` there cannot store what the callback changed either).
 */
async function list(resolveConfig: ConfigResolver) {
  const { sessions, setCookie } = await forThisUser(resolveConfig, (request, config) =>
    listSessions(request, config, { withCookies: true }),
  )
  try {
    await writeCookies(setCookie.map(cookieFromSetCookie).filter((cookie) => cookie !== null))
  } catch {
    // A server component: Next refuses cookie writes there (see above).
  }
  return sessions
}

export function createSessions(resolveConfig: ConfigResolver): NextAuthResult["sessions"] {
  return {
    list: () => list(resolveConfig),
    revoke: (sessionId) => {
      if (typeof sessionId !== "string" || sessionId === "") {
        return Promise.reject(new TypeError("sessions.revoke(id) takes the id of one of the user's sessions, as sessions.list() gives it"))
      }
      return revoke(resolveConfig, { sessionId }, "sessions.revoke")
    },
    revokeOthers: () => revoke(resolveConfig, { scope: "others" }, "sessions.revokeOthers"),
    revokeAll: () => revoke(resolveConfig, { scope: "all" }, "sessions.revokeAll"),
  }
}
