import { afterEach, describe, expect, it } from "vitest"
import { customFetch } from "../auth-options.js"
import { fetchRoutedTo, requestUserinfo } from "@gatehouse/test-kit/internal-provider"
import { startProviderApiStandIn, type ProviderApiStandIn } from "@gatehouse/test-kit/provider-api-stand-in"
import WeChat from "./wechat.js"

function conform() {
  const token = WeChat({ clientId: "wx1", clientSecret: "s" }).token
  if (typeof token !== "object" || !token.conform) throw new Error("wechat has no token.conform")
  return token.conform
}

let standIn: ProviderApiStandIn | undefined
afterEach(async () => {
  await standIn?.close()
  standIn = undefined
})

describe("WeChat", () => {
  it("signs in inside WeChat by default, with a QR code for website apps", () => {
    expect(WeChat({ clientId: "wx1" }).authorization).toEqual({
      url: "https://open.weixin.qq.com/connect/oauth2/authorize",
      params: { appid: "wx1", scope: "snsapi_userinfo" },
    })
    expect(WeChat({ clientId: "wx1", platformType: "WebsiteApp" }).authorization).toEqual({
      url: "https://open.weixin.qq.com/connect/qrconnect",
      params: { appid: "wx1", scope: "snsapi_login" },
    })
  })

  it("sends appid and secret as token request params", () => {
    expect(WeChat({ clientId: "wx1", clientSecret: "s3cret" }).token).toMatchObject({ params: { appid: "wx1", secret: "s3cret" } })
  })

  it("adds the bearer token_type WeChat leaves out, keeping the status", async () => {
    const repaired = await conform()(
      Response.json({ access_token: "ACCESS", expires_in: 7200, openid: "OPENID", scope: "snsapi_userinfo" }),
    )
    expect(repaired!.status).toBe(200)
    expect(await repaired!.json()).toEqual({
      access_token: "ACCESS",
      expires_in: 7200,
      openid: "OPENID",
      scope: "snsapi_userinfo",
      token_type: "bearer",
    })
    expect(await conform()(Response.json({ access_token: "A", token_type: "bearer" }))).toBeUndefined()
  })

  it("reads the user with token and openid in the query", async () => {
    const user = { openid: "OPENID", nickname: "微信用户", headimgurl: "https://thirdwx.qlogo.cn/x/46", unionid: "UNIONID" }
    standIn = await startProviderApiStandIn({ "GET /sns/userinfo": { json: user } })
    const config = WeChat({ clientId: "wx1", [customFetch]: fetchRoutedTo(standIn.origin) })
    const profile = await requestUserinfo(config, { access_token: "ACCESS", openid: "OPENID" })
    expect(standIn.requests[0].path).toBe("/sns/userinfo?access_token=ACCESS&openid=OPENID&lang=zh_CN")
    expect(await config.profile!(profile, {})).toEqual({
      id: "UNIONID",
      name: "微信用户",
      email: null,
      image: "https://thirdwx.qlogo.cn/x/46",
    })
  })
})
