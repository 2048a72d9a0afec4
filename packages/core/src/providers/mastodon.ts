import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import mastodonMark from "./brand-marks/mastodon.js"

/** `GET /api/v1/accounts/verify_credentials` of the Mastodon API. */
export interface MastodonProfile extends ProviderClaims {
  id: string
  username: string
  acct: string
  display_name: string
  locked: boolean
  bot: boolean
  created_at: string
  note: string
  url: string
  avatar: string
  avatar_static: string
  header: string
  header_static: string
  followers_count: number
  following_count: number
  statuses_count: number
  last_status_at: string | null
}

/**
 * Mastodon (OAuth 2, `AUTH_MASTODON_ID` / `AUTH_MASTODON_SECRET` / `AUTH_MASTODON_ISSUER`),
 * scope `read`. `issuer` is the instance, e.g. `https://mastodon.social`; Mastodon shares no email.
 */
export default function Mastodon(options: OAuthUserConfig<MastodonProfile> = {}): OAuthConfig<MastodonProfile> {
  const instance = options.issuer
  return {
    id: "mastodon",
    name: "Mastodon",
    style: { mark: mastodonMark },
    type: "oauth",
    authorization: `${instance}/oauth/authorize?scope=read`,
    token: `${instance}/oauth/token`,
    userinfo: `${instance}/api/v1/accounts/verify_credentials`,
    profile(profile) {
      return { id: profile.id, name: profile.username, image: profile.avatar_static, email: null }
    },
    options,
  }
}
