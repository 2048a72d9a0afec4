import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Claims of a PingOne ID token. */
export interface PingProfile extends ProviderClaims {
  iss: string
  sub: string
  aud: string
  email?: string
  name?: string
  given_name?: string
  family_name?: string
  preferred_username?: string
  env?: string
  org?: string
}

/**
 * Ping Identity, PingOne (OpenID Connect, `AUTH_PING_ID_ID` / `AUTH_PING_ID_SECRET` /
 * `AUTH_PING_ID_ISSUER`); the issuer is `https://auth.pingone.<region>/<environment id>/as`.
 */
export default function PingId(options: OAuthUserConfig<PingProfile> = {}): OIDCConfig<PingProfile> {
  return {
    id: "ping-id",
    name: "Ping Identity",
    type: "oidc",
    options,
  }
}
