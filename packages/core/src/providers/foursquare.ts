import type { Profile } from "../shared-types.js"
import { fetchProviderJson } from "./fetch-provider-json.js"
import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import foursquareMark from "./brand-marks/foursquare.js"

/** `GET /v2/users/self` of the Foursquare API. */
export interface FoursquareProfile extends ProviderClaims {
  response: {
    user: {
      id: string
      firstName: string
      lastName: string
      contact: { email: string; [field: string]: unknown }
      photo?: { prefix: string; suffix: string }
      [field: string]: unknown
    }
  }
}

export interface FoursquareOptions extends OAuthUserConfig<FoursquareProfile> {
  /** The `v` versioning date Foursquare requires on API calls (YYYYMMDD). */
  apiVersion?: string
}

/**
 * Foursquare (OAuth 2, `AUTH_FOURSQUARE_ID` / `AUTH_FOURSQUARE_SECRET`). Foursquare's v2 API
 * takes the token as the `oauth_token` query parameter, not as a header.
 */
export default function Foursquare(options: FoursquareOptions = {}): OAuthConfig<FoursquareProfile> {
  const apiVersion = options.apiVersion ?? "20230131"
  return {
    id: "foursquare",
    name: "Foursquare",
    type: "oauth",
    authorization: "https://foursquare.com/oauth2/authenticate",
    token: "https://foursquare.com/oauth2/access_token",
    userinfo: {
      url: `https://api.foursquare.com/v2/users/self?v=${apiVersion}`,
      async request({ tokens, provider }) {
        const url = new URL(provider.userinfo!.url)
        url.searchParams.append("oauth_token", String(tokens.access_token))
        return (await fetchProviderJson(provider, url)) as Profile
      },
    },
    profile({ response: { user } }) {
      return {
        id: user.id,
        name: `${user.firstName} ${user.lastName}`,
        email: user.contact.email,
        image: user.photo ? `${user.photo.prefix}original${user.photo.suffix}` : null,
      }
    },
    style: { mark: foursquareMark, bg: "#000", text: "#fff" },
    options,
  }
}
