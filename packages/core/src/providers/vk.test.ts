import { afterEach, describe, expect, it } from "vitest"
import { customFetch } from "../auth-options.js"
import VK from "./vk.js"
import { fetchRoutedTo, requestUserinfo } from "@gatehouse/test-kit/internal-provider"
import { startProviderApiStandIn, type ProviderApiStandIn } from "@gatehouse/test-kit/provider-api-stand-in"

const usersGet = {
  response: [
    {
      id: 210700286,
      first_name: "Lindsey",
      last_name: "Stirling",
      photo_100: "https://sun1-90.userapi.com/s/v1/ig2/abc.jpg?size=100x100&quality=96&crop=0,0,400,400&ava=1",
      can_access_closed: true,
      is_closed: false,
    },
  ],
}

let standIn: ProviderApiStandIn | undefined
afterEach(async () => {
  await standIn?.close()
  standIn = undefined
})

describe("VK", () => {
  it("config: pinned API version on every endpoint, scope email, secret in the body", () => {
    const config = VK()
    expect(config).toMatchObject({
      id: "vk",
      name: "VK",
      type: "oauth",
      authorization: "https://oauth.vk.com/authorize?scope=email&v=5.131",
      token: "https://oauth.vk.com/access_token?v=5.131",
      userinfo: { url: "https://api.vk.com/method/users.get?fields=photo_100&v=5.131" },
      client: { token_endpoint_auth_method: "client_secret_post" },
      style: { bg: "#07F", text: "#fff" },
    })
  })

  it("reads users.get and takes the email from the token response", async () => {
    standIn = await startProviderApiStandIn({ "GET /method/users.get": { json: usersGet } })
    const routed = fetchRoutedTo(standIn.origin)
    const config = VK({ [customFetch]: routed })
    const profile = await requestUserinfo(config, { access_token: "vk1.a.token", email: "lindsey@example.com", user_id: 210700286 })
    expect(routed.asked).toEqual(["https://api.vk.com/method/users.get?fields=photo_100&v=5.131"])
    expect(standIn.requests[0].headers.authorization).toBe("Bearer vk1.a.token")
    expect(config.profile!(profile, {})).toEqual({
      id: "210700286",
      name: "Lindsey Stirling",
      email: "lindsey@example.com",
      image: usersGet.response[0].photo_100,
    })
  })

  it("has a null email when the user did not share it", async () => {
    standIn = await startProviderApiStandIn({ "GET /method/users.get": { json: usersGet } })
    const config = VK({ [customFetch]: fetchRoutedTo(standIn.origin) })
    const profile = await requestUserinfo(config, { access_token: "t" })
    expect((await config.profile!(profile, {})).email).toBeNull()
  })

  it("reports VK's HTTP-200 API errors", async () => {
    standIn = await startProviderApiStandIn({
      "GET /method/users.get": { json: { error: { error_code: 5, error_msg: "User authorization failed: invalid access_token (4)." } } },
    })
    const config = VK({ [customFetch]: fetchRoutedTo(standIn.origin) })
    await expect(requestUserinfo(config, { access_token: "bad" })).rejects.toThrow(/User authorization failed/)
  })
})
