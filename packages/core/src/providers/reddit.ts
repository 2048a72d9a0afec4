import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import redditMark from "./brand-marks/reddit.js"

/** `GET /api/v1/me` of the Reddit API. */
export interface RedditProfile extends ProviderClaims {
  id: string
  name: string
  icon_img?: string
  snoovatar_img?: string
  verified?: boolean
  has_verified_email?: boolean
  created_utc?: number
}

/**
 * Reddit (OAuth 2 with state, `AUTH_REDDIT_ID` / `AUTH_REDDIT_SECRET`), scope `identity`.
 * Reddit shares no email; the default mapping takes `id` and `name`.
 */
export default function Reddit(options: OAuthUserConfig<RedditProfile> = {}): OAuthConfig<RedditProfile> {
  return {
    id: "reddit",
    name: "Reddit",
    type: "oauth",
    authorization: "https://www.reddit.com/api/v1/authorize?scope=identity",
    token: "https://www.reddit.com/api/v1/access_token",
    userinfo: "https://oauth.reddit.com/api/v1/me",
    checks: ["state"],
    style: { mark: redditMark, brandColor: "#FF4500" },
    options,
  }
}
