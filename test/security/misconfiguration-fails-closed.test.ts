/**
 * §4.3-6 / GHSA-8fpg-xm3f-6cx3: on a configuration error `auth` became a truthy error object and
 * `!!req.auth` let everyone in. Each broken config here is attacked with what an attacker has: a
 * session cookie minted while the config still worked, a forged one, the right password. None of
 * it may come out as a session, and each breakage is logged with its type.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { Auth } from "../../packages/core/src/handler/auth.js"
import { createActionURL } from "../../packages/core/src/config/create-action-url.js"
import { getToken } from "../../packages/core/src/jwt/get-token.js"
import { encode } from "../../packages/core/src/jwt/encode.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import {
  adaCredentials,
  base,
  browserFor,
  credentialsConfig,
  secret,
  signInAsAda,
  type silentLogger,
} from "@gatehouse/test-kit/credentials-app"

const envNames = [
  "AUTH_SECRET",
  "NEXTAUTH_SECRET",
  "AUTH_SECRET_1",
  "AUTH_SECRET_2",
  "AUTH_SECRET_3",
  "AUTH_URL",
  "NEXTAUTH_URL",
  "AUTH_TRUST_HOST",
]
beforeEach(() => {
  for (const name of envNames) vi.stubEnv(name, undefined)
})
afterEach(() => vi.unstubAllEnvs())

/** A session cookie that a working config accepts, minted before the config broke. */
async function workingSessionCookie(): Promise<string> {
  const browser = browserFor(credentialsConfig())
  await signInAsAda(browser)
  const cookie = browser.cookieHeader()
  expect(cookie).toContain("authjs.session-token=")
  return cookie
}

/** A session in any of the shapes a caller could take for one. */
function looksLikeSession(body: unknown): boolean {
  if (!body || typeof body !== "object") return false
  return "user" in body || "expires" in body
}

async function sessionBody(response: Response): Promise<unknown> {
  const text = await response.text()
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** What every broken config must do with every way in. */
async function expectNoSessionAnywhere(makeConfig: () => AuthConfig) {
  const cookie = await workingSessionCookie()
  const forged = `authjs.session-token=${await encode({ token: { sub: "attacker", name: "Mallory" }, secret, salt: "authjs.session-token" })}`
  for (const headers of [{ cookie }, { cookie: forged }, {}] as Record<string, string>[]) {
    const config = makeConfig()
    const read = await Auth(new Request(`${base}/session`, { headers }), config)
    const body = await sessionBody(read)
    expect(looksLikeSession(body), `GET /session with ${JSON.stringify(headers).slice(0, 40)}`).toBe(false)
    // A client that only checks the status must not take the answer for a session either.
    expect(read.status).toBeGreaterThanOrEqual(500)
    expect(read.headers.getSetCookie()).toEqual([])

    const update = await Auth(
      new Request(`${base}/session`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: "{}" }),
      config,
    )
    expect(looksLikeSession(await sessionBody(update))).toBe(false)
  }

  // The right password gets no session cookie out of a broken config.
  const config = makeConfig()
  const browser = browserFor(config)
  const signIn = await signInAsAda(browser)
  expect(signIn.headers.getSetCookie().some((c) => c.includes("session-token=") && !c.includes("Max-Age=0"))).toBe(false)
  expect(browser.cookies.has("authjs.session-token")).toBe(false)
  // And the page a browser lands on is an error (the error page, or JSON when the config could
  // not even be read), never a signed-in page.
  const page = await Auth(new Request(`${base}/signin`, { headers: { cookie } }), makeConfig())
  expect(page.status).toBe(500)
  expect(await page.text()).toMatch(/Server error|server configuration/)
}

function loggedTypes(config: AuthConfig): string[] {
  return (config.logger as ReturnType<typeof silentLogger>).errors.map((e) => (e as { type?: string }).type ?? e.name)
}

describe("a missing secret", () => {
  it.each([
    ["no secret at all", { secret: undefined }],
    ["an empty string", { secret: "" }],
    ["an empty array", { secret: [] }],
  ])("%s: no session from any cookie, MissingSecret logged", async (_, overrides) => {
    await expectNoSessionAnywhere(() => credentialsConfig(overrides as Partial<AuthConfig>))
    const config = credentialsConfig(overrides as Partial<AuthConfig>)
    await Auth(new Request(`${base}/session`), config)
    expect(loggedTypes(config)).toContain("MissingSecret")
  })

  it("getToken without a secret throws MissingSecret rather than returning anything truthy", async () => {
    const cookie = await workingSessionCookie()
    await expect(
      getToken({ req: new Request(base, { headers: { cookie } }), secret: undefined as unknown as string }),
    ).rejects.toMatchObject({
      type: "MissingSecret",
    })
  })
})

describe("a broken provider", () => {
  const brokenProviders: [string, () => AuthConfig["providers"], string][] = [
    // Env inference calls the factory while resolving the config: the error still reaches the app's logger.
    [
      "a provider factory that throws",
      () => [
        adaCredentials(),
        (() => {
          throw new Error("provider module failed")
        }) as any,
      ],
      "AuthError",
    ],
    [
      "an OAuth provider with no issuer and no endpoints",
      () => [adaCredentials(), { id: "broken", name: "Broken", type: "oauth", clientId: "x", clientSecret: "y" } as any],
      "InvalidEndpoints",
    ],
    [
      "a credentials provider without authorize",
      () => [{ id: "creds", name: "Creds", type: "credentials", credentials: {} } as any],
      "MissingAuthorize",
    ],
    ["two providers with one id", () => [adaCredentials(), adaCredentials()], "AuthError"],
    ["a provider that is not an object", () => [adaCredentials(), 42 as any], "AuthError"],
  ]

  it.each(brokenProviders)("%s: no session from any cookie, an error logged", async (_, providers, type) => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {})
    try {
      await expectNoSessionAnywhere(() => credentialsConfig({ providers: providers() }))
      consoleError.mockClear()
      const config = credentialsConfig({ providers: providers() })
      const response = await Auth(new Request(`${base}/session`), config)
      expect(response.status).toBe(500)
      if (type === "console") {
        expect(consoleError.mock.calls.flat().join(" ")).toMatch(/configuration could not be read/)
        return
      }
      const logged = loggedTypes(config)
      expect(logged.length).toBeGreaterThan(0)
      if (type !== "AuthError") expect(logged).toContain(type)
    } finally {
      consoleError.mockRestore()
    }
  })
})

describe("a bad AUTH_URL", () => {
  it.each(["not a url", "http://", "ftp://files.example", "//app.example", "https://[::1"])(
    "%j: the handler gives a forged or foreign cookie no session, and building action URLs fails loudly",
    async (authUrl) => {
      vi.stubEnv("AUTH_URL", authUrl)
      const forged = `authjs.session-token=${await encode({ token: { sub: "attacker" }, secret: "some-other-secret-some-other-secret", salt: "authjs.session-token" })}`
      for (const headers of [{ cookie: forged }, { cookie: "authjs.session-token=garbage" }, {}] as Record<string, string>[]) {
        const config = credentialsConfig()
        const response = await Auth(new Request(`${base}/session`, { headers }), config)
        expect(looksLikeSession(await sessionBody(response))).toBe(false)
      }
      // Integrations build their action URLs from AUTH_URL: an unusable one must throw, not guess a host.
      let url: URL | undefined
      let thrown: unknown
      try {
        url = createActionURL("session", "https", new Headers({ host: "evil.example" }), { AUTH_URL: authUrl }, { basePath: "/auth" })
      } catch (error) {
        thrown = error
      }
      if (!thrown) expect(url!.host).not.toBe("evil.example")
      else expect(thrown).toBeInstanceOf(Error)
    },
  )
})

describe("a broken lazy config, logger or callbacks", () => {
  it("a config function that throws: 500 JSON without a session, for a valid cookie too", async () => {
    const cookie = await workingSessionCookie()
    const response = await Auth(new Request(`${base}/session`, { headers: { cookie } }), () => {
      throw new Error("secrets manager unreachable")
    })
    expect(response.status).toBe(500)
    expect(looksLikeSession(await response.json())).toBe(false)
  })

  it("a session callback that throws: the session reads as null, never as the error", async () => {
    const cookie = await workingSessionCookie()
    const config = credentialsConfig({
      callbacks: {
        session: () => {
          throw new Error("db down")
        },
      },
    })
    const response = await Auth(new Request(`${base}/session`, { headers: { cookie } }), config)
    const body = await sessionBody(response)
    expect(looksLikeSession(body)).toBe(false)
    expect(body).toBeNull()
  })

  it("a jwt callback that throws: no session, and the cookie is not trusted afterwards", async () => {
    const cookie = await workingSessionCookie()
    const config = credentialsConfig({
      callbacks: {
        jwt: () => {
          throw new Error("token store down")
        },
      },
    })
    const body = await sessionBody(await Auth(new Request(`${base}/session`, { headers: { cookie } }), config))
    expect(looksLikeSession(body)).toBe(false)
  })

  it("a logger that throws does not turn a broken config into a crash or a session", async () => {
    const cookie = await workingSessionCookie()
    const config = credentialsConfig({
      secret: undefined,
      logger: {
        error: () => {
          throw new Error("log sink down")
        },
      },
    })
    const response = await Auth(new Request(`${base}/session`, { headers: { cookie } }), config)
    expect(response.status).toBe(500)
    expect(looksLikeSession(await response.json())).toBe(false)
  })
})
