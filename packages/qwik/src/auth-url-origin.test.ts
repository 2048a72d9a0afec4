/**
 * Issue 25: with AUTH_URL set, in production, the session lookup works for a request on the public
 * host (behind a proxy too) and reads no session for a request addressed to another host, which
 * core refuses.
 */
import { encode } from "@gatehouse/core/jwt"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { getSession } from "./get-session.js"
import type { QwikAuthConfig } from "./types.js"

const secret = "a-test-secret-that-is-long-enough-0123456789"
const salt = "__Secure-authjs.session-token"

function config(): QwikAuthConfig {
  return { providers: [], secret, basePath: "/auth", rateLimit: false, logger: { error: () => {} } }
}

describe("getSession with AUTH_URL set, in production", () => {
  beforeEach(() => {
    vi.stubEnv("AUTH_URL", "https://app.example.com/auth")
    vi.stubEnv("NODE_ENV", "production")
  })
  afterEach(() => vi.unstubAllEnvs())

  it("reads the session of a request on the public host (TLS ended at the proxy)", async () => {
    const token = await encode({ token: { name: "Ada", sub: "u1" }, secret, salt })
    const request = new Request("http://10.0.0.5:3000/page", { headers: { host: "app.example.com", cookie: `${salt}=${token}` } })
    const lookup = await getSession(request, config())
    expect(lookup.data).toMatchObject({ user: { name: "Ada" } })
  })

  it("reads no session for a request addressed to another host", async () => {
    const token = await encode({ token: { name: "Ada", sub: "u1" }, secret, salt })
    const request = new Request("http://attacker.example/page", { headers: { host: "attacker.example", cookie: `${salt}=${token}` } })
    const lookup = await getSession(request, config())
    expect(lookup.data).toBeNull()
  })
})
