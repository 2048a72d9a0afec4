import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"
import keycloakMark from "./brand-marks/keycloak.js"

/** Claims of a Keycloak ID token. */
export interface KeycloakProfile extends ProviderClaims {
  iss: string
  sub: string
  aud: string
  azp: string
  sid?: string
  email: string
  email_verified: boolean
  name: string
  preferred_username: string
  given_name: string
  family_name: string
  picture?: string
}

/**
 * Keycloak (OpenID Connect, `AUTH_KEYCLOAK_ID` / `AUTH_KEYCLOAK_SECRET` / `AUTH_KEYCLOAK_ISSUER`).
 * The issuer is the realm URL, e.g. `https://sso.example.com/realms/acme`.
 */
export default function Keycloak(options: OAuthUserConfig<KeycloakProfile> = {}): OIDCConfig<KeycloakProfile> {
  return {
    id: "keycloak",
    name: "Keycloak",
    type: "oidc",
    style: { mark: keycloakMark, brandColor: "#428bca" },
    options,
  }
}
