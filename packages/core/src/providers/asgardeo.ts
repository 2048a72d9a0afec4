import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Claims of an Asgardeo ID token. */
export interface AsgardeoProfile extends ProviderClaims {
  sub: string
  given_name?: string
  family_name?: string
  email?: string
  picture?: string
}

/**
 * Asgardeo by WSO2 (OpenID Connect, `AUTH_ASGARDEO_ID` / `AUTH_ASGARDEO_SECRET` /
 * `AUTH_ASGARDEO_ISSUER`). The issuer is `https://api.asgardeo.io/t/<org>/oauth2/token`.
 * (`wellKnown` is informational: discovery always uses the issuer.)
 */
export default function Asgardeo(options: OAuthUserConfig<AsgardeoProfile> = {}): OIDCConfig<AsgardeoProfile> {
  return {
    id: "asgardeo",
    name: "Asgardeo",
    type: "oidc",
    wellKnown: `${options.issuer}/oauth2/token/.well-known/openid-configuration`,
    style: { bg: "#000", text: "#fff" },
    options,
  }
}
