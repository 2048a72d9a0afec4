import { session } from "../actions/session.js"
import { sessionFromAnswer } from "../integration/read-session.js"
import { type InsufficientUserAuthentication, refuseUnlessRecent, type StepUpNeed } from "../step-up/refuse-unless-recent.js"
import type { ResponseInternal, Session } from "../types.js"
import type { ServerInput, ServerResult } from "./server-input.js"
import { serverOptions, serverRequest } from "./server-request.js"

/** `getSession`'s input: with `stepUp`, the session must also pass the step-up check. */
export interface GetSessionInput extends ServerInput {
  /** The sign-in must be at most `maxAge` seconds old (default `session.freshAge`), with a second factor if asked. */
  stepUp?: StepUpNeed
}

export interface SessionResult extends ServerResult<Session | null> {
  /**
   * With `stepUp`: null when the sign-in is recent (and strong) enough, else core's answer
   * refusing it (step-up/refuse-unless-recent.ts): a redirect to `{basePath}/reauthenticate` for a
   * page (`redirect`), RFC 9470's 401 for an API (`status`, `headers`, `body`). Always null without them.
   */
  refused: ResponseInternal<InsufficientUserAuthentication> | null
}

/**
 * The session of the user's request, read as `GET {basePath}/session` reads it (the same action:
 * the app's `jwt` and `session` callbacks, revocation checks, the cookie renewed when due), the value
 * as that route's JSON (Dates as ISO text; an empty object is nobody). `cookies`
 * holds what that answer would set (a renewed or cleared session cookie). Throws the config's error
 * for a broken config.
 */
export async function getSession(input: GetSessionInput): Promise<SessionResult> {
  const request = serverRequest(input, { action: "session" })
  const prepared = serverOptions(request)
  const { options, cookies } = prepared instanceof Promise ? await prepared : prepared
  const answer = await session(request.internal, options)
  // As JSON, as the route answers it: a database session's Dates become ISO text here too.
  const value = sessionFromAnswer(answer.body)
  const written = cookies.length === 0 ? (answer.cookies ?? []) : [...cookies, ...(answer.cookies ?? [])]
  if (!input.stepUp) return { value, cookies: written, refused: null }
  // A page comes back to where it was (on AUTH_URL's origin when it pins one), not to the session route this call stands for.
  const url = input.url === undefined ? request.internal.url : new URL(pathAndQuery(new URL(input.url)), request.internal.url.origin)
  const refused = await refuseUnlessRecent({ ...request.internal, url }, options, input.stepUp)
  return { value: refused ? null : value, cookies: written, refused }
}

function pathAndQuery(url: URL): string {
  return `${url.pathname}${url.search}`
}

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
