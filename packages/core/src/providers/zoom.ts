import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import zoomMark from "./brand-marks/zoom.js"

/** `GET /v2/users/me` of the Zoom API. */
export interface ZoomProfile extends ProviderClaims {
  id: string
  first_name: string
  last_name: string
  email: string
  type: number
  role_name: string
  pmi: number
  timezone: string
  verified: number
  pic_url: string
  account_id: string
  language: string
  status: string
}

/**
 * Zoom (OAuth 2, `AUTH_ZOOM_ID` / `AUTH_ZOOM_SECRET`). The empty `scope` keeps the scopes
 * configured on the Zoom app, instead of a default being added.
 */
export default function Zoom(options: OAuthUserConfig<ZoomProfile> = {}): OAuthConfig<ZoomProfile> {
  return {
    id: "zoom",
    name: "Zoom",
    type: "oauth",
    authorization: "https://zoom.us/oauth/authorize?scope",
    token: "https://zoom.us/oauth/token",
    userinfo: "https://api.zoom.us/v2/users/me",
    profile(profile) {
      return {
        id: profile.id,
        name: `${profile.first_name} ${profile.last_name}`,
        email: profile.email,
        image: profile.pic_url,
      }
    },
    style: { mark: zoomMark, bg: "#0b5cff", text: "#fff" },
    options,
  }
}
