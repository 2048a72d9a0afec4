import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import naverMark from "./brand-marks/naver.js"

/** `GET /v1/nid/me` of the Naver API. */
export interface NaverProfile extends ProviderClaims {
  resultcode: string
  message: string
  response: {
    id: string
    nickname?: string
    name?: string
    email?: string
    gender?: "F" | "M" | "U"
    age?: string
    birthday?: string
    profile_image?: string
    birthyear?: string
    mobile?: string
  }
}

/** Naver (OAuth 2, `AUTH_NAVER_ID` / `AUTH_NAVER_SECRET`); shared fields are chosen on the Naver app. */
export default function Naver(options: OAuthUserConfig<NaverProfile> = {}): OAuthConfig<NaverProfile> {
  return {
    id: "naver",
    name: "Naver",
    style: { mark: naverMark },
    type: "oauth",
    authorization: "https://nid.naver.com/oauth2.0/authorize",
    token: "https://nid.naver.com/oauth2.0/token",
    userinfo: "https://openapi.naver.com/v1/nid/me",
    profile({ response: user }) {
      return { id: user.id, name: user.nickname, email: user.email, image: user.profile_image }
    },
    options,
  }
}
