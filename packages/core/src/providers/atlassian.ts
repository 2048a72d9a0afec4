import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import atlassianMark from "./brand-marks/atlassian.js"

/** `GET /me` of the Atlassian platform API. */
export interface AtlassianProfile extends ProviderClaims {
  account_id: string
  account_type?: string
  name: string
  nickname?: string
  email: string
  email_verified?: boolean
  picture: string
}

/**
 * Atlassian (OAuth 2.0 (3LO) with state, `AUTH_ATLASSIAN_ID` / `AUTH_ATLASSIAN_SECRET`),
 * audience `api.atlassian.com`, scope `read:me`.
 */
export default function Atlassian(options: OAuthUserConfig<AtlassianProfile> = {}): OAuthConfig<AtlassianProfile> {
  return {
    id: "atlassian",
    name: "Atlassian",
    type: "oauth",
    authorization: {
      url: "https://auth.atlassian.com/authorize",
      params: { audience: "api.atlassian.com", scope: "read:me" },
    },
    token: "https://auth.atlassian.com/oauth/token",
    userinfo: "https://api.atlassian.com/me",
    profile(profile) {
      return { id: profile.account_id, name: profile.name, email: profile.email, image: profile.picture }
    },
    checks: ["state"],
    style: { mark: atlassianMark, bg: "#fff", text: "#0052cc" },
    options,
  }
}
