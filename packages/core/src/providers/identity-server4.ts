import type { ClaimsProfile, OAuthUserConfig, OIDCConfig } from "./types.js"

/**
 * IdentityServer4 (OpenID Connect, `AUTH_IDENTITY_SERVER4_ID` / `AUTH_IDENTITY_SERVER4_SECRET` /
 * `AUTH_IDENTITY_SERVER4_ISSUER`). For new deployments see `duende-identity-server6`.
 */
export default function IdentityServer4(options: OAuthUserConfig<ClaimsProfile> = {}): OIDCConfig<ClaimsProfile> {
  return {
    id: "identity-server4",
    name: "IdentityServer4",
    type: "oidc",
    options,
  }
}
