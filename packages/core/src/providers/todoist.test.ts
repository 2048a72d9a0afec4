import { afterEach, describe, expect, it } from "vitest"
import { customFetch } from "../auth-options.js"
import { fetchRoutedTo, requestUserinfo } from "@gatehouse/test-kit/internal-provider"
import { startProviderApiStandIn, type ProviderApiStandIn } from "@gatehouse/test-kit/provider-api-stand-in"
import Todoist from "./todoist.js"

let standIn: ProviderApiStandIn | undefined
afterEach(async () => {
  await standIn?.close()
  standIn = undefined
})

describe("Todoist", () => {
  it("asks the Sync API for the user resource with one POST", async () => {
    const user = {
      id: "2671355",
      email: "me@example.com",
      full_name: "Todo Ist",
      avatar_big: "https://dcff1xvirvpfp.cloudfront.net/a_big.jpg",
    }
    let body = ""
    standIn = await startProviderApiStandIn({ "POST /sync/v9/sync": { json: { user, sync_token: "abc", full_sync: true } } })
    const routed = fetchRoutedTo(standIn.origin)
    // The stand-in records headers, not bodies: read the body on the way out.
    const recordingFetch = (async (input: string | URL | Request, init?: RequestInit) => {
      body = String(init?.body)
      return routed(input, init)
    }) as typeof fetch
    const config = Todoist({ [customFetch]: recordingFetch })
    const profile = await requestUserinfo(config, { access_token: "td-token" })
    expect(routed.asked).toEqual(["https://api.todoist.com/sync/v9/sync"])
    expect(standIn.requests[0].method).toBe("POST")
    expect(standIn.requests[0].headers.authorization).toBe("Bearer td-token")
    expect(standIn.requests[0].headers["content-type"]).toBe("application/json")
    expect(JSON.parse(body)).toEqual({ sync_token: "*", resource_types: '["user"]' })
    expect(await config.profile!(profile, {})).toEqual({
      id: "2671355",
      email: "me@example.com",
      name: "Todo Ist",
      image: "https://dcff1xvirvpfp.cloudfront.net/a_big.jpg",
    })
  })

  it("reports a sync answer without the user", async () => {
    standIn = await startProviderApiStandIn({ "POST /sync/v9/sync": { json: { sync_token: "abc" } } })
    const config = Todoist({ [customFetch]: fetchRoutedTo(standIn.origin) })
    await expect(requestUserinfo(config, { access_token: "t" })).rejects.toThrow(/no user/)
  })
})
