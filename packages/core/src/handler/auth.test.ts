import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { CredentialsSignin, InvalidProvider } from "../errors.js"
import GitHub from "../providers/github.js"
import { raw } from "../auth-options.js"
import {
  adaCredentials,
  base,
  browserFor,
  credentialsConfig,
  origin,
  signInAsAda,
  type silentLogger,
} from "@gatehouse/test-kit/credentials-app"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import type { AuthConfig } from "../types.js"
import { Auth } from "./auth.js"

const configurationMessage = "There was a problem with the server configuration. Check the server logs for more information."

function get(path: string, config: AuthConfig, headers: Record<string, string> = {}) {
  return Auth(new Request(`${base}${path}`, { headers }), config)
}

describe("method × action matrix", () => {
  // [method, path, status, content type (null = no body), Location (relative to origin) or null]
  const withoutCsrf: [string, string, number, string | null, string | null][] = [
    ["GET", "/providers", 200, "application/json", null],
    ["GET", "/session", 200, "application/json", null],
    ["GET", "/csrf", 200, "application/json", null],
    ["GET", "/signin", 200, "text/html", null],
    ["GET", "/signin/credentials", 302, null, "/auth/error?error=Configuration"],
    ["GET", "/signout", 200, "text/html", null],
    ["GET", "/callback/credentials", 302, null, "/auth/error?error=Configuration"],
    ["GET", "/verify-request", 200, "text/html", null],
    ["GET", "/error", 200, "text/html", null],
    ["GET", "/webauthn-options/credentials", 302, null, "/auth/error?error=Configuration"],
    ["POST", "/providers", 302, null, "/auth/error?error=Configuration"],
    ["POST", "/session", 400, "application/json", null],
    ["POST", "/csrf", 302, null, "/auth/error?error=Configuration"],
    ["POST", "/signin", 302, null, "/auth/signin?error=MissingCSRF"],
    ["POST", "/signin/credentials", 302, null, "/auth/signin?error=MissingCSRF"],
    ["POST", "/signout", 302, null, "/auth/signin?error=MissingCSRF"],
    ["POST", "/callback/credentials", 302, null, "/auth/signin?error=MissingCSRF"],
    ["POST", "/verify-request", 302, null, "/auth/error?error=Configuration"],
    ["POST", "/error", 302, null, "/auth/error?error=Configuration"],
    ["POST", "/webauthn-options/credentials", 302, null, "/auth/error?error=Configuration"],
  ]

  it.each(withoutCsrf)("%s %s without a CSRF token → %i", async (method, path, status, type, location) => {
    const init: RequestInit = { method }
    if (method === "POST") {
      init.headers = { "content-type": "application/x-www-form-urlencoded" }
      init.body = "username=ada&password=lovelace"
    }
    const response = await Auth(new Request(`${base}${path}`, init), credentialsConfig())
    expect(response.status).toBe(status)
    if (type) expect(response.headers.get("content-type")).toContain(type)
    expect(response.headers.get("location")).toBe(location ? `${origin}${location}` : null)
    // Nothing failed here may hand out a session.
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token"))).toBe(false)
  })

  it("answers POST /session with a 400 JSON null when the CSRF check fails", async () => {
    const response = await Auth(
      new Request(`${base}/session`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
      credentialsConfig(),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toBeNull()
  })

  // [path, status, Location relative to origin]
  const withCsrf: [string, Record<string, string>, number, string | null][] = [
    ["/signin", {}, 302, "/auth/signin"],
    ["/signin/credentials", {}, 302, "/auth/signin"],
    ["/signout", {}, 302, ""],
    ["/session", {}, 200, null],
    ["/callback/credentials", { username: "ada", password: "lovelace" }, 302, ""],
  ]

  it.each(withCsrf)("POST %s with a CSRF token and fields %o → %i", async (path, fields, status, location) => {
    const browser = browserFor(credentialsConfig())
    const response = await browser.post(`${base}${path}`, fields, base)
    expect(response.status).toBe(status)
    expect(response.headers.get("location")).toBe(location === null ? null : `${origin}${location}`)
  })

  it("GET /providers lists each provider's public fields and nothing else", async () => {
    const response = await get("/providers", credentialsConfig())
    expect(await response.json()).toEqual({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: `${base}/signin/credentials`,
        callbackUrl: `${base}/callback/credentials`,
      },
    })
  })
})

describe('requests that are not Auth.js requests get 400 "Bad request."', () => {
  const cases: [string, string, string][] = [
    ["PUT", "/session", "wrong method"],
    ["DELETE", "/session", "wrong method"],
    ["PATCH", "/signin", "wrong method"],
    ["OPTIONS", "/csrf", "wrong method"],
    ["HEAD", "/session", "wrong method"],
    ["GET", "/unknown", "unknown action"],
    ["POST", "/login", "unknown action"],
    ["GET", "/signin/credentials/extra", "extra segment"],
    ["GET", "/callback/credentials/x/y", "extra segments"],
    ["GET", "/session/credentials", "provider id on an action without one"],
    ["GET", "/csrf/credentials", "provider id on an action without one"],
    ["POST", "/signout/credentials", "provider id on an action without one"],
    ["GET", "//session", "empty segment"],
    ["GET", "/signin//credentials", "empty segment"],
    ["GET", "", "no action"],
    ["GET", "/", "no action"],
  ]

  it.each(cases)("%s /auth%s (%s)", async (method, path) => {
    const response = await Auth(new Request(`${base}${path}`, { method }), credentialsConfig())
    expect(response.status).toBe(400)
    expect(response.headers.get("content-type")).toContain("application/json")
    expect(response.headers.getSetCookie()).toEqual([])
    expect(response.headers.get("location")).toBeNull()
    if (method !== "HEAD") expect(await response.json()).toBe("Bad request.")
  })

  it.each(["/other/session", "//auth/session", "/authsession", "/AUTH/session"])("a path outside basePath: %s", async (path) => {
    const response = await Auth(new Request(`${origin}${path}`), credentialsConfig())
    expect(response.status).toBe(400)
    expect(await response.json()).toBe("Bad request.")
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it("tolerates trailing slashes", async () => {
    const response = await Auth(new Request(`${base}/providers///`), credentialsConfig())
    expect(response.status).toBe(200)
  })
})

describe("a provider id that is not configured", () => {
  it.each([
    ["GET", "/signin/nope"],
    ["POST", "/signin/nope"],
    ["GET", "/callback/nope"],
    ["POST", "/callback/nope"],
    ["GET", "/webauthn-options/nope"],
  ])("%s %s → 302 to the error page with Configuration", async (method, path) => {
    const response = await Auth(new Request(`${base}${path}`, { method }), credentialsConfig())
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${base}/error?error=Configuration`)
  })

  it("is logged with the ids that are configured", async () => {
    const config = credentialsConfig()
    await Auth(new Request(`${base}/signin/nope`), config)
    const logged = (config.logger as ReturnType<typeof silentLogger>).errors
    expect(logged[0]).toBeInstanceOf(InvalidProvider)
    expect(logged[0].message).toContain("credentials")
  })
})

describe("X-Auth-Return-Redirect", () => {
  it("turns a successful redirect into 200 { url } and keeps the session cookie", async () => {
    const browser = browserFor(credentialsConfig())
    const response = await signInAsAda(browser, { callbackUrl: "/dashboard" }).then(() => browser.cookies)
    expect(response.get("authjs.session-token")).toBeTruthy()

    const second = browserFor(credentialsConfig())
    const json = await second.post(
      `${base}/callback/credentials`,
      { username: "ada", password: "lovelace", callbackUrl: "/dashboard" },
      base,
      { "X-Auth-Return-Redirect": "1" },
    )
    expect(json.status).toBe(200)
    expect(json.headers.get("content-type")).toContain("application/json")
    expect(await json.json()).toEqual({ url: `${origin}/dashboard` })
    expect(json.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(true)
  })

  it("turns a failure into 200 { url } of the error page, without cookies", async () => {
    const browser = browserFor(credentialsConfig())
    const response = await browser.post(`${base}/callback/credentials`, { username: "ada", password: "wrong" }, base, {
      "X-Auth-Return-Redirect": "1",
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ url: `${base}/signin?error=CredentialsSignin&code=credentials` })
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it("leaves responses without a Location alone", async () => {
    const response = await get("/providers", credentialsConfig(), { "X-Auth-Return-Redirect": "1" })
    expect(Object.keys(await response.json())).toEqual(["credentials"])
  })

  it("ignores the v4 json=true body field", async () => {
    const browser = browserFor(credentialsConfig())
    const response = await browser.post(`${base}/callback/credentials`, { username: "ada", password: "lovelace", json: "true" }, base)
    expect(response.status).toBe(302)
  })
})

/** A config carrying the raw marker, typed so that `Auth` returns the internal response. */
function rawConfig(overrides: Partial<AuthConfig> = {}) {
  return credentialsConfig({ raw, ...overrides }) as AuthConfig & { raw: typeof raw }
}

describe("the raw marker", () => {
  it("returns the internal response object", async () => {
    const result = await Auth(new Request(`${base}/session`), rawConfig())
    expect(result).not.toBeInstanceOf(Response)
    expect(result).toMatchObject({ body: null })
  })

  it("returns a redirect as the internal object", async () => {
    const config = rawConfig()
    const browser = browserFor(credentialsConfig())
    const csrfToken = await browser.csrfToken(base)
    const result = await Auth(
      new Request(`${base}/callback/credentials`, {
        method: "POST",
        headers: { cookie: browser.cookieHeader(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, username: "ada", password: "lovelace" }),
      }),
      config,
    )
    expect(result.redirect).toBe(origin)
    expect(result.cookies?.some((c) => c.name === "authjs.session-token" && c.value.split(".").length === 5)).toBe(true)
  })

  it("throws AuthErrors to the caller", async () => {
    const browser = browserFor(credentialsConfig())
    const csrfToken = await browser.csrfToken(base)
    const request = new Request(`${base}/callback/credentials`, {
      method: "POST",
      headers: { cookie: browser.cookieHeader(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, username: "ada", password: "nope" }),
    })
    await expect(Auth(request, rawConfig())).rejects.toBeInstanceOf(CredentialsSignin)
  })

  it("does not throw in redirect mode: the error becomes { url }", async () => {
    const request = new Request(`${base}/signin/nope`, { headers: { "X-Auth-Return-Redirect": "1" } })
    const response = (await Auth(request, rawConfig())) as unknown as Response
    expect(response).toBeInstanceOf(Response)
    expect(await response.json()).toEqual({ url: `${base}/error?error=Configuration` })
  })

  it("answers an error that is not an AuthError with a redirect Response", async () => {
    const config = rawConfig({
      callbacks: {
        redirect: () => {
          throw new Error("redirect callback broke")
        },
      },
    })
    const response = (await Auth(new Request(`${base}/signin?callbackUrl=/x`), config)) as unknown as Response
    expect(response).toBeInstanceOf(Response)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${base}/error?error=Configuration`)
  })
})

describe("a broken config fails closed", () => {
  const secretVariables = ["AUTH_SECRET", "NEXTAUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3"]
  beforeEach(() => {
    for (const name of secretVariables) vi.stubEnv(name, undefined)
  })
  afterEach(() => vi.unstubAllEnvs())

  /** A session cookie that a working config accepts, to prove a broken one hands out nothing. */
  async function validSessionCookie(): Promise<string> {
    const browser = browserFor(credentialsConfig())
    await signInAsAda(browser)
    return browser.cookieHeader()
  }

  const broken: [string, () => AuthConfig, string, RegExp][] = [
    ["no secret", () => credentialsConfig({ secret: undefined }), "MissingSecret", /AUTH_SECRET/],
    ["an empty secret", () => credentialsConfig({ secret: "" }), "MissingSecret", /AUTH_SECRET/],
    ["an empty secret array", () => credentialsConfig({ secret: [] }), "MissingSecret", /AUTH_SECRET/],
    [
      "an untrusted host",
      () => credentialsConfig({ trustHost: false }),
      "UntrustedHost",
      /AUTH_TRUST_HOST.*AUTH_URL|AUTH_URL.*AUTH_TRUST_HOST/,
    ],
  ]

  describe.each(broken)("%s", (_, makeConfig, type, hint) => {
    it.each([
      ["GET", "/session"],
      ["GET", "/csrf"],
      ["GET", "/providers"],
      ["POST", "/callback/credentials"],
      ["POST", "/signout"],
      ["POST", "/session"],
    ])("%s %s → 500 JSON with Auth.js's message", async (method, path) => {
      const config = makeConfig()
      const response = await Auth(new Request(`${base}${path}`, { method, headers: { cookie: await validSessionCookie() } }), config)
      expect(response.status).toBe(500)
      expect(response.headers.get("content-type")).toContain("application/json")
      expect(await response.json()).toEqual({ message: configurationMessage })
      expect(response.headers.getSetCookie()).toEqual([])
    })

    it.each(["/signin", "/signout", "/error", "/verify-request"])("GET %s → the built-in error page (500)", async (path) => {
      const response = await Auth(new Request(`${base}${path}`), makeConfig())
      expect(response.status).toBe(500)
      expect(response.headers.get("content-type")).toContain("text/html")
      expect(await response.text()).toContain("Server error")
    })

    it("redirects a page to pages.error when the app has one", async () => {
      const response = await Auth(new Request(`${base}/signin`), { ...makeConfig(), pages: { error: "/oops" } })
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(`${origin}/oops?error=Configuration`)
    })

    it("renders the built-in page when pages.error would loop", async () => {
      const response = await Auth(new Request(`${base}/signin?callbackUrl=/oops`), { ...makeConfig(), pages: { error: "/oops" } })
      expect(response.status).toBe(500)
      expect(response.headers.get("content-type")).toContain("text/html")
    })

    it(`logs ${type} with an actionable message`, async () => {
      const config = makeConfig()
      await Auth(new Request(`${base}/session`), config)
      const [error] = (config.logger as ReturnType<typeof silentLogger>).errors
      expect((error as { type?: string }).type).toBe(type)
      expect(error.message).toMatch(hint)
    })
  })

  it("reads the secret from AUTH_SECRET when the config has none", async () => {
    vi.stubEnv("AUTH_SECRET", "an-env-secret-that-is-long-enough-1234")
    const browser = browserFor(credentialsConfig({ secret: undefined }))
    expect((await signInAsAda(browser)).status).toBe(302)
    expect(await (await browser.fetch(`${base}/session`)).json()).toMatchObject({ user: { name: "Ada Lovelace" } })
  })

  it("MissingAuthorize: a hand-written credentials provider without authorize", async () => {
    const config = credentialsConfig({ providers: [{ id: "creds", name: "Creds", type: "credentials", credentials: {} } as any] })
    const response = await get("/session", config)
    expect(response.status).toBe(500)
    expect((config.logger as ReturnType<typeof silentLogger>).errors[0]).toMatchObject({ type: "MissingAuthorize" })
  })

  it("credentials only with an explicit database strategy and no adapter → MissingAdapter", async () => {
    // Auth.js refuses this pair with UnsupportedStrategy; Gatehouse supports it, given an adapter.
    const config = credentialsConfig({ session: { strategy: "database" } })
    const response = await get("/providers", config)
    expect(response.status).toBe(500)
    expect((config.logger as ReturnType<typeof silentLogger>).errors[0]).toMatchObject({ type: "MissingAdapter" })
  })

  it("MissingAdapter: database sessions without an adapter", async () => {
    const config = credentialsConfig({
      providers: [adaCredentials(), GitHub({ clientId: "id", clientSecret: "secret" })],
      session: { strategy: "database" },
    })
    const response = await get("/session", config)
    expect(response.status).toBe(500)
    expect((config.logger as ReturnType<typeof silentLogger>).errors[0]).toMatchObject({ type: "MissingAdapter" })
  })

  it("MissingAdapter: an e-mail provider without an adapter", async () => {
    const email = { id: "email", name: "Email", type: "email", sendVerificationRequest: async () => {} } as any
    const config = credentialsConfig({ providers: [email] })
    const response = await get("/signin", config)
    expect(response.status).toBe(500)
    expect((config.logger as ReturnType<typeof silentLogger>).errors[0]).toMatchObject({ type: "MissingAdapter" })
  })

  it("a lazy config that throws → 500 JSON, never a crash", async () => {
    const response = await Auth(new Request(`${base}/session`), () => {
      throw new Error("config service down")
    })
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ message: configurationMessage })
  })
})

describe("lazy config", () => {
  it("accepts a sync function of the request", async () => {
    const seen: string[] = []
    const config = credentialsConfig()
    const lazy = (request: Request | undefined) => {
      seen.push(request!.url)
      return config
    }
    const browser = new TestBrowser((request) => Auth(request, lazy))
    await signInAsAda(browser)
    const session = await (await browser.fetch(`${base}/session`)).json()
    expect(session.user.email).toBe("ada@example.test")
    expect(seen).toContain(`${base}/session`)
  })

  it("accepts an async function of the request and can vary the config by request", async () => {
    const byTenant = new Map([
      ["a", credentialsConfig({ secret: "tenant-a-secret-tenant-a-secret-xx" })],
      ["b", credentialsConfig({ secret: "tenant-b-secret-tenant-b-secret-xx" })],
    ])
    const lazy = async (request: Request | undefined) => byTenant.get(request!.headers.get("x-tenant")!)!
    const tenantA = browserFor(byTenant.get("a")!)
    await signInAsAda(tenantA)
    const read = (tenant: string) =>
      Auth(new Request(`${base}/session`, { headers: { cookie: tenantA.cookieHeader(), "x-tenant": tenant } }), lazy)
    expect(await (await read("a")).json()).toMatchObject({ user: { name: "Ada Lovelace" } })
    // Tenant B's secret cannot read tenant A's cookie.
    expect(await (await read("b")).json()).toBeNull()
  })
})
