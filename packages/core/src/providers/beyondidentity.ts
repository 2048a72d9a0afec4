import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Claims of a Beyond Identity ID token. */
export interface BeyondIdentityProfile extends ProviderClaims {
  sub: string
  name: string
  preferred_username: string
  email: string
}

/**
 * Beyond Identity, passwordless (OpenID Connect, `AUTH_BEYONDIDENTITY_ID` /
 * `AUTH_BEYONDIDENTITY_SECRET` / `AUTH_BEYONDIDENTITY_ISSUER`).
 */
export default function BeyondIdentity(options: OAuthUserConfig<BeyondIdentityProfile> = {}): OIDCConfig<BeyondIdentityProfile> {
  return {
    id: "beyondidentity",
    name: "Beyond Identity",
    type: "oidc",
    profile(profile) {
      return { id: profile.sub, email: profile.email, name: profile.name, image: null }
    },
    style: { bg: "#5077c5", text: "#fff" },
    options,
  }
}
