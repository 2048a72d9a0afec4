/**
 * `@gatehouse/core/server`: the server-side operations as plain functions over the user's request
 * headers (or cookies) and the config, each answering `{ value, cookies }` with core's cookie
 * records for the framework to write. The HTTP routes run the same actions; nothing here builds a
 * `Request` to ask them. What the framework integrations are made of, and what a custom one needs.
 *
 * ```ts
 * import { configPreparer, getSession } from "@gatehouse/core/server"
 * const prepare = configPreparer({ defaultBasePath: "/auth" })
 * const { value: session, cookies } = await getSession({ headers: request.headers, config: prepare(authConfig) })
 * ```
 */
export type { ServerInput, ServerResult } from "./server-input.js"
export { configPreparer, type ConfigSettings } from "./prepare-config.js"
export { getSession, type GetSessionInput, type SessionResult } from "./get-session.js"
export { signIn, type SignInInput } from "./sign-in.js"
export { signOut, type SignOutInput } from "./sign-out.js"
export { updateSession } from "./update-session.js"
export { listSessions, revokeSessions } from "./sessions.js"
export { getAccessToken } from "./get-access-token.js"
export { getAccount } from "./get-account.js"
export type { AccountSummary } from "../account/account-summary.js"
export { crossSiteCall } from "./cross-site-call.js"
export { failureUrl, targetOrFailure } from "./failure-url.js"
export { isCrossOriginFormPost } from "./cross-origin-form-post.js"
export { privateHeaderValue, markPrivate } from "../integration/private-cache-headers.js"
export { serializeCookie, toResponse } from "../http/to-response.js"
