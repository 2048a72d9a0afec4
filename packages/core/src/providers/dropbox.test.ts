import { afterEach, describe, expect, it } from "vitest"
import { customFetch } from "../auth-options.js"
import Dropbox from "./dropbox.js"
import { fetchRoutedTo, requestUserinfo } from "@gatehouse/test-kit/internal-provider"
import { startProviderApiStandIn, type ProviderApiStandIn } from "@gatehouse/test-kit/provider-api-stand-in"

const account = {
  account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
  name: {
    given_name: "Franz",
    surname: "Ferdinand",
    familiar_name: "Franz",
    display_name: "Franz Ferdinand (Personal)",
    abbreviated_name: "FF",
  },
  email: "franz@dropbox.com",
  email_verified: true,
  disabled: false,
  locale: "en",
  profile_photo_url:
    "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA?vers=1556069330102&size=128x128",
}

let standIn: ProviderApiStandIn | undefined
afterEach(async () => {
  await standIn?.close()
  standIn = undefined
})

describe("Dropbox", () => {
  it("config: offline token, scope account_info.read, RPC userinfo endpoint", () => {
    const config = Dropbox()
    expect(config).toMatchObject({
      id: "dropbox",
      name: "Dropbox",
      type: "oauth",
      authorization: {
        url: "https://www.dropbox.com/oauth2/authorize",
        params: { token_access_type: "offline", scope: "account_info.read" },
      },
      token: "https://api.dropboxapi.com/oauth2/token",
      userinfo: { url: "https://api.dropboxapi.com/2/users/get_current_account" },
    })
    expect(config.checks).toBeUndefined()
  })

  it("POSTs get_current_account with the bearer token and maps the account", async () => {
    standIn = await startProviderApiStandIn({ "POST /2/users/get_current_account": { json: account } })
    const routed = fetchRoutedTo(standIn.origin)
    const config = Dropbox({ [customFetch]: routed })
    const profile = await requestUserinfo(config, { access_token: "sl.token" })
    expect(standIn.requests).toHaveLength(1)
    expect(standIn.requests[0]).toMatchObject({ method: "POST", path: "/2/users/get_current_account" })
    expect(standIn.requests[0].headers.authorization).toBe("Bearer sl.token")
    expect(config.profile!(profile, {})).toEqual({
      id: account.account_id,
      name: "Franz Ferdinand (Personal)",
      email: "franz@dropbox.com",
      image: account.profile_photo_url,
    })
  })

  it("reports a refused token", async () => {
    standIn = await startProviderApiStandIn({
      "POST /2/users/get_current_account": { status: 401, json: { error_summary: "invalid_access_token/" } },
    })
    const config = Dropbox({ [customFetch]: fetchRoutedTo(standIn.origin) })
    await expect(requestUserinfo(config, { access_token: "bad" })).rejects.toThrow(/HTTP 401/)
  })
})
