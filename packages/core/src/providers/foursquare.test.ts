import { afterEach, describe, expect, it } from "vitest"
import { customFetch } from "../auth-options.js"
import Foursquare from "./foursquare.js"
import { fetchRoutedTo, requestUserinfo } from "@gatehouse/test-kit/internal-provider"
import { startProviderApiStandIn, type ProviderApiStandIn } from "@gatehouse/test-kit/provider-api-stand-in"

const self = {
  meta: { code: 200 },
  response: {
    user: {
      id: "1234567",
      firstName: "Dennis",
      lastName: "Crowley",
      contact: { email: "dens@example.com" },
      photo: { prefix: "https://fastly.4sqi.net/img/user/", suffix: "/1234567-ABCDEFG.jpg" },
    },
  },
}

let standIn: ProviderApiStandIn | undefined
afterEach(async () => {
  await standIn?.close()
  standIn = undefined
})

describe("Foursquare", () => {
  it("pins the API version, from the apiVersion option when given", () => {
    expect(Foursquare().userinfo).toMatchObject({ url: "https://api.foursquare.com/v2/users/self?v=20230131" })
    expect(Foursquare({ apiVersion: "20240101" }).userinfo).toMatchObject({ url: "https://api.foursquare.com/v2/users/self?v=20240101" })
  })

  it("sends the token as the oauth_token query parameter, not as a header", async () => {
    standIn = await startProviderApiStandIn({ "GET /v2/users/self": { json: self } })
    const config = Foursquare({ [customFetch]: fetchRoutedTo(standIn.origin) })
    const profile = await requestUserinfo(config, { access_token: "FSQ TOKEN" })
    expect(standIn.requests[0].path).toBe("/v2/users/self?v=20230131&oauth_token=FSQ+TOKEN")
    expect(standIn.requests[0].headers.authorization).toBeUndefined()
    expect(await config.profile!(profile, {})).toEqual({
      id: "1234567",
      name: "Dennis Crowley",
      email: "dens@example.com",
      image: "https://fastly.4sqi.net/img/user/original/1234567-ABCDEFG.jpg",
    })
  })

  it("maps a user without a photo to no image", async () => {
    const { photo: _photo, ...withoutPhoto } = self.response.user
    expect((await Foursquare().profile!({ response: { user: withoutPhoto } }, {})).image).toBeNull()
  })
})
