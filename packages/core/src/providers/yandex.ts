import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"

/** `GET /info?format=json` of the Yandex ID API. */
export interface YandexProfile extends ProviderClaims {
  login: string
  id: string
  client_id: string
  psuid: string
  emails?: string[]
  default_email?: string
  is_avatar_empty?: boolean
  default_avatar_id?: string
  birthday?: string | null
  first_name?: string
  last_name?: string
  display_name?: string
  real_name?: string
  sex?: "male" | "female" | null
  default_phone?: { id: number; number: string }
}

/**
 * Yandex ID (OAuth 2, `AUTH_YANDEX_ID` / `AUTH_YANDEX_SECRET`), scopes for login info, email and
 * avatar. Yandex gives an avatar id; the image URL is built from it.
 */
export default function Yandex(options: OAuthUserConfig<YandexProfile> = {}): OAuthConfig<YandexProfile> {
  return {
    id: "yandex",
    name: "Yandex",
    type: "oauth",
    authorization: "https://oauth.yandex.ru/authorize?scope=login:info+login:email+login:avatar",
    token: "https://oauth.yandex.ru/token",
    userinfo: "https://login.yandex.ru/info?format=json",
    profile(profile) {
      const hasAvatar = !profile.is_avatar_empty && Boolean(profile.default_avatar_id)
      return {
        id: profile.id,
        name: profile.display_name ?? profile.real_name ?? profile.first_name,
        email: profile.default_email ?? profile.emails?.[0] ?? null,
        image: hasAvatar ? `https://avatars.yandex.net/get-yapic/${profile.default_avatar_id}/islands-200` : null,
      }
    },
    style: { bg: "#ffcc00", text: "#000" },
    options,
  }
}
