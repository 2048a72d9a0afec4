import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import netlifyMark from "./brand-marks/netlify.js"

/** `GET /api/v1/user` of the Netlify API. */
export interface NetlifyProfile extends ProviderClaims {
  id: string
  uid?: string
  full_name: string
  avatar_url: string
  email: string
  affiliate_id?: string
  site_count?: number
  created_at?: string
}

/** Netlify (OAuth 2, `AUTH_NETLIFY_ID` / `AUTH_NETLIFY_SECRET`); empty scope. */
export default function Netlify(options: OAuthUserConfig<NetlifyProfile> = {}): OAuthConfig<NetlifyProfile> {
  return {
    id: "netlify",
    name: "Netlify",
    type: "oauth",
    authorization: "https://app.netlify.com/authorize?scope",
    token: "https://api.netlify.com/oauth/token",
    userinfo: "https://api.netlify.com/api/v1/user",
    profile(profile) {
      return { id: profile.id, name: profile.full_name, email: profile.email, image: profile.avatar_url }
    },
    style: { mark: netlifyMark, brandColor: "#32e6e2" },
    options,
  }
}
