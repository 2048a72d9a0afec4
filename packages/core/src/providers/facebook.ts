import type { Profile } from "../shared-types.js"
import { fetchProviderJson } from "./fetch-provider-json.js"
import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import facebookMark from "./brand-marks/facebook.js"

/** `GET /me?fields=id,name,email,picture` of the Facebook Graph API. */
export interface FacebookProfile extends ProviderClaims {
  id: string
  name: string
  email?: string
  picture: { data: { url: string; width?: number; height?: number; is_silhouette?: boolean } }
}

/**
 * Facebook (OAuth 2, `AUTH_FACEBOOK_ID` / `AUTH_FACEBOOK_SECRET`), scope `email`.
 * The `fields` query of the userinfo URL picks what the Graph API returns: a URL given in
 * `userinfo` must keep it.
 */
export default function Facebook(options: OAuthUserConfig<FacebookProfile> = {}): OAuthConfig<FacebookProfile> {
  return {
    id: "facebook",
    name: "Facebook",
    type: "oauth",
    authorization: {
      url: "https://www.facebook.com/v19.0/dialog/oauth",
      params: { scope: "email" },
    },
    token: "https://graph.facebook.com/oauth/access_token",
    userinfo: {
      url: "https://graph.facebook.com/me?fields=id,name,email,picture",
      async request({ tokens, provider }) {
        return (await fetchProviderJson(provider, provider.userinfo!.url, { accessToken: tokens.access_token })) as Profile
      },
    },
    profile(profile) {
      return { id: profile.id, name: profile.name, email: profile.email, image: profile.picture.data.url }
    },
    style: { mark: facebookMark, bg: "#006aff", text: "#fff" },
    options,
  }
}
