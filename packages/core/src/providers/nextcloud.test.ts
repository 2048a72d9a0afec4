import { afterEach, describe, expect, it } from "vitest"
import Nextcloud from "./nextcloud.js"
import { requestUserinfo } from "@gatehouse/test-kit/internal-provider"
import { startProviderApiStandIn, type ProviderApiStandIn } from "@gatehouse/test-kit/provider-api-stand-in"

const ocsUser = {
  ocs: {
    meta: { status: "ok", statuscode: 100, message: "OK" },
    data: { id: "frank", enabled: true, email: "frank@cloud.example.com", displayname: "Frank Cloud", groups: ["admin"], language: "en" },
  },
}

let standIn: ProviderApiStandIn | undefined
afterEach(async () => {
  await standIn?.close()
  standIn = undefined
})

describe("Nextcloud", () => {
  it("places every endpoint on the server given as issuer", () => {
    const config = Nextcloud({ issuer: "https://cloud.example.com" })
    expect(config.authorization).toBe("https://cloud.example.com/apps/oauth2/authorize")
    expect(config.token).toBe("https://cloud.example.com/apps/oauth2/api/v1/token")
    expect(config.userinfo).toMatchObject({ url: "https://cloud.example.com/ocs/v1.php/cloud/users" })
  })

  it("reads the user named in the token response from the OCS API on the server", async () => {
    standIn = await startProviderApiStandIn({ "GET /ocs/v1.php/cloud/users/frank": { json: ocsUser } })
    const config = Nextcloud({ issuer: standIn.origin })
    const profile = await requestUserinfo(config, { access_token: "nc-token", user_id: "frank" })
    const [request] = standIn.requests
    expect(request.headers.authorization).toBe("Bearer nc-token")
    expect(request.headers["ocs-apirequest"]).toBe("true")
    expect(request.headers.accept).toBe("application/json")
    expect(await config.profile!(profile, {})).toEqual({
      id: "frank",
      name: "Frank Cloud",
      email: "frank@cloud.example.com",
      image: `${standIn.origin}/avatar/frank/512`,
    })
  })

  it("reports an OCS answer without a user", async () => {
    standIn = await startProviderApiStandIn({ "GET /ocs/v1.php/cloud/users/ghost": { json: { ocs: { meta: { status: "failure" } } } } })
    const config = Nextcloud({ issuer: standIn.origin })
    await expect(requestUserinfo(config, { access_token: "t", user_id: "ghost" })).rejects.toThrow(/no user/)
  })
})
