import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import bitbucketMark from "./brand-marks/bitbucket.js"

/** `GET /2.0/user` of the Bitbucket Cloud API. */
export interface BitbucketProfile extends ProviderClaims {
  display_name: string
  links: Record<string, { href?: string }>
  created_on: string
  type: string
  uuid: string
  has_2fa_enabled: boolean | null
  username: string
  is_staff: boolean
  account_id: string
  nickname: string
  account_status: string
  location: string | null
}

/**
 * Bitbucket Cloud (OAuth 2, `AUTH_BITBUCKET_ID` / `AUTH_BITBUCKET_SECRET`), scope `account`.
 * `/2.0/user` carries no email, so users come without one, as in Auth.js.
 */
export default function Bitbucket(options: OAuthUserConfig<BitbucketProfile> = {}): OAuthConfig<BitbucketProfile> {
  return {
    id: "bitbucket",
    name: "Bitbucket",
    type: "oauth",
    authorization: {
      url: "https://bitbucket.org/site/oauth2/authorize",
      params: { scope: "account" },
    },
    token: "https://bitbucket.org/site/oauth2/access_token",
    userinfo: "https://api.bitbucket.org/2.0/user",
    profile(profile) {
      return {
        id: profile.account_id,
        name: profile.display_name ?? profile.username,
        image: profile.links.avatar?.href,
      }
    },
    style: { mark: bitbucketMark, text: "#fff", bg: "#205081" },
    options,
  }
}
