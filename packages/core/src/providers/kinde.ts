import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Claims of a Kinde ID token. */
export interface KindeProfile extends ProviderClaims {
  sub: string
  given_name?: string
  family_name?: string
  name?: string
  email: string
  picture?: string
  preferred_username?: string
  org_codes?: string[]
}

/**
 * Kinde (OpenID Connect with state and PKCE, `AUTH_KINDE_ID` / `AUTH_KINDE_SECRET` /
 * `AUTH_KINDE_ISSUER`); the issuer is the business domain, e.g. `https://acme.kinde.com`.
 */
export default function Kinde(options: OAuthUserConfig<KindeProfile> = {}): OIDCConfig<KindeProfile> {
  return {
    id: "kinde",
    name: "Kinde",
    type: "oidc",
    checks: ["state", "pkce"],
    style: { text: "#0F0F0F", bg: "#fff" },
    options,
  }
}
