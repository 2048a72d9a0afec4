/**
 * Issue 25: with AUTH_URL set (in the process environment, as adapter-node has it), the handle
 * answers on AUTH_URL's origin, and in production core refuses a request for another host (400).
 */
import type { ResolveOptions } from "@sveltejs/kit"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createSvelteKitAuth } from "../lib/create-sveltekit-auth.js"
import { testEvent } from "./request-event.js"
import { production, testConfig } from "./test-config.js"

const authUrl = "https://app.example.com/auth"
const resolve = async (_event: unknown, _opts?: ResolveOptions) => new Response("from the app")

describe("handle with AUTH_URL set, in production", () => {
  beforeEach(() => {
    vi.stubEnv("AUTH_URL", authUrl)
    vi.stubEnv("NODE_ENV", "production")
  })
  afterEach(() => vi.unstubAllEnvs())

  const runtime = { ...production, env: { AUTH_URL: authUrl } }

  it("answers the public host, with every URL on AUTH_URL's origin", async () => {
    const { handle } = createSvelteKitAuth(testConfig({ rateLimit: false }), runtime)
    const { event } = testEvent("http://10.0.0.5:3000/auth/providers", { headers: { host: "app.example.com" } })
    const response = await handle({ event, resolve })
    expect(response.status).toBe(200)
    expect((await response.json()).credentials.callbackUrl).toBe("https://app.example.com/auth/callback/credentials")
  })

  it("refuses a request for another host", async () => {
    const { handle } = createSvelteKitAuth(testConfig({ rateLimit: false }), runtime)
    const { event } = testEvent("http://attacker.example/auth/providers", { headers: { host: "attacker.example" } })
    const response = await handle({ event, resolve })
    expect(response.status).toBe(400)
    expect(await response.text()).not.toContain("attacker")
  })
})
