import type { Profile } from "../shared-types.js"
import { fetchProviderJson } from "./fetch-provider-json.js"
import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import hubspotMark from "./brand-marks/hubspot.js"

/** `GET /oauth/v1/access-tokens/<token>` of HubSpot: who the token belongs to. */
export interface HubSpotProfile extends ProviderClaims {
  token?: string
  /** The user's email address. */
  user: string
  user_id: number | string
  hub_domain: string
  hub_id: number | string
  app_id?: number
  scopes?: string[]
}

/**
 * HubSpot (OAuth 2, `AUTH_HUBSPOT_ID` / `AUTH_HUBSPOT_SECRET`), scope `oauth`; the secret goes in
 * the body. HubSpot has no userinfo endpoint: the token's own metadata names the user.
 */
export default function HubSpot(options: OAuthUserConfig<HubSpotProfile> = {}): OAuthConfig<HubSpotProfile> {
  return {
    id: "hubspot",
    name: "HubSpot",
    type: "oauth",
    authorization: {
      url: "https://app.hubspot.com/oauth/authorize",
      params: { scope: "oauth", ...(options.clientId ? { client_id: options.clientId } : {}) },
    },
    token: "https://api.hubapi.com/oauth/v1/token",
    userinfo: {
      url: "https://api.hubapi.com/oauth/v1/access-tokens",
      async request({ tokens, provider }) {
        const url = `${provider.userinfo!.url}/${encodeURIComponent(String(tokens.access_token))}`
        return (await fetchProviderJson(provider, url, { headers: { "Content-Type": "application/json" } })) as Profile
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return { id: String(profile.user_id), name: profile.user, email: profile.user, image: null }
    },
    style: { mark: hubspotMark, bg: "#ff7a59", text: "#fff" },
    options,
  }
}
