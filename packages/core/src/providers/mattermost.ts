import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import mattermostMark from "./brand-marks/mattermost.js"

/** `GET /api/v4/users/me` of the Mattermost API. */
export interface MattermostProfile extends ProviderClaims {
  id: string
  username: string
  email: string
  email_verified: boolean
  nickname: string
  first_name: string
  last_name: string
  position: string
  roles: string
  locale: string
  create_at: number
  update_at: number
  delete_at: number
}

/**
 * Mattermost (OAuth 2, `AUTH_MATTERMOST_ID` / `AUTH_MATTERMOST_SECRET` / `AUTH_MATTERMOST_ISSUER`);
 * `issuer` is the server URL and only places the endpoints (it is not kept as an OAuth issuer).
 * The secret goes in the body.
 */
export default function Mattermost(options: OAuthUserConfig<MattermostProfile> = {}): OAuthConfig<MattermostProfile> {
  const { issuer: server, ...rest } = options
  return {
    id: "mattermost",
    name: "Mattermost",
    type: "oauth",
    authorization: `${server}/oauth/authorize`,
    token: `${server}/oauth/access_token`,
    userinfo: `${server}/api/v4/users/me`,
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return {
        id: profile.id,
        name: profile.username ?? `${profile.first_name} ${profile.last_name}`,
        email: profile.email,
        image: null,
      }
    },
    style: { mark: mattermostMark, bg: "#000", text: "#fff" },
    options: rest,
  }
}
