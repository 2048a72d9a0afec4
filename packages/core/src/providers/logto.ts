import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Claims of a Logto ID token. */
export interface LogtoProfile extends ProviderClaims {
  sub: string
  name?: string | null
  username?: string | null
  picture?: string | null
  email?: string | null
  email_verified?: boolean
  phone_number?: string | null
  phone_number_verified?: boolean
  organizations?: string[]
  organization_roles?: string[]
}

/**
 * Logto (OpenID Connect, `AUTH_LOGTO_ID` / `AUTH_LOGTO_SECRET` / `AUTH_LOGTO_ISSUER`), with
 * offline access; the issuer is `https://<tenant>.logto.app/oidc`.
 */
export default function Logto(options: OAuthUserConfig<LogtoProfile> = {}): OIDCConfig<LogtoProfile> {
  return {
    id: "logto",
    name: "Logto",
    type: "oidc",
    authorization: { params: { scope: "offline_access openid email profile" } },
    profile(profile) {
      return { id: profile.sub, name: profile.name ?? profile.username, email: profile.email, image: profile.picture }
    },
    options,
  }
}
