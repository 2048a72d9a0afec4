import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"
import robloxMark from "./brand-marks/roblox.js"

/** Claims of a Roblox ID token. */
export interface RobloxProfile extends ProviderClaims {
  sub: string
  name: string
  nickname: string
  preferred_username: string
  created_at: number
  profile: string
  picture: string | null
}

/**
 * Roblox (OpenID Connect with PKCE and state, `AUTH_ROBLOX_ID` / `AUTH_ROBLOX_SECRET`), scope
 * `openid profile`: Roblox shares no email.
 */
export default function Roblox(options: OAuthUserConfig<RobloxProfile> = {}): OIDCConfig<RobloxProfile> {
  return {
    id: "roblox",
    name: "Roblox",
    type: "oidc",
    issuer: "https://apis.roblox.com/oauth/",
    authorization: { params: { scope: "openid profile" } },
    checks: ["pkce", "state"],
    style: { mark: robloxMark, bg: "#5865F2", text: "#fff" },
    options,
  }
}
