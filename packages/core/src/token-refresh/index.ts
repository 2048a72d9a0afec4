/**
 * `@gatehouse/core/token-refresh`: brings the code behind the providers' `tokenRefresh: true`:
 * `getAccessToken` refreshes an access token about to expire with the refresh grant, race-safe (one
 * refresh per refresh token across concurrent requests and instances), emits `tokenRefreshed` and
 * `tokenRefreshFailed`, and `GET /session` reports `error: "RefreshTokenError"` once the provider
 * refused (docs/access-tokens.md). Its own entry point, so that apps that never refresh bundle none of it.
 *
 * ```ts
 * import { TokenRefresh } from "@gatehouse/core/token-refresh"
 * export const config = { adapter, providers: [Google({ tokenRefresh: true })], tokenRefresh: TokenRefresh() }
 * ```
 */
import { accessTokenFromAccount } from "../access-token/account-tokens.js"
import { accessTokenFromCookie, markUpstreamTokens } from "../access-token/cookie-tokens.js"
import { withRefreshErrorOfToken, withRefreshErrorOfUser } from "../access-token/refresh-error.js"
import { storeSignInTokens } from "../access-token/sign-in-tokens.js"
import { type TokenRefreshConfig, tokenRefreshKey } from "./token-refresh-config.js"

export type { TokenRefreshConfig } from "./token-refresh-config.js"

/** The `tokenRefresh` option: the providers with `tokenRefresh: true` have their access tokens refreshed. */
export function TokenRefresh(): TokenRefreshConfig {
  return {
    [tokenRefreshKey]: {
      markSignInTokens: markUpstreamTokens,
      storeSignInTokens,
      withRefreshErrorOfToken,
      withRefreshErrorOfUser,
      accessTokenFromAccount,
      accessTokenFromCookie,
    },
  }
}
