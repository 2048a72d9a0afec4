import type { Profile } from "../shared-types.js"
import { fetchProviderJson } from "./fetch-provider-json.js"
import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import dropboxMark from "./brand-marks/dropbox.js"

/** `POST /2/users/get_current_account` of the Dropbox API. */
export interface DropboxProfile extends ProviderClaims {
  account_id: string
  name: { given_name: string; surname: string; familiar_name: string; display_name: string; abbreviated_name: string }
  email: string
  email_verified: boolean
  profile_photo_url?: string
  disabled: boolean
  country?: string
  locale: string
}

/**
 * Dropbox (OAuth 2, `AUTH_DROPBOX_ID` / `AUTH_DROPBOX_SECRET`), scope `account_info.read`,
 * with an offline (refresh) token. Dropbox's account endpoint is an RPC call: POST, no body.
 */
export default function Dropbox(options: OAuthUserConfig<DropboxProfile> = {}): OAuthConfig<DropboxProfile> {
  return {
    id: "dropbox",
    name: "Dropbox",
    type: "oauth",
    authorization: {
      url: "https://www.dropbox.com/oauth2/authorize",
      params: { token_access_type: "offline", scope: "account_info.read" },
    },
    token: "https://api.dropboxapi.com/oauth2/token",
    userinfo: {
      url: "https://api.dropboxapi.com/2/users/get_current_account",
      async request({ tokens, provider }) {
        return (await fetchProviderJson(provider, provider.userinfo!.url, {
          accessToken: tokens.access_token,
          method: "POST",
        })) as Profile
      },
    },
    profile(profile) {
      return {
        id: profile.account_id,
        name: profile.name.display_name,
        email: profile.email,
        image: profile.profile_photo_url,
      }
    },
    style: { mark: dropboxMark, brandColor: "#0061fe" },
    options,
  }
}
