import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"
import googleMark from "./brand-marks/google.js"

/** Claims of a Google ID token. */
export interface GoogleProfile extends ProviderClaims {
  iss: string
  aud: string
  azp: string
  sub: string
  email: string
  email_verified: boolean
  name: string
  given_name: string
  family_name?: string
  picture: string
  locale?: string
  /** The Google Workspace domain, for Workspace accounts. */
  hd?: string
  iat: number
  exp: number
  nbf?: number
  jti?: string
}

/**
 * Google (OpenID Connect, `AUTH_GOOGLE_ID` / `AUTH_GOOGLE_SECRET`).
 * Everything comes from discovery on `https://accounts.google.com`; the user is read from the
 * ID token with the default mapping (sub, name, email, picture).
 */
export default function Google(options: OAuthUserConfig<GoogleProfile> = {}): OIDCConfig<GoogleProfile> {
  return {
    id: "google",
    name: "Google",
    type: "oidc",
    issuer: "https://accounts.google.com",
    style: { mark: googleMark, brandColor: "#1a73e8" },
    options,
  }
}
