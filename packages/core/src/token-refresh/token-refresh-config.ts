import { tokenRefreshOn } from "../access-token/access-token.js"
import { type AuthError, MissingOption } from "../errors.js"
import { carriedCode, type OptInOption, optInAdvice } from "../config/opt-in-option.js"
import type { TokenRefreshConfig, TokenRefreshModule } from "../providers/types.js"
import { tokenRefreshKey } from "../auth-options.js"

// The option's types are defined with InternalOptions (providers/types.ts): its functions are handed
// the options back, one recursive shape. Apps without `tokenRefresh` never load the refresh grant, its
// coordination across requests and instances, nor the RefreshTokenError reporting of GET /session.
export type { TokenRefreshConfig, TokenRefreshModule } from "../providers/types.js"
export { tokenRefreshKey }

/** The `tokenRefresh` option: the refresh grant, its coordination and its events come with it. */
export const tokenRefreshOption: OptInOption = { name: "tokenRefresh", factory: "TokenRefresh", entry: "token-refresh" }

/** The `tokenRefresh` option checked when the config is read: made by TokenRefresh(). */
export function resolveTokenRefresh(config: TokenRefreshConfig | undefined): { options?: TokenRefreshModule; error?: AuthError } {
  const { module, error } = carriedCode<TokenRefreshModule>(
    config,
    tokenRefreshKey,
    [
      "markSignInTokens",
      "storeSignInTokens",
      "withRefreshErrorOfToken",
      "withRefreshErrorOfUser",
      "accessTokenFromAccount",
      "accessTokenFromCookie",
    ],
    tokenRefreshOption,
  )
  return module ? { options: module } : { error }
}

/**
 * For the config's assertion: providers with `tokenRefresh: true` while the config lacks the
 * option, which brings the code; the flag alone would refresh nothing, silently.
 */
export function tokenRefreshWithoutItsCode(
  providers: readonly unknown[],
  config: TokenRefreshConfig | undefined,
): MissingOption | undefined {
  if (config !== undefined) return undefined
  const flagged = providers.filter(tokenRefreshOn).map((provider) => `"${(provider as { id: string }).id}"`)
  if (flagged.length === 0) return undefined
  const which = flagged.length === 1 ? `Provider ${flagged[0]} has` : `Providers ${flagged.join(", ")} have`
  return new MissingOption("token-refresh", `${which} tokenRefresh: true, which needs the refresh code: ${optInAdvice(tokenRefreshOption)}`)
}
