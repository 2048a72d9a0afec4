/**
 * A production deployment without AUTH_SECRET (trusted host through AUTH_URL or AUTH_TRUST_HOST):
 * every route reports MissingSecret — logged with that class and type, answered with 500 or the
 * Configuration error page — and none hands out a session, a CSRF cookie or a redirect into a flow.
 * `configurationError` tells integrations the same, for entry points such as a page's `auth()`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { MissingSecret } from "../errors.js"
import Credentials from "../providers/credentials.js"
import type { AuthConfig } from "../types.js"
import { configurationError } from "../config/resolve-config.js"
import { Auth } from "./auth.js"

const origin = "https://app.example.test"
const secretNames = ["AUTH_SECRET", "NEXTAUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3"]

const routes: Array<[method: "GET" | "POST", path: string]> = [
  ["GET", "session"],
  ["GET", "csrf"],
  ["GET", "providers"],
  ["GET", "signin"],
  ["GET", "signout"],
  ["GET", "error"],
  ["GET", "verify-request"],
  ["GET", "callback/credentials"],
  ["GET", "webauthn-options/passkey"],
  ["POST", "signin/credentials"],
  ["POST", "callback/credentials"],
  ["POST", "signout"],
  ["POST", "session"],
]

function app(): { config: AuthConfig; logged: Error[] } {
  const logged: Error[] = []
  return {
    logged,
    config: {
      basePath: "/auth",
      providers: [Credentials({ credentials: { username: {} }, authorize: () => ({ id: "1", name: "Ada" }) })],
      logger: { error: (error) => void logged.push(error), warn: () => {}, debug: () => {} },
    },
  }
}

function request(method: "GET" | "POST", path: string): Request {
  return new Request(`${origin}/auth/${path}`, {
    method,
    headers: method === "POST" ? { "content-type": "application/x-www-form-urlencoded", origin } : {},
    body: method === "POST" ? new URLSearchParams({ csrfToken: "x", username: "ada" }) : undefined,
  })
}

describe.each([
  ["AUTH_URL", "https://app.example.test"],
  ["AUTH_TRUST_HOST", "true"],
])("production, trusted through %s, no AUTH_SECRET", (trustVariable, trustValue) => {
  beforeEach(() => {
    vi.stubEnv("NODE_ENV", "production")
    for (const name of [...secretNames, "AUTH_URL", "NEXTAUTH_URL", "AUTH_TRUST_HOST"]) vi.stubEnv(name, undefined as unknown as string)
    vi.stubEnv(trustVariable, trustValue)
  })
  afterEach(() => vi.unstubAllEnvs())

  it.each(routes)("%s /auth/%s reports MissingSecret", async (method, path) => {
    const { config, logged } = app()
    const response = await Auth(request(method, path), config)

    expect(logged).toHaveLength(1)
    expect(logged[0]).toBeInstanceOf(MissingSecret)
    expect((logged[0] as MissingSecret).type).toBe("MissingSecret")
    expect(response.headers.getSetCookie()).toEqual([])
    expect(response.headers.get("location")).toBeNull()
    expect(response.status).toBe(500)
    const body = await response.text()
    if (response.headers.get("content-type")?.includes("json")) {
      expect(JSON.parse(body)).toEqual({ message: expect.stringContaining("server configuration") })
    } else {
      expect(body).toContain("Server error")
    }
  })

  it("configurationError() names the same problem for integrations", () => {
    expect(configurationError(app().config)).toBeInstanceOf(MissingSecret)
  })

  it("and the same app with AUTH_SECRET set has none", async () => {
    vi.stubEnv("AUTH_SECRET", "a-production-secret-that-is-long-enough-0123456789")
    const { config, logged } = app()
    expect(configurationError(config)).toBeUndefined()
    const response = await Auth(request("GET", "session"), config)
    expect(response.status).toBe(200)
    expect(logged).toEqual([])
  })
})
