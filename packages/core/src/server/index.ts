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
import type { AccessToken } from "../access-token/access-token.js"
import { accessTokenForServer } from "./access-token-of-request.js"
import type { ServerInput, ServerResult } from "./server-input.js"

export type { ServerInput, ServerResult } from "./server-input.js"
export { configPreparer, type ConfigSettings } from "./prepare-config.js"
export { getSession, updateSession, type GetSessionInput, type SessionResult } from "./get-session.js"
export { signIn, type SignInInput } from "./sign-in.js"
export { signOut, type SignOutInput } from "./sign-out.js"
export { listSessions, revokeSessions } from "./sessions.js"
export { getAccount } from "./get-account.js"
export type { AccountSummary } from "../account/account-summary.js"
export { failureUrl, targetOrFailure } from "./failure-url.js"
export { crossSiteCall, isCrossOriginFormPost } from "./cross-origin-form-post.js"
export { privateHeaderValue, markPrivate } from "../integration/private-cache-headers.js"
export { serializeCookie, toResponse } from "../http/to-response.js"

/**
 * The signed-in user's access token at `providerId` (refreshed first when due), or null; `cookies`
 * store a refresh kept in a JWT session's cookie, or what the app's jwt callback changed. See core's
 * `getAccessToken` for the rules. Throws InvalidProvider when `providerId` is not an OAuth or OIDC provider.
 */
export async function getAccessToken(input: ServerInput & { providerId: string }): Promise<ServerResult<AccessToken | null>> {
  const { token, cookies } = await accessTokenForServer(input, input.providerId)
  return { value: token, cookies }
}
