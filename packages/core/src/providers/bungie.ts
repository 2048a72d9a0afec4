import type { Profile } from "../shared-types.js"
import { fetchProviderJson } from "./fetch-provider-json.js"
import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import bungieMark from "./brand-marks/bungie.js"

/** `GET /User/GetBungieAccount/<membershipId>/254/` of the Bungie.net API. */
export interface BungieProfile extends ProviderClaims {
  Response: {
    bungieNetUser: {
      membershipId: string
      uniqueName?: string
      displayName: string
      profilePicturePath: string
      [field: string]: unknown
    }
    destinyMemberships?: unknown[]
  }
  ErrorCode?: number
  ErrorStatus?: string
}

export interface BungieOptions extends OAuthUserConfig<BungieProfile> {
  /** The application's API key, sent as `X-API-Key` on every Bungie.net call (env `AUTH_BUNGIE_KEY`). */
  apiKey?: string
}

/** Bungie.net membership type "BungieNext": the Bungie.net account itself. */
const bungieNetMembershipType = 254

/**
 * Bungie.net (OAuth 2, `AUTH_BUNGIE_ID` / `AUTH_BUNGIE_SECRET`, API key `AUTH_BUNGIE_KEY`).
 * The account endpoint names the member by the `membership_id` of the token response, which fills
 * the `{membershipId}` slot of the userinfo URL. Bungie shares no email.
 */
export default function Bungie(options: BungieOptions = {}): OAuthConfig<BungieProfile> {
  return {
    id: "bungie",
    name: "Bungie",
    style: { mark: bungieMark },
    type: "oauth",
    authorization: "https://www.bungie.net/en/OAuth/Authorize?reauth=true",
    token: "https://www.bungie.net/platform/app/oauth/token/",
    userinfo: {
      url: `https://www.bungie.net/platform/User/GetBungieAccount/{membershipId}/${bungieNetMembershipType}/`,
      async request({ tokens, provider }) {
        if (tokens.membership_id === undefined) throw new Error("Bungie: the token response names no membership_id")
        // The slot is URL-encoded once parsed into a URL.
        const url = String(provider.userinfo!.url).replace(
          /\{membershipId\}|%7BmembershipId%7D/,
          encodeURIComponent(String(tokens.membership_id)),
        )
        const apiKey = (provider as { apiKey?: string }).apiKey ?? options.apiKey
        return (await fetchProviderJson(provider, url, {
          accessToken: tokens.access_token,
          headers: apiKey ? { "X-API-Key": apiKey } : {},
        })) as Profile
      },
    },
    profile(profile) {
      const user = profile.Response.bungieNetUser
      const picturePath = user.profilePicturePath.startsWith("/") ? user.profilePicturePath : `/${user.profilePicturePath}`
      return { id: user.membershipId, name: user.displayName, email: null, image: `https://www.bungie.net${picturePath}` }
    },
    options,
  }
}
