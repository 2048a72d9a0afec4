import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import instagramMark from "./brand-marks/instagram.js"

/** `GET /me?fields=id,username,account_type,name` of the Instagram Graph API. */
export interface InstagramProfile extends ProviderClaims {
  id: string
  username: string
  account_type: "BUSINESS" | "MEDIA_CREATOR" | "PERSONAL"
  name?: string
}

/**
 * Instagram (OAuth 2, `AUTH_INSTAGRAM_ID` / `AUTH_INSTAGRAM_SECRET`), scope `user_profile`; the
 * secret goes in the body. Instagram shares neither email nor picture.
 */
export default function Instagram(options: OAuthUserConfig<InstagramProfile> = {}): OAuthConfig<InstagramProfile> {
  return {
    id: "instagram",
    name: "Instagram",
    type: "oauth",
    authorization: "https://api.instagram.com/oauth/authorize?scope=user_profile",
    token: "https://api.instagram.com/oauth/access_token",
    userinfo: "https://graph.instagram.com/me?fields=id,username,account_type,name",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return { id: profile.id, name: profile.username, email: null, image: null }
    },
    style: { mark: instagramMark, bg: "#fff", text: "#000" },
    options,
  }
}
