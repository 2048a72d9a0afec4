import { afterEach, describe, expect, it } from "vitest"
import { customFetch } from "../auth-options.js"
import Notion from "./notion.js"
import { fetchRoutedTo, requestUserinfo } from "@gatehouse/test-kit/internal-provider"
import { startProviderApiStandIn, type ProviderApiStandIn } from "@gatehouse/test-kit/provider-api-stand-in"

const person = {
  object: "user",
  id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6",
  type: "person",
  name: "Avocado Lovelace",
  avatar_url: "https://secure.notion-static.com/e6a352a8-8381-44d0-a1dc-9ed80e62b53d.jpg",
  person: { email: "avo@example.org" },
}

const botOwnedByUser = {
  object: "user",
  id: "9188c6a5-7381-452f-b3dc-d4865aa89bdf",
  type: "bot",
  name: "Gatehouse sign-in",
  avatar_url: null,
  bot: { owner: { type: "user", user: person }, workspace_name: "Lovelace HQ" },
}

let standIn: ProviderApiStandIn | undefined
afterEach(async () => {
  await standIn?.close()
  standIn = undefined
})

describe("Notion", () => {
  it("config: authorize with owner=user, token and users endpoints on api.notion.com", () => {
    const config = Notion()
    expect(config).toMatchObject({
      id: "notion",
      name: "Notion",
      type: "oauth",
      authorization: { url: "https://api.notion.com/v1/oauth/authorize", params: { response_type: "code", owner: "user" } },
      token: { url: "https://api.notion.com/v1/oauth/token" },
      userinfo: { url: "https://api.notion.com/v1/users" },
      style: { bg: "#fff", text: "#000" },
    })
  })

  it("puts client_id and redirect_uri in the authorization params only when given", () => {
    const bare = Notion().authorization as { params: Record<string, unknown> }
    expect(bare.params).not.toHaveProperty("client_id")
    expect(bare.params).not.toHaveProperty("redirect_uri")
    const full = Notion({ clientId: "notion-client", redirectUri: "https://app.example/auth/callback/notion" })
    expect(full.authorization).toMatchObject({
      params: { client_id: "notion-client", redirect_uri: "https://app.example/auth/callback/notion" },
    })
  })

  it("reads the user owning the bot from /v1/users/me with the pinned API version", async () => {
    standIn = await startProviderApiStandIn({ "GET /v1/users/me": { json: botOwnedByUser } })
    const routed = fetchRoutedTo(standIn.origin)
    const config = Notion({ [customFetch]: routed })
    const profile = await requestUserinfo(config, { access_token: "secret_abc" })
    expect(routed.asked).toEqual(["https://api.notion.com/v1/users/me"])
    expect(standIn.requests[0].headers["notion-version"]).toBe("2022-06-28")
    expect(standIn.requests[0].headers.authorization).toBe("Bearer secret_abc")
    expect(config.profile!(profile, {})).toEqual({
      id: person.id,
      name: "Avocado Lovelace",
      email: "avo@example.org",
      image: person.avatar_url,
    })
  })

  it("refuses a token whose integration belongs to a workspace", async () => {
    standIn = await startProviderApiStandIn({
      "GET /v1/users/me": { json: { ...botOwnedByUser, bot: { owner: { type: "workspace", workspace: true } } } },
    })
    const config = Notion({ [customFetch]: fetchRoutedTo(standIn.origin) })
    await expect(requestUserinfo(config, { access_token: "t" })).rejects.toThrow(/owned by a workspace/)
  })
})
