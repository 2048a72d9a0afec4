import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"
import oktaMark from "./brand-marks/okta.js"

/** Claims of an Okta ID token. */
export interface OktaProfile extends ProviderClaims {
  iss: string
  sub: string
  aud: string
  name: string
  nickname?: string
  preferred_username: string
  given_name?: string
  family_name?: string
  email: string
  email_verified?: boolean
  picture?: string
  locale?: string
  zoneinfo?: string
}

/**
 * Okta (OpenID Connect, `AUTH_OKTA_ID` / `AUTH_OKTA_SECRET` / `AUTH_OKTA_ISSUER`).
 * Okta gets both PKCE and state.
 */
export default function Okta(options: OAuthUserConfig<OktaProfile> = {}): OIDCConfig<OktaProfile> {
  return {
    id: "okta",
    name: "Okta",
    type: "oidc",
    checks: ["pkce", "state"],
    style: { mark: oktaMark, bg: "#000", text: "#fff" },
    options,
  }
}
