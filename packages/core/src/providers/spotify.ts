import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import spotifyMark from "./brand-marks/spotify.js"

/** `GET /v1/me` of the Spotify Web API. */
export interface SpotifyProfile extends ProviderClaims {
  id: string
  display_name: string | null
  email: string
  country?: string
  product?: string
  images: Array<{ url: string; height: number | null; width: number | null }>
}

/** Spotify (OAuth 2, `AUTH_SPOTIFY_ID` / `AUTH_SPOTIFY_SECRET`), scope `user-read-email`. */
export default function Spotify(options: OAuthUserConfig<SpotifyProfile> = {}): OAuthConfig<SpotifyProfile> {
  return {
    id: "spotify",
    name: "Spotify",
    type: "oauth",
    authorization: "https://accounts.spotify.com/authorize?scope=user-read-email",
    token: "https://accounts.spotify.com/api/token",
    userinfo: "https://api.spotify.com/v1/me",
    profile(profile) {
      return { id: profile.id, name: profile.display_name, email: profile.email, image: profile.images?.[0]?.url }
    },
    style: { mark: spotifyMark, brandColor: "#1db954" },
    options,
  }
}
