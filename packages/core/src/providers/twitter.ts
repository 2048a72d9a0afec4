import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import twitterMark from "./brand-marks/twitter.js"

/** `GET /2/users/me` of the X (Twitter) API v2. */
export interface TwitterProfile extends ProviderClaims {
  data: {
    id: string
    name: string
    username: string
    /** Only with the `users.email` scope. */
    email?: string
    location?: string
    verified?: boolean
    description?: string
    url?: string
    profile_image_url?: string
    protected?: boolean
    pinned_tweet_id?: string
    created_at?: string
  }
  includes?: { tweets?: Array<{ id: string; text: string }> }
}

/**
 * X, formerly Twitter (OAuth 2 with PKCE and state, `AUTH_TWITTER_ID` / `AUTH_TWITTER_SECRET`).
 * The email needs the `users.email` scope, which is not requested by default.
 */
export default function Twitter(options: OAuthUserConfig<TwitterProfile> = {}): OAuthConfig<TwitterProfile> {
  return {
    id: "twitter",
    name: "Twitter",
    type: "oauth",
    checks: ["pkce", "state"],
    authorization: "https://x.com/i/oauth2/authorize?scope=users.read tweet.read offline.access",
    token: "https://api.x.com/2/oauth2/token",
    userinfo: "https://api.x.com/2/users/me?user.fields=profile_image_url",
    profile({ data }) {
      return { id: data.id, name: data.name, email: data.email ?? null, image: data.profile_image_url }
    },
    style: { mark: twitterMark, bg: "#1da1f2", text: "#fff" },
    options,
  }
}
