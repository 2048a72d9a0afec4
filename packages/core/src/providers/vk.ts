import type { Profile } from "../shared-types.js"
import { fetchProviderJson } from "./fetch-provider-json.js"
import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import vkMark from "./brand-marks/vk.js"

/** One user of `users.get` in the VK API, plus the email VK sends with the token. */
export interface VkProfile extends ProviderClaims {
  id: number
  first_name: string
  last_name: string
  photo_100: string
  can_access_closed?: boolean
  is_closed?: boolean
  deactivated?: string
  screen_name?: string
  /** Copied from the token response: VK does not return it from `users.get`. */
  email?: string | null
}

/** The API version every VK call is pinned to. */
const vkApiVersion = "5.131"

/**
 * VK (OAuth 2, `AUTH_VK_ID` / `AUTH_VK_SECRET`), scope `email`; the secret goes in the body.
 * VK hands the email over in the token response, not in the profile.
 */
export default function VK(options: OAuthUserConfig<VkProfile> = {}): OAuthConfig<VkProfile> {
  return {
    id: "vk",
    name: "VK",
    type: "oauth",
    authorization: `https://oauth.vk.com/authorize?scope=email&v=${vkApiVersion}`,
    token: `https://oauth.vk.com/access_token?v=${vkApiVersion}`,
    userinfo: {
      url: `https://api.vk.com/method/users.get?fields=photo_100&v=${vkApiVersion}`,
      async request({ tokens, provider }) {
        const answer = (await fetchProviderJson(provider, provider.userinfo!.url, {
          accessToken: tokens.access_token,
          headers: { "User-Agent": "gatehouse" },
        })) as { response?: VkProfile[]; error?: { error_msg?: string } }
        // VK reports API errors with HTTP 200 and an `error` member.
        const user = answer.response?.[0]
        if (!user) throw new Error(`VK users.get returned no user${answer.error?.error_msg ? `: ${answer.error.error_msg}` : ""}`)
        user.email = typeof tokens.email === "string" && tokens.email ? tokens.email : null
        return user as unknown as Profile
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return {
        // VK ids are numbers; account ids are stored as strings.
        id: String(profile.id),
        name: [profile.first_name, profile.last_name].filter(Boolean).join(" "),
        email: profile.email ?? null,
        image: profile.photo_100,
      }
    },
    style: { mark: vkMark, bg: "#07F", text: "#fff" },
    options,
  }
}
