import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"
import auth0Mark from "./brand-marks/auth0.js"

/** Claims of an Auth0 ID token (with the standard profile and email scopes). */
export interface Auth0Profile extends ProviderClaims {
  sub: string
  name: string
  nickname: string
  given_name?: string
  family_name?: string
  picture: string
  email: string
  email_verified: boolean
  updated_at: string
}

/**
 * Auth0 (OpenID Connect, `AUTH_AUTH0_ID` / `AUTH_AUTH0_SECRET` / `AUTH_AUTH0_ISSUER`).
 * The issuer is the tenant's domain, e.g. `https://dev-abc123.eu.auth0.com`.
 */
export default function Auth0(options: OAuthUserConfig<Auth0Profile> = {}): OIDCConfig<Auth0Profile> {
  return {
    id: "auth0",
    name: "Auth0",
    type: "oidc",
    style: { mark: auth0Mark, text: "#fff", bg: "#EB5424" },
    options,
  }
}
