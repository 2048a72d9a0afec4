import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import wikimediaMark from "./brand-marks/wikimedia.js"

/** `GET /oauth2/resource/profile` of the Wikimedia OAuth extension. */
export interface WikimediaProfile extends ProviderClaims {
  sub: string
  username: string
  editcount: number
  confirmed_email: boolean
  blocked: boolean
  registered: string
  groups: string[]
  rights: string[]
  grants: string[]
  realname?: string
  /** Only with the "User identity verification + email" grant. */
  email?: string
}

/**
 * Wikimedia (OAuth 2, `AUTH_WIKIMEDIA_ID` / `AUTH_WIKIMEDIA_SECRET`), signing in with a
 * Wikimedia account through Meta-Wiki. The grants are fixed when the consumer is registered,
 * hence the empty `scope`.
 */
export default function Wikimedia(options: OAuthUserConfig<WikimediaProfile> = {}): OAuthConfig<WikimediaProfile> {
  return {
    id: "wikimedia",
    name: "Wikimedia",
    type: "oauth",
    authorization: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize?scope=",
    token: "https://meta.wikimedia.org/w/rest.php/oauth2/access_token",
    userinfo: "https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile",
    profile(profile) {
      return { id: profile.sub, name: profile.username, email: profile.email, image: null }
    },
    style: { mark: wikimediaMark, bg: "#000", text: "#fff" },
    options,
  }
}
