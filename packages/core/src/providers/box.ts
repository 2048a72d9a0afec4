import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import boxMark from "./brand-marks/box.js"

/** `GET /2.0/users/me` of the Box API. */
export interface BoxProfile extends ProviderClaims {
  type: "user"
  id: string
  name: string
  /** The user's email address. */
  login: string
  avatar_url: string
  status?: string
  language?: string
  timezone?: string
}

/** Box (OAuth 2, `AUTH_BOX_ID` / `AUTH_BOX_SECRET`). Box calls the email address `login`. */
export default function Box(options: OAuthUserConfig<BoxProfile> = {}): OAuthConfig<BoxProfile> {
  return {
    id: "box",
    name: "Box",
    type: "oauth",
    authorization: "https://account.box.com/api/oauth2/authorize",
    token: "https://api.box.com/oauth2/token",
    userinfo: "https://api.box.com/2.0/users/me",
    profile(profile) {
      return { id: profile.id, name: profile.name, email: profile.login, image: profile.avatar_url }
    },
    style: { mark: boxMark, bg: "#0075C9", text: "#fff" },
    options,
  }
}
