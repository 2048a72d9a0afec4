/**
 * `sessions` from `NextAuth()`: the signed-in user's sessions ("your devices") and their revocation, for
 * server components (`list`) and server actions / route handlers (`revoke*`). Core does the work
 * (`@gatehouse/core/server`'s `listSessions`, `revokeSessions`) on the user's behalf, with the cookies
 * and headers Next gives this request; the cookies core clears (the user revoked their own session) are
 * written through next/headers, as `signOut` does.
 */
import { listSessions, revokeSessions } from "@gatehouse/core/server"
import type { RevokeTarget } from "@gatehouse/core/types"
import type { ConfigResolver } from "./create-config-resolver.js"
import { forThisUser } from "./for-this-user.js"
import type { NextAuthResult, RevokeSessionsResult } from "./types.js"

function revoke(resolveConfig: ConfigResolver, target: RevokeTarget, call: string): Promise<RevokeSessionsResult> {
  return forThisUser(resolveConfig, "sessions", (input) => revokeSessions({ ...input, target }), { call })
}

export function createSessions(resolveConfig: ConfigResolver): NextAuthResult["sessions"] {
  return {
    list: () => forThisUser(resolveConfig, "sessions", listSessions),
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
