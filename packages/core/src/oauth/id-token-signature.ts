/** The ID token's signature, checked against the issuer's published keys. */
import * as oauth from "oauth4webapi"
import type { ProviderRequestOptions } from "./provider-request-options.js"

/**
 * oauth4webapi validates the ID token's claims (iss, aud, exp, iat, nonce, azp) but, as OIDC
 * allows for a token received straight from the token endpoint, not its signature. Where the
 * issuer publishes a JWKS the signature is verified too (by oauth4webapi), so a token endpoint
 * answer that was tampered with on its way cannot pass. HMAC-signed ID tokens (keyed with the
 * client secret) and providers without a JWKS are left to the claim checks: oauth4webapi refuses
 * an `HS*` token's signature check before it fetches anything, and that refusal is the skip.
 */
export async function verifyIdTokenSignature(
  as: oauth.AuthorizationServer,
  tokenResponse: Response,
  tokens: oauth.TokenEndpointResponse,
  requestOptions: ProviderRequestOptions,
): Promise<void> {
  if (!tokens.id_token || !as.jwks_uri) return
  try {
    await oauth.validateApplicationLevelSignature(as, tokenResponse, requestOptions)
  } catch (error) {
    const alg = (error as { cause?: { alg?: unknown } }).cause?.alg
    if (error instanceof oauth.UnsupportedOperationError && typeof alg === "string" && alg.startsWith("HS")) return
    throw error
  }
}
