import type { Profile } from "../shared-types.js"
import { fetchProviderJson } from "./fetch-provider-json.js"
import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import wechatMark from "./brand-marks/wechat.js"

/** `GET /sns/userinfo` of the WeChat API. */
export interface WeChatProfile extends ProviderClaims {
  openid: string
  nickname: string
  sex: number
  province: string
  city: string
  country: string
  headimgurl: string
  privilege: string[]
  unionid: string
}

export interface WeChatOptions extends OAuthUserConfig<WeChatProfile> {
  /** `OfficialAccount` (sign in inside WeChat, the default) or `WebsiteApp` (QR code on a website). */
  platformType?: "OfficialAccount" | "WebsiteApp"
}

/**
 * WeChat (OAuth 2 with state, `AUTH_WECHAT_ID` / `AUTH_WECHAT_SECRET`, the AppID and AppSecret).
 * WeChat calls the client `appid`, takes the secret as a query parameter of the token request,
 * omits `token_type` from its token response, and takes the token in the userinfo query.
 * The user id is the `unionid`, shared by all apps of one WeChat Open Platform account.
 */
export default function WeChat(options: WeChatOptions = {}): OAuthConfig<WeChatProfile> {
  const { clientId, clientSecret, platformType = "OfficialAccount" } = options
  const inWeChat = platformType === "OfficialAccount"
  return {
    id: "wechat",
    name: "WeChat",
    type: "oauth",
    checks: ["state"],
    authorization: {
      url: inWeChat ? "https://open.weixin.qq.com/connect/oauth2/authorize" : "https://open.weixin.qq.com/connect/qrconnect",
      params: { appid: clientId, scope: inWeChat ? "snsapi_userinfo" : "snsapi_login" },
    },
    token: {
      url: "https://api.weixin.qq.com/sns/oauth2/access_token",
      params: { appid: clientId, secret: clientSecret },
      conform: addBearerTokenType,
    },
    userinfo: {
      url: "https://api.weixin.qq.com/sns/userinfo",
      async request({ tokens, provider }) {
        const url = new URL(provider.userinfo!.url)
        url.searchParams.set("access_token", String(tokens.access_token))
        url.searchParams.set("openid", String(tokens.openid))
        url.searchParams.set("lang", "zh_CN")
        return (await fetchProviderJson(provider, url)) as Profile
      },
    },
    profile(profile) {
      return { id: profile.unionid, name: profile.nickname, email: null, image: profile.headimgurl }
    },
    style: { mark: wechatMark, logo: "/wechat.svg", bg: "#fff", text: "#000" },
    options,
  }
}

/** OAuth clients insist on `token_type`; WeChat's tokens are bearer tokens but do not say so. */
async function addBearerTokenType(response: Response): Promise<Response | undefined> {
  const body = (await response.json()) as Record<string, unknown>
  if (body.token_type === "bearer") return undefined
  return Response.json({ ...body, token_type: "bearer" }, { status: response.status, statusText: response.statusText })
}
