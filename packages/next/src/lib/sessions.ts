/**
 * `sessions` from `NextAuth()`: the signed-in user's sessions ("your devices") and their revocation, for
 * server components (`list`) and server actions / route handlers (`revoke*`). Core does the work
 * (`@gatehouse/core/server`'s `listSessions`, `revokeSessions`) on the user's behalf, with the cookies
 * and headers Next gives this request; the cookies core clears (the user revoked their own session) are
 * written through next/headers, as `signOut` does.
 */
import { reportError } from "@gatehouse/core/integration"
import { listSessions, revokeSessions, type ServerInput, type ServerResult } from "@gatehouse/core/server"
import type { RevokeTarget } from "@gatehouse/core/types"
import type { ConfigResolver } from "./create-config-resolver.js"
import { writeCookies } from "./next-headers.js"
import { serverRequestContext } from "./server-request.js"
import type { NextAuthResult, RevokeSessionsResult } from "./types.js"

/**
 * Runs one of core's session functions for the user of this request. A failure (no adapter methods, a
 * database error) is logged through the app's logger and thrown: a devices page must not show "no
 * sessions" when it cannot know, nor a revoke look done when it is not. The cookies core hands back
 * (the session cookie re-issued when the app's jwt callback changed the token, or cleared when its
 * session is gone or was revoked) are written where Next allows it: from server actions and route
 * handlers. A server component cannot set cookies; a listing there skips them (a revocation's write fails loudly).
 */
async function forThisUser<T>(
  resolveConfig: ConfigResolver,
  run: (input: ServerInput) => Promise<ServerResult<T>>,
  changesState?: { call: string },
): Promise<T> {
  const config = await resolveConfig(undefined)
  // Outside the try: reading next/headers is how Next learns the page is dynamic; that signal must reach Next.
  // A cross-site request is refused here too (MissingCSRF), before anything is revoked.
  const { input, finish } = await serverRequestContext("sessions", config, changesState)
  let result: ServerResult<T>
  try {
    result = await run(input)
  } catch (error) {
    reportError(config.logger, error)
    throw error
  }
  if (changesState) await writeCookies(finish(result.cookies))
  else {
    try {
      await writeCookies(finish(result.cookies))
    } catch {
      // A server component: Next refuses cookie writes there (see above).
    }
  }
  return result.value
}

function revoke(resolveConfig: ConfigResolver, target: RevokeTarget, call: string): Promise<RevokeSessionsResult> {
  return forThisUser(resolveConfig, (input) => revokeSessions({ ...input, target }), { call })
}

export function createSessions(resolveConfig: ConfigResolver): NextAuthResult["sessions"] {
  return {
    list: () => forThisUser(resolveConfig, listSessions),
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
