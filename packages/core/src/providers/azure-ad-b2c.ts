import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Claims of an Azure AD B2C ID token (a user flow with email and display name). */
export interface AzureADB2CProfile extends ProviderClaims {
  iss: string
  sub: string
  aud: string
  exp: number
  nbf: number
  iat: number
  auth_time: number
  ver: string
  oid: string
  name: string
  emails?: string[]
  preferred_username?: string
  country?: string
  postalCode?: string
  /** The user flow (policy) that issued the token. */
  tfp?: string
}

/**
 * Azure AD B2C (OpenID Connect, `AUTH_AZURE_AD_B2C_ID` / `AUTH_AZURE_AD_B2C_SECRET` /
 * `AUTH_AZURE_AD_B2C_ISSUER`). The issuer names tenant and user flow:
 * `https://<tenant>.b2clogin.com/<tenant id>/v2.0/`, with the flow as `p` in `authorization.params`.
 * B2C puts email addresses in an `emails` array.
 */
export default function AzureADB2C(options: OAuthUserConfig<AzureADB2CProfile> = {}): OIDCConfig<AzureADB2CProfile> {
  return {
    id: "azure-ad-b2c",
    name: "Azure AD B2C",
    type: "oidc",
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? profile.preferred_username, email: profile?.emails?.[0], image: null }
    },
    style: { text: "#fff", bg: "#0072c6" },
    options,
  }
}
