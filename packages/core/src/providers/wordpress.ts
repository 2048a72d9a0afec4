import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import wordpressMark from "./brand-marks/wordpress.js"

/** `GET /rest/v1/me` of the WordPress.com REST API. */
export interface WordPressProfile extends ProviderClaims {
  ID: number
  display_name: string
  username: string
  email: string
  primary_blog?: number
  avatar_URL: string
  profile_URL?: string
  email_verified?: boolean
}

/** WordPress.com (OAuth 2, `AUTH_WORDPRESS_ID` / `AUTH_WORDPRESS_SECRET`), scope `auth`. */
export default function WordPress(options: OAuthUserConfig<WordPressProfile> = {}): OAuthConfig<WordPressProfile> {
  return {
    id: "wordpress",
    name: "WordPress.com",
    style: { mark: wordpressMark },
    type: "oauth",
    authorization: "https://public-api.wordpress.com/oauth2/authorize?scope=auth",
    token: "https://public-api.wordpress.com/oauth2/token",
    userinfo: "https://public-api.wordpress.com/rest/v1/me",
    profile(profile) {
      // WordPress.com ids are numbers; account ids are stored as strings.
      return { id: String(profile.ID), name: profile.display_name, email: profile.email, image: profile.avatar_URL }
    },
    options,
  }
}
