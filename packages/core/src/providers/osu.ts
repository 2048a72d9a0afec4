import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import osuMark from "./brand-marks/osu.js"

/** `GET /api/v2/me` of the osu! API. */
export interface OsuProfile extends ProviderClaims {
  id: number
  username: string
  avatar_url: string
  country_code: string
  default_group: string
  is_active: boolean
  is_bot: boolean
  is_deleted: boolean
  is_online: boolean
  is_supporter: boolean
  last_visit: string | null
  pm_friends_only: boolean
  profile_colour: string | null
  join_date: string
  playmode?: string
}

/** osu! (OAuth 2, `AUTH_OSU_ID` / `AUTH_OSU_SECRET`), scope `identify`. osu! shares no email. */
export default function Osu(options: OAuthUserConfig<OsuProfile> = {}): OAuthConfig<OsuProfile> {
  return {
    id: "osu",
    name: "osu!",
    style: { mark: osuMark },
    type: "oauth",
    authorization: "https://osu.ppy.sh/oauth/authorize?scope=identify",
    token: "https://osu.ppy.sh/oauth/token",
    userinfo: "https://osu.ppy.sh/api/v2/me",
    profile(profile) {
      return { id: profile.id.toString(), name: profile.username, email: null, image: profile.avatar_url }
    },
    options,
  }
}
