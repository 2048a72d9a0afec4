/**
 * The refresh-token grant's request at the provider's token endpoint, through oauth4webapi. Reached
 * only through `tokenRefresh: TokenRefresh()` (access-token/refresh-grant.ts): apps that never
 * refresh bundle and load none of it.
 */
import * as oauth from "oauth4webapi"
import type { InternalProvider } from "../providers/types.js"
import { AccessTokenRefreshError, RefreshTokenError } from "../errors.js"
import { authorizationServerFor } from "./authorization-server.js"
import { clientAuthentication, clientOf } from "./client-auth.js"
import { verifyIdTokenSignature } from "./id-token-signature.js"
import { providerRequestOptions } from "./provider-request-options.js"

/**
 * Throws RefreshTokenError when the provider refuses the refresh token (`invalid_grant`), final
 * for that token; anything else (network, 5xx, another OAuth error) is AccessTokenRefreshError,
 * which may pass. A new ID token in the answer is checked like the one at sign-in.
 */
export async function requestRefreshedTokens(
  provider: InternalProvider<"oauth">,
  refreshToken: string,
  timeoutMs: number,
): Promise<oauth.TokenEndpointResponse> {
  try {
    const requestOptions = providerRequestOptions(provider)
    const as = await authorizationServerFor(provider)
    const client = clientOf(provider)
    let response = await oauth.refreshTokenGrantRequest(as, client, clientAuthentication(provider, as), refreshToken, {
      ...requestOptions,
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (provider.token?.conform) response = (await provider.token.conform(response.clone())) ?? response
    const tokens = await oauth.processRefreshTokenResponse(as, client, response)
    await verifyIdTokenSignature(as, response, tokens, requestOptions)
    return tokens
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError && error.error === "invalid_grant") {
      throw new RefreshTokenError("The provider refused the refresh token", { err: error, provider: provider.id })
    }
    throw new AccessTokenRefreshError("The access token could not be refreshed", { err: error as Error, provider: provider.id })
  }
}
