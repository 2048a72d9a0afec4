/**
 * `getAccessToken(event, providerId)` from `QwikAuth$`: the signed-in user's access token at a
 * provider, refreshed first when due (the provider's `tokenRefresh: true`), for route loaders,
 * actions and endpoints on the server.
 */
import type { RequestEventCommon } from "@builder.io/qwik-city"
import { type AccessToken, getAccessToken } from "@gatehouse/core"
import { forwardedHeaders } from "@gatehouse/core/integration"
import { applySetCookies } from "./parse-set-cookie.js"
import { resolveConfig, type AuthOptionsQrl } from "./resolve-config.js"
import { QWIK_BASE_PATH } from "./set-env-defaults.js"

/**
 * A JWT session without an adapter keeps the tokens in its cookie: a refresh rewrites it through
 * `event.cookie`, so the response carries it (a loader runs before the response is sent).
 */
export function createAccessTokenHelper(authOptions: AuthOptionsQrl) {
  return async function accessTokenOf(event: RequestEventCommon, providerId: string): Promise<AccessToken | null> {
    const config = await resolveConfig(authOptions, event)
    const request = new Request(new URL(`${QWIK_BASE_PATH}/session`, event.request.url), {
      headers: forwardedHeaders(event.request.headers),
    })
    const { token, cookies } = await getAccessToken(request, config, providerId, { withCookies: true })
    applySetCookies(cookies, event)
    return token
  }
}
