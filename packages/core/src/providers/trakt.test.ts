import { afterEach, describe, expect, it } from "vitest"
import { customFetch } from "../auth-options.js"
import { fetchRoutedTo, requestUserinfo } from "@gatehouse/test-kit/internal-provider"
import { startProviderApiStandIn, type ProviderApiStandIn } from "@gatehouse/test-kit/provider-api-stand-in"
import Trakt from "./trakt.js"

let standIn: ProviderApiStandIn | undefined
afterEach(async () => {
  await standIn?.close()
  standIn = undefined
})

describe("Trakt", () => {
  it("names the API version and the app on the profile request", async () => {
    const me = {
      username: "sean",
      name: "Sean Rudford",
      ids: { slug: "sean" },
      images: { avatar: { full: "https://walter.trakt.tv/images/users/000/002/041/avatars/large/447e2fb6b0.jpg" } },
    }
    standIn = await startProviderApiStandIn({ "GET /users/me": { json: me } })
    const routed = fetchRoutedTo(standIn.origin)
    const config = Trakt({ clientId: "trakt-client-id", [customFetch]: routed })
    // Core merges the options in before calling `request`; the client id is then on the provider.
    const profile = await requestUserinfo({ ...config, clientId: "trakt-client-id" }, { access_token: "tr-token" })
    expect(routed.asked).toEqual(["https://api.trakt.tv/users/me?extended=full"])
    const [request] = standIn.requests
    expect(request.headers.authorization).toBe("Bearer tr-token")
    expect(request.headers["trakt-api-version"]).toBe("2")
    expect(request.headers["trakt-api-key"]).toBe("trakt-client-id")
    expect(await config.profile!(profile, {})).toEqual({ id: "sean", name: "Sean Rudford", email: null, image: me.images.avatar.full })
  })
})
