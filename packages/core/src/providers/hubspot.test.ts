import { afterEach, describe, expect, it } from "vitest"
import { customFetch } from "../auth-options.js"
import HubSpot from "./hubspot.js"
import { fetchRoutedTo, requestUserinfo } from "@gatehouse/test-kit/internal-provider"
import { startProviderApiStandIn, type ProviderApiStandIn } from "@gatehouse/test-kit/provider-api-stand-in"

const tokenInfo = {
  token: "CJSP5qf1KhICAQEYs-gDIIGOBii1hQIyGQAf3xBKmlwHjX7OIpuIFEavB2-qYAGQsF4",
  user: "hub.user@example.com",
  hub_domain: "demo.hubapi.com",
  scopes: ["oauth"],
  hub_id: 62515,
  app_id: 456,
  expires_in: 21588,
  user_id: 123,
  token_type: "access",
}

let standIn: ProviderApiStandIn | undefined
afterEach(async () => {
  await standIn?.close()
  standIn = undefined
})

describe("HubSpot", () => {
  it("passes the client id in the authorization params only when known", () => {
    expect((HubSpot().authorization as { params: object }).params).toEqual({ scope: "oauth" })
    expect(HubSpot({ clientId: "hs-client" }).authorization).toMatchObject({ params: { scope: "oauth", client_id: "hs-client" } })
  })

  it("reads who the token belongs to from the token metadata endpoint", async () => {
    standIn = await startProviderApiStandIn({ [`GET /oauth/v1/access-tokens/${tokenInfo.token}`]: { json: tokenInfo } })
    const routed = fetchRoutedTo(standIn.origin)
    const config = HubSpot({ [customFetch]: routed })
    const profile = await requestUserinfo(config, { access_token: tokenInfo.token })
    expect(routed.asked).toEqual([`https://api.hubapi.com/oauth/v1/access-tokens/${tokenInfo.token}`])
    expect(await config.profile!(profile, {})).toEqual({
      id: "123",
      name: "hub.user@example.com",
      email: "hub.user@example.com",
      image: null,
    })
  })

  it("keeps a token with URL-special characters inside its path segment", async () => {
    standIn = await startProviderApiStandIn({ "GET /oauth/v1/access-tokens/a%2Fb%3Fc": { json: tokenInfo } })
    const config = HubSpot({ [customFetch]: fetchRoutedTo(standIn.origin) })
    await requestUserinfo(config, { access_token: "a/b?c" })
    expect(standIn.requests[0].path).toBe("/oauth/v1/access-tokens/a%2Fb%3Fc")
  })
})
