import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import pinterestMark from "./brand-marks/pinterest.js"

/** `GET /v5/user_account` of the Pinterest API. */
export interface PinterestProfile extends ProviderClaims {
  account_type: "BUSINESS" | "PINNER"
  profile_image: string
  website_url: string
  username: string
}

/**
 * Pinterest (OAuth 2, `AUTH_PINTEREST_ID` / `AUTH_PINTEREST_SECRET`), scope `user_accounts:read`.
 * Pinterest has no stable numeric id or email here: the username is both id and name.
 */
export default function Pinterest(options: OAuthUserConfig<PinterestProfile> = {}): OAuthConfig<PinterestProfile> {
  return {
    id: "pinterest",
    name: "Pinterest",
    type: "oauth",
    authorization: {
      url: "https://www.pinterest.com/oauth",
      params: { scope: "user_accounts:read" },
    },
    token: "https://api.pinterest.com/v5/oauth/token",
    userinfo: "https://api.pinterest.com/v5/user_account",
    profile({ username, profile_image }) {
      return { id: username, name: username, image: profile_image, email: null }
    },
    style: { mark: pinterestMark, brandColor: "#bd081c" },
    options,
  }
}
