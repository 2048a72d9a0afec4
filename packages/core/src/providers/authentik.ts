import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"
import authentikMark from "./brand-marks/authentik.js"

/** Claims of an authentik ID token. */
export interface AuthentikProfile extends ProviderClaims {
  iss: string
  sub: string
  aud: string
  email: string
  email_verified: boolean
  name: string
  given_name: string
  family_name?: string
  preferred_username: string
  nickname: string
  groups: string[]
}

/**
 * authentik (OpenID Connect, `AUTH_AUTHENTIK_ID` / `AUTH_AUTHENTIK_SECRET` / `AUTH_AUTHENTIK_ISSUER`).
 * The issuer is the application's: `https://authentik.example.com/application/o/{slug}/`.
 */
export default function Authentik(options: OAuthUserConfig<AuthentikProfile> = {}): OIDCConfig<AuthentikProfile> {
  return {
    id: "authentik",
    name: "Authentik",
    style: { mark: authentikMark },
    type: "oidc",
    options,
  }
}
