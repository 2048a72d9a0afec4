import { session } from "../actions/session.js"
import { sessionFromAnswer } from "../integration/read-session.js"
import type { Session } from "../types.js"
import type { ServerInput, ServerResult } from "./server-input.js"
import { serverOptions, serverRequest } from "./server-request.js"

/**
 * Updates the user's session as `POST {basePath}/session` does (the same action): the `jwt` callback
 * with trigger "update" (the `session` callback's `newSession` for database sessions). The value is
 * the new session, or null when nobody is signed in; `cookies` the new session cookie. Call it only
 * for a request the framework or `crossSiteCall` vouched for: no CSRF token is asked.
 */
export async function updateSession(input: ServerInput & { data?: unknown }): Promise<ServerResult<Session | null>> {
  const request = serverRequest(input, { action: "session", method: "POST", body: { data: input.data } })
  const { options, cookies } = await serverOptions(request)
  const answer = await session(request.internal, options)
  const ok = (answer.status ?? 200) < 300
  return { value: ok ? sessionFromAnswer(answer.body) : null, cookies: [...cookies, ...(answer.cookies ?? [])] }
}
