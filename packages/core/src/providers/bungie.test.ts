import { afterEach, describe, expect, it } from "vitest"
import { customFetch } from "../auth-options.js"
import Bungie from "./bungie.js"
import { fetchRoutedTo, requestUserinfo } from "@gatehouse/test-kit/internal-provider"
import { startProviderApiStandIn, type ProviderApiStandIn } from "@gatehouse/test-kit/provider-api-stand-in"

const account = {
  Response: {
    bungieNetUser: {
      membershipId: "4611686018467284386",
      uniqueName: "Guardian#1234",
      displayName: "Guardian",
      profilePicturePath: "img/profile/avatars/cc13.jpg",
    },
  },
  ErrorCode: 1,
  ErrorStatus: "Success",
}

let standIn: ProviderApiStandIn | undefined
afterEach(async () => {
  await standIn?.close()
  standIn = undefined
})

describe("Bungie", () => {
  it("reads the account named by the token's membership_id, with the API key", async () => {
    standIn = await startProviderApiStandIn({ "GET /platform/User/GetBungieAccount/4611686018467284386/254/": { json: account } })
    const routed = fetchRoutedTo(standIn.origin)
    const config = Bungie({ apiKey: "bungie-api-key", [customFetch]: routed })
    const profile = await requestUserinfo(config, { access_token: "bng-token", membership_id: "4611686018467284386" })
    expect(routed.asked).toEqual(["https://www.bungie.net/platform/User/GetBungieAccount/4611686018467284386/254/"])
    expect(standIn.requests[0].headers["x-api-key"]).toBe("bungie-api-key")
    expect(standIn.requests[0].headers.authorization).toBe("Bearer bng-token")
    expect(await config.profile!(profile, {})).toEqual({
      id: "4611686018467284386",
      name: "Guardian",
      email: null,
      image: "https://www.bungie.net/img/profile/avatars/cc13.jpg",
    })
  })

  it("refuses a token response without a membership id", async () => {
    await expect(requestUserinfo(Bungie(), { access_token: "t" })).rejects.toThrow(/membership_id/)
  })
})
