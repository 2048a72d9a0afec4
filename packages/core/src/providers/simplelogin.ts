import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"
import simpleloginMark from "./brand-marks/simplelogin.js"

/** Claims of a "Sign in with SimpleLogin" ID token. */
export interface SimpleLoginProfile extends ProviderClaims {
  id: number
  sub: string
  email: string
  email_verified: boolean
  name: string
  avatar_url?: string
  client: string
}

/**
 * SimpleLogin (OpenID Connect, `AUTH_SIMPLELOGIN_ID` / `AUTH_SIMPLELOGIN_SECRET`). The email may
 * be a SimpleLogin alias, which is the point.
 */
export default function SimpleLogin(options: OAuthUserConfig<SimpleLoginProfile> = {}): OIDCConfig<SimpleLoginProfile> {
  return {
    id: "simplelogin",
    name: "SimpleLogin",
    type: "oidc",
    issuer: "https://app.simplelogin.io",
    profile(profile) {
      return { id: profile.sub, name: profile.name, email: profile.email, image: profile.avatar_url }
    },
    style: { mark: simpleloginMark, brandColor: "#e3156a" },
    options,
  }
}
