import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Claims of a Duende IdentityServer ID token. */
export interface DuendeISUser extends ProviderClaims {
  sub: string
  name?: string
  email?: string
  email_verified?: boolean
  picture?: string
}

/**
 * Duende IdentityServer 6 (OpenID Connect, `AUTH_DUENDE_IDENTITY_SERVER6_ID` /
 * `AUTH_DUENDE_IDENTITY_SERVER6_SECRET` / `AUTH_DUENDE_IDENTITY_SERVER6_ISSUER`).
 */
export default function DuendeIdentityServer6(options: OAuthUserConfig<DuendeISUser> = {}): OIDCConfig<DuendeISUser> {
  return {
    id: "duende-identity-server6",
    name: "DuendeIdentityServer6",
    type: "oidc",
    options,
  }
}
