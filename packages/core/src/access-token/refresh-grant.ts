/** One refresh-token grant at the provider's token endpoint. */
import type { InternalProvider } from "../providers/types.js"
import { requestRefreshedTokens } from "../oauth/refresh-token-request.js"

/** What a refresh yields: `expires_at` in seconds since the epoch, when the provider said. */
export interface RefreshedTokens {
  access_token: string
  refresh_token?: string
  expires_at?: number
  id_token?: string
  token_type?: string
  scope?: string
}

/**
 * A token request that hangs must end well before a claim on the refresh (refresh-lease.ts)
 * runs out, so that no other instance takes over a refresh that is still going on.
 */
export const refreshTimeoutMs = 10_000

/**
 * Throws RefreshTokenError when the provider refuses the refresh token (`invalid_grant`), final
 * for that token; anything else (network, 5xx, another OAuth error) is AccessTokenRefreshError,
 * which may pass. A new ID token in the answer is checked like the one at sign-in.
 */
export async function refreshGrant(provider: InternalProvider<"oauth">, refreshToken: string): Promise<RefreshedTokens> {
  const tokens = await requestRefreshedTokens(provider, refreshToken, refreshTimeoutMs)
  const refreshed: RefreshedTokens = { access_token: tokens.access_token }
  if (typeof tokens.refresh_token === "string") refreshed.refresh_token = tokens.refresh_token
  if (tokens.expires_in !== undefined) refreshed.expires_at = Math.floor(Date.now() / 1000) + Number(tokens.expires_in)
  if (typeof tokens.id_token === "string") refreshed.id_token = tokens.id_token
  if (typeof tokens.token_type === "string") refreshed.token_type = tokens.token_type
  if (typeof tokens.scope === "string") refreshed.scope = tokens.scope
  return refreshed
}
