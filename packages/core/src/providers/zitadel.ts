import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Claims of a ZITADEL ID token. */
export interface ZitadelProfile extends ProviderClaims {
  iss: string
  sub: string
  aud: string | string[]
  azp: string
  email: string
  email_verified: boolean
  name: string
  given_name: string
  family_name: string
  preferred_username: string
  picture?: string
  locale?: string
  phone?: string
  phone_verified?: boolean
}

/**
 * ZITADEL (OpenID Connect, `AUTH_ZITADEL_ID` / `AUTH_ZITADEL_SECRET` / `AUTH_ZITADEL_ISSUER`).
 * The issuer is the instance domain, e.g. `https://acme-abc123.zitadel.cloud`.
 */
export default function Zitadel(options: OAuthUserConfig<ZitadelProfile> = {}): OIDCConfig<ZitadelProfile> {
  return {
    id: "zitadel",
    name: "ZITADEL",
    type: "oidc",
    options,
  }
}
