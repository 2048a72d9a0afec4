/**
 * `getAccessToken(event, providerId)` from `QwikAuth$`: the signed-in user's access token at a
 * provider, refreshed first when due (the provider's `tokenRefresh: true`), for route loaders,
 * actions and endpoints on the server.
 */
import type { RequestEventCommon } from "@builder.io/qwik-city"
import type { AccessToken } from "@gatehouse/core"
import { getAccessToken } from "@gatehouse/core/server"
import { resolveConfig, type AuthOptionsQrl } from "./resolve-config.js"
import { serverInput } from "./server-input.js"
import { writeAuthCookies } from "./write-cookies.js"

/**
 * A JWT session without an adapter keeps the tokens in its cookie: a refresh rewrites it through
 * `event.cookie`, so the response carries it (a loader runs before the response is sent).
 */
export function createAccessTokenHelper(authOptions: AuthOptionsQrl) {
  return async function accessTokenOf(event: RequestEventCommon, providerId: string): Promise<AccessToken | null> {
    const config = await resolveConfig(authOptions, event)
    const { value, cookies } = await getAccessToken({ ...serverInput(event, config), providerId })
    writeAuthCookies(cookies, event)
    return value
  }
}
