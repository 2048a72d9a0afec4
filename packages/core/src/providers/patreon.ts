import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import patreonMark from "./brand-marks/patreon.js"

/** `GET /api/oauth2/api/current_user` of the Patreon API (JSON:API document). */
export interface PatreonProfile extends ProviderClaims {
  data: {
    id: string
    type: "user"
    attributes: {
      full_name: string
      email?: string
      image_url?: string
      thumb_url?: string
      is_email_verified?: boolean
      vanity?: string | null
      [attribute: string]: unknown
    }
  }
}

/** Patreon (OAuth 2, `AUTH_PATREON_ID` / `AUTH_PATREON_SECRET`), scopes `identity identity[email]`. */
export default function Patreon(options: OAuthUserConfig<PatreonProfile> = {}): OAuthConfig<PatreonProfile> {
  return {
    id: "patreon",
    name: "Patreon",
    type: "oauth",
    authorization: {
      url: "https://www.patreon.com/oauth2/authorize",
      params: { scope: "identity identity[email]" },
    },
    token: "https://www.patreon.com/api/oauth2/token",
    userinfo: "https://www.patreon.com/api/oauth2/api/current_user",
    profile(profile) {
      const { attributes } = profile.data
      return { id: profile.data.id, name: attributes.full_name, email: attributes.email, image: attributes.image_url }
    },
    style: { mark: patreonMark, bg: "#e85b46", text: "#fff" },
    options,
  }
}
