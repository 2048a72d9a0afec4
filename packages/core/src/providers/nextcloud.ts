import type { Profile } from "../shared-types.js"
import { fetchProviderJson } from "./fetch-provider-json.js"
import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import nextcloudMark from "./brand-marks/nextcloud.js"

/** `ocs.data` of `GET /ocs/v1.php/cloud/users/<id>` on a Nextcloud server. */
export interface NextcloudProfile extends ProviderClaims {
  id: string
  email: string | null
  displayname: string
  phone?: string
  address?: string
  website?: string
  organisation?: string
  groups?: string[]
  language?: string
  locale?: string
  enabled?: boolean
}

/**
 * Nextcloud (OAuth 2, `AUTH_NEXTCLOUD_ID` / `AUTH_NEXTCLOUD_SECRET` / `AUTH_NEXTCLOUD_ISSUER`);
 * `issuer` is the server URL. The token response names the user (`user_id`), whose record is
 * read from the OCS API; the avatar is served by the server itself.
 */
export default function Nextcloud(options: OAuthUserConfig<NextcloudProfile> = {}): OAuthConfig<NextcloudProfile> {
  const server = options.issuer
  return {
    id: "nextcloud",
    name: "Nextcloud",
    type: "oauth",
    authorization: `${server}/apps/oauth2/authorize`,
    token: `${server}/apps/oauth2/api/v1/token`,
    userinfo: {
      url: `${server}/ocs/v1.php/cloud/users`,
      async request({ tokens, provider }) {
        const url = `${provider.userinfo!.url}/${encodeURIComponent(String(tokens.user_id))}`
        const answer = (await fetchProviderJson(provider, url, {
          accessToken: tokens.access_token,
          headers: { "OCS-APIRequest": "true", Accept: "application/json" },
        })) as { ocs?: { data?: NextcloudProfile } }
        if (!answer.ocs?.data) throw new Error("Nextcloud: the OCS answer carries no user")
        return answer.ocs.data as Profile
      },
    },
    profile(profile) {
      return { id: profile.id, name: profile.displayname, email: profile.email, image: `${server}/avatar/${profile.id}/512` }
    },
    style: { mark: nextcloudMark, logo: "/nextcloud.svg", bg: "#fff", text: "#0082C9" },
    options,
  }
}
