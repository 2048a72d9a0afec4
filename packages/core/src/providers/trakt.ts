import type { Profile } from "../shared-types.js"
import { fetchProviderJson } from "./fetch-provider-json.js"
import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import traktMark from "./brand-marks/trakt.js"

/** `GET /users/me?extended=full` of the Trakt API. */
export interface TraktUser extends ProviderClaims {
  username: string
  private: boolean
  name: string
  vip: boolean
  vip_ep: boolean
  ids: { slug: string }
  joined_at: string
  location: string | null
  about: string | null
  gender: string | null
  age: number | null
  images: { avatar: { full: string } }
}

/**
 * Trakt (OAuth 2, `AUTH_TRAKT_ID` / `AUTH_TRAKT_SECRET`). Every Trakt API call names the API
 * version and the app (its client id). Trakt shares no email, and forbids hotlinking avatars.
 */
export default function Trakt(options: OAuthUserConfig<TraktUser> = {}): OAuthConfig<TraktUser> {
  return {
    id: "trakt",
    name: "Trakt",
    type: "oauth",
    authorization: "https://trakt.tv/oauth/authorize?scope=",
    token: "https://api.trakt.tv/oauth/token",
    userinfo: {
      url: "https://api.trakt.tv/users/me?extended=full",
      async request({ tokens, provider }) {
        return (await fetchProviderJson(provider, provider.userinfo!.url, {
          accessToken: tokens.access_token,
          headers: { "trakt-api-version": "2", "trakt-api-key": String(provider.clientId) },
        })) as Profile
      },
    },
    profile(profile) {
      return { id: profile.ids.slug, name: profile.name, email: null, image: profile.images.avatar.full }
    },
    style: { mark: traktMark, bg: "#ED2224", text: "#fff" },
    options,
  }
}
