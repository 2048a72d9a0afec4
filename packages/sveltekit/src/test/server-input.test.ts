import { describe, expect, it } from "vitest"
import { readInput } from "../lib/server-input.js"
import { testEvent } from "./request-event.js"
import { testConfig } from "./test-config.js"

const config = testConfig()

describe("readInput (the headers a server-side read hands core)", () => {
  it("reads the request's own headers when a copy would change nothing", () => {
    const { event } = testEvent("http://app.test/page", { headers: { host: "app.test", cookie: "a=1" } })
    expect(readInput(event, config).headers).toBe(event.request.headers)
  })

  it("copies cookie and the Host SvelteKit resolved when the request carries forwarding headers, so a forged one moves nothing", () => {
    const { event } = testEvent("http://app.test/page", {
      headers: { host: "app.test", cookie: "a=1", "x-forwarded-host": "evil.test", "x-forwarded-proto": "https" },
    })
    const headers = new Headers(readInput(event, config).headers)
    expect(headers.get("x-forwarded-host")).toBeNull()
    expect(headers.get("x-forwarded-proto")).toBeNull()
    expect(headers.get("host")).toBe("app.test")
    expect(headers.get("cookie")).toBe("a=1")
  })

  it("copies when the Host header is not the host SvelteKit resolved (adapter-node's ORIGIN)", () => {
    const { event } = testEvent("https://public.test/page", { headers: { host: "10.0.0.5:3000", cookie: "a=1", accept: "text/html" } })
    const headers = new Headers(readInput(event, config, true).headers)
    expect(headers.get("host")).toBe("public.test")
    expect(headers.get("accept")).toBe("text/html")
  })
})
