import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import webexMark from "./brand-marks/webex.js"

/** `GET /v1/people/me` of the Webex API. */
export interface WebexProfile extends ProviderClaims {
  id: string
  emails: string[]
  displayName?: string
  nickName?: string
  avatar?: string
  orgId?: string
}

export interface WebexOptions extends OAuthUserConfig<WebexProfile> {
  /** The Webex API base, `https://webexapis.com/v1` by default (e.g. for FedRAMP). */
  apiBaseUrl?: string
}

/** Webex (OAuth 2, `AUTH_WEBEX_ID` / `AUTH_WEBEX_SECRET`), scopes `spark:kms spark:people_read`. */
export default function Webex(options: WebexOptions = {}): OAuthConfig<WebexProfile> {
  const apiBaseUrl = options.apiBaseUrl ?? "https://webexapis.com/v1"
  return {
    id: "webex",
    name: "Webex",
    style: { mark: webexMark },
    type: "oauth",
    authorization: {
      url: `${apiBaseUrl}/authorize`,
      params: { scope: "spark:kms spark:people_read" },
    },
    token: `${apiBaseUrl}/access_token`,
    userinfo: `${apiBaseUrl}/people/me`,
    profile(profile) {
      return { id: profile.id, email: profile.emails[0], name: profile.displayName, image: profile.avatar }
    },
    options,
  }
}
