import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Claims of a "Sign In with LinkedIn using OpenID Connect" ID token. */
export interface LinkedInProfile extends ProviderClaims {
  sub: string
  name: string
  given_name: string
  family_name: string
  picture: string
  locale: string | { country: string; language: string }
  email: string
  email_verified: boolean
}

/**
 * LinkedIn (OpenID Connect, `AUTH_LINKEDIN_ID` / `AUTH_LINKEDIN_SECRET`).
 * LinkedIn's token endpoint takes the client secret in the body only and does not do PKCE.
 */
export default function LinkedIn(options: OAuthUserConfig<LinkedInProfile> = {}): OIDCConfig<LinkedInProfile> {
  return {
    id: "linkedin",
    name: "LinkedIn",
    type: "oidc",
    issuer: "https://www.linkedin.com/oauth",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    style: { bg: "#069", text: "#fff" },
    options,
  }
}
