import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Claims of a Descope ID token. */
export interface DescopeProfile extends ProviderClaims {
  sub: string
  name: string
  email: string
  email_verified: boolean
  phone_number?: string
  phone_number_verified?: boolean
  picture?: string
}

/**
 * Descope (OpenID Connect, `AUTH_DESCOPE_ID` / `AUTH_DESCOPE_SECRET`; the client id is the Descope
 * project id). The issuer defaults to `https://api.descope.com/<project id>`.
 */
export default function Descope(options: OAuthUserConfig<DescopeProfile> = {}): OIDCConfig<DescopeProfile> {
  const issuer = options.issuer ?? `https://api.descope.com/${options.clientId}`
  return {
    id: "descope",
    name: "Descope",
    type: "oidc",
    checks: ["pkce", "state"],
    style: { bg: "#1C1C23", text: "#ffffff" },
    options: { ...options, issuer },
  }
}
