import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import kakaoMark from "./brand-marks/kakao.js"

/** `GET /v2/user/me` of the Kakao API (only the parts the user agreed to share are present). */
export interface KakaoProfile extends ProviderClaims {
  id: number
  connected_at?: string
  properties?: { nickname?: string; profile_image?: string; thumbnail_image?: string }
  kakao_account?: {
    profile_needs_agreement?: boolean
    profile?: { nickname?: string; thumbnail_image_url?: string; profile_image_url?: string; is_default_image?: boolean }
    name?: string
    email_needs_agreement?: boolean
    is_email_valid?: boolean
    is_email_verified?: boolean
    email?: string
    [field: string]: unknown
  }
}

/**
 * Kakao (OAuth 2, `AUTH_KAKAO_ID` / `AUTH_KAKAO_SECRET`); the secret goes in the body.
 * The empty `scope` keeps the consent items configured on the Kakao app.
 */
export default function Kakao(options: OAuthUserConfig<KakaoProfile> = {}): OAuthConfig<KakaoProfile> {
  return {
    id: "kakao",
    name: "Kakao",
    style: { mark: kakaoMark },
    type: "oauth",
    authorization: "https://kauth.kakao.com/oauth/authorize?scope",
    token: "https://kauth.kakao.com/oauth/token",
    userinfo: "https://kapi.kakao.com/v2/user/me",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const account = profile.kakao_account
      return {
        id: profile.id.toString(),
        name: account?.profile?.nickname,
        email: account?.email,
        image: account?.profile?.profile_image_url,
      }
    },
    options,
  }
}
