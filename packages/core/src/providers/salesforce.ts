import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Salesforce's userinfo response. */
export interface SalesforceProfile extends ProviderClaims {
  sub: string
  user_id?: string
  organization_id?: string
  nickname: string
  name?: string
  email: string
  email_verified?: boolean
  picture: string
}

/**
 * Salesforce (OpenID Connect, `AUTH_SALESFORCE_ID` / `AUTH_SALESFORCE_SECRET`), checked by PKCE,
 * state and nonce. The profile comes from the userinfo endpoint (`idToken: false`).
 * For a sandbox or My Domain, set `issuer` (`https://test.salesforce.com`, …).
 */
export default function Salesforce(options: OAuthUserConfig<SalesforceProfile> = {}): OIDCConfig<SalesforceProfile> {
  return {
    id: "salesforce",
    name: "Salesforce",
    type: "oidc",
    issuer: "https://login.salesforce.com",
    idToken: false,
    checks: ["pkce", "state", "nonce"],
    style: { bg: "#00a1e0" },
    options,
  }
}
