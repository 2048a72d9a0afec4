import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Vipps MobilePay's userinfo response (what the requested scopes allow). */
export interface VippsProfile extends ProviderClaims {
  sub: string
  name: string
  given_name: string
  family_name: string
  email: string
  email_verified: boolean
  phone_number?: string
  birthdate?: string
  sid?: string
}

/**
 * Vipps MobilePay login (OpenID Connect, `AUTH_VIPPS_ID` / `AUTH_VIPPS_SECRET`), scope
 * `openid name email`, checked by PKCE, state and nonce. The profile comes from the userinfo
 * endpoint (`idToken: false`). For the test environment set the `issuer` to
 * `https://apitest.vipps.no/access-management-1.0/access/`.
 */
export default function Vipps(options: OAuthUserConfig<VippsProfile> = {}): OIDCConfig<VippsProfile> {
  return {
    id: "vipps",
    name: "Vipps",
    type: "oidc",
    issuer: "https://api.vipps.no/access-management-1.0/access/",
    authorization: { params: { scope: "openid name email" } },
    idToken: false,
    checks: ["pkce", "state", "nonce"],
    style: { brandColor: "#f05c18" },
    options,
  }
}
