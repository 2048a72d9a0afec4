import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import dribbbleMark from "./brand-marks/dribbble.js"

/** `GET /v2/user` of the Dribbble API. */
export interface DribbbleProfile extends ProviderClaims {
  id: number
  name: string
  login?: string
  email: string
  avatar_url: string
}

export interface DribbbleOptions extends OAuthUserConfig<DribbbleProfile> {
  /** `public`, or `public upload`. */
  scope?: "public" | "public upload"
}

/** Dribbble (OAuth 2, `AUTH_DRIBBBLE_ID` / `AUTH_DRIBBBLE_SECRET`); scope from the `scope` option. */
export default function Dribbble(options: DribbbleOptions = {}): OAuthConfig<DribbbleProfile> {
  return {
    id: "dribbble",
    name: "Dribbble",
    type: "oauth",
    authorization: {
      url: "https://dribbble.com/oauth/authorize",
      // Dribbble's own default scope, rather than core's OIDC default it would reject.
      params: { scope: options.scope ?? "public" },
    },
    token: "https://dribbble.com/oauth/token",
    userinfo: "https://api.dribbble.com/v2/user",
    profile(profile) {
      return { id: profile.id.toString(), name: profile.name, email: profile.email, image: profile.avatar_url }
    },
    style: { mark: dribbbleMark, text: "#fff", bg: "#000" },
    options,
  }
}
