import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import mediumMark from "./brand-marks/medium.js"

/** `GET /v1/me` of the Medium API. */
export interface MediumProfile extends ProviderClaims {
  data: { id: string; username: string; name: string; url: string; imageUrl: string }
}

/** Medium (OAuth 2, `AUTH_MEDIUM_ID` / `AUTH_MEDIUM_SECRET`), scope `basicProfile`; no email. */
export default function Medium(options: OAuthUserConfig<MediumProfile> = {}): OAuthConfig<MediumProfile> {
  return {
    id: "medium",
    name: "Medium",
    style: { mark: mediumMark },
    type: "oauth",
    authorization: "https://medium.com/m/oauth/authorize?scope=basicProfile",
    token: "https://api.medium.com/v1/tokens",
    userinfo: "https://api.medium.com/v1/me",
    profile({ data: user }) {
      return { id: user.id, name: user.name, email: null, image: user.imageUrl }
    },
    options,
  }
}
