import { afterEach, describe, expect, it } from "vitest"
import { customFetch } from "../auth-options.js"
import Facebook from "./facebook.js"
import { fetchRoutedTo, requestUserinfo } from "@gatehouse/test-kit/internal-provider"
import { startProviderApiStandIn, type ProviderApiStandIn } from "@gatehouse/test-kit/provider-api-stand-in"

const me = {
  id: "10224312345678901",
  name: "Mark Example",
  email: "mark@example.com",
  picture: {
    data: {
      height: 50,
      width: 50,
      is_silhouette: false,
      url: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10224312345678901&height=50&width=50",
    },
  },
}

let standIn: ProviderApiStandIn | undefined
afterEach(async () => {
  await standIn?.close()
  standIn = undefined
})

describe("Facebook", () => {
  it("config: Graph v19 dialog, scope email, token and userinfo on graph.facebook.com", () => {
    const config = Facebook({ clientId: "id" })
    expect(config).toMatchObject({
      id: "facebook",
      name: "Facebook",
      type: "oauth",
      authorization: { url: "https://www.facebook.com/v19.0/dialog/oauth", params: { scope: "email" } },
      token: "https://graph.facebook.com/oauth/access_token",
      userinfo: { url: "https://graph.facebook.com/me?fields=id,name,email,picture" },
      style: { bg: "#006aff", text: "#fff" },
    })
    expect(config.checks).toBeUndefined()
  })

  it("reads /me with the fields query and a bearer token, and maps the picture URL", async () => {
    standIn = await startProviderApiStandIn({ "GET /me": { json: me } })
    const routed = fetchRoutedTo(standIn.origin)
    const config = Facebook({ [customFetch]: routed })
    const profile = await requestUserinfo(config, { access_token: "EAAB" })
    expect(routed.asked).toEqual(["https://graph.facebook.com/me?fields=id,name,email,picture"])
    expect(standIn.requests[0].headers.authorization).toBe("Bearer EAAB")
    expect(config.profile!(profile, {})).toEqual({
      id: "10224312345678901",
      name: "Mark Example",
      email: "mark@example.com",
      image: me.picture.data.url,
    })
  })

  it("reports a Graph error instead of mapping it as a profile", async () => {
    standIn = await startProviderApiStandIn({
      "GET /me": { status: 400, json: { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } } },
    })
    const config = Facebook({ [customFetch]: fetchRoutedTo(standIn.origin) })
    await expect(requestUserinfo(config, { access_token: "bad" })).rejects.toThrow(/graph\.facebook\.com\/me answered HTTP 400/)
  })
})
