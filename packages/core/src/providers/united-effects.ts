import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Claims of a United Effects ID token. */
export interface UnitedEffectsProfile extends ProviderClaims {
  sub: string
  email: string
  name?: string
}

/**
 * United Effects (OpenID Connect, `AUTH_UNITED_EFFECTS_ID` / `AUTH_UNITED_EFFECTS_SECRET` /
 * `AUTH_UNITED_EFFECTS_ISSUER`); the issuer, `https://auth.unitedeffects.com/<authGroup>`, is also
 * the requested resource.
 */
export default function UnitedEffects(options: OAuthUserConfig<UnitedEffectsProfile> = {}): OIDCConfig<UnitedEffectsProfile> {
  return {
    id: "united-effects",
    name: "United Effects",
    type: "oidc",
    authorization: { params: { scope: "openid email profile", resource: options.issuer } },
    options,
  }
}
