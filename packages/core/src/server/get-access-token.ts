import type { AccessToken } from "../access-token/access-token.js"
import { accessTokenForServer } from "./access-token-of-request.js"
import type { ServerInput, ServerResult } from "./server-input.js"

/**
 * The signed-in user's access token at `providerId` (refreshed first when due), or null; `cookies`
 * store a refresh kept in a JWT session's cookie, or what the app's jwt callback changed. See core's
 * `getAccessToken` for the rules. Throws InvalidProvider when `providerId` is not an OAuth or OIDC provider.
 */
export async function getAccessToken(input: ServerInput & { providerId: string }): Promise<ServerResult<AccessToken | null>> {
  const { token, cookies } = await accessTokenForServer(input, input.providerId)
  return { value: token, cookies }
}
