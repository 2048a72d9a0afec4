import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import faceitMark from "./brand-marks/faceit.js"

/** `GET /auth/v1/resources/userinfo` of FACEIT. */
export interface FaceitProfile extends ProviderClaims {
  guid: string
  name: string
  email: string
  picture: string
  nickname?: string
  locale?: string
}

/**
 * FACEIT (OAuth 2, `AUTH_FACEIT_ID` / `AUTH_FACEIT_SECRET`). The token endpoint takes the client
 * credentials as HTTP Basic, core's default.
 */
export default function Faceit(options: OAuthUserConfig<FaceitProfile> = {}): OAuthConfig<FaceitProfile> {
  return {
    id: "faceit",
    name: "FACEIT",
    style: { mark: faceitMark },
    type: "oauth",
    authorization: "https://accounts.faceit.com/accounts?redirect_popup=true",
    token: "https://api.faceit.com/auth/v1/oauth/token",
    userinfo: "https://api.faceit.com/auth/v1/resources/userinfo",
    profile(profile) {
      return { id: profile.guid, name: profile.name, email: profile.email, image: profile.picture }
    },
    options,
  }
}
