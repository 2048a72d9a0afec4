/**
 * Issue 25: with AUTH_URL set, the route handlers answer on its origin, and in production a request
 * for another host is refused by core (400) instead of being answered under the attacker's Host.
 */
import { NextRequest } from "next/server"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createConfigResolver } from "./create-config-resolver.js"
import { createHandlers } from "./create-handlers.js"
import { credentialsConfig, testSecret } from "./test-support/credentials-config.js"

describe("route handlers with AUTH_URL set, in production", () => {
  beforeEach(() => {
    vi.stubEnv("NEXTAUTH_URL", "")
    vi.stubEnv("AUTH_URL", "https://app.example.com/api/auth")
    vi.stubEnv("NODE_ENV", "production")
  })
  afterEach(() => vi.unstubAllEnvs())

  function handlers() {
    return createHandlers(createConfigResolver({ ...credentialsConfig(), basePath: undefined, secret: testSecret, rateLimit: false }))
  }

  it("answers the public host behind a proxy, with every URL on AUTH_URL's origin", async () => {
    const { GET } = handlers()
    const response = await GET(new NextRequest("http://10.0.0.5:3000/api/auth/providers", { headers: { host: "app.example.com" } }))
    expect(response.status).toBe(200)
    expect((await response.json()).credentials.callbackUrl).toBe("https://app.example.com/api/auth/callback/credentials")
  })

  it.each([
    ["Host", { host: "attacker.example" }],
    ["X-Forwarded-Host", { host: "app.example.com", "x-forwarded-host": "attacker.example" }],
  ])("refuses a request whose %s names another host", async (_label, headers) => {
    const { GET, POST } = handlers()
    const providers = await GET(new NextRequest("http://10.0.0.5:3000/api/auth/providers", { headers }))
    expect(providers.status).toBe(400)
    const signIn = await POST(
      new NextRequest("http://10.0.0.5:3000/api/auth/callback/credentials", {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ username: "demo", password: "demo" }),
      }),
    )
    expect(signIn.status).toBe(400)
    expect(signIn.headers.get("location")).toBeNull()
    expect(signIn.headers.getSetCookie()).toEqual([])
  })
})
