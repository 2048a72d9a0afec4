/**
 * Gatehouse beside the real @auth/core 0.41 with the same config: what a browser sees must be
 * the same (statuses, where redirects lead, the provider list), and session and CSRF cookies
 * minted by one must work in the other, so an app moves without signing anyone out.
 */
import { Auth as AuthJs, type AuthConfig as AuthJsConfig, createActionURL as authJsCreateActionURL } from "@auth/core"
import AuthJsCredentials from "@auth/core/providers/credentials"
import AuthJsGitHub from "@auth/core/providers/github"
import { describe, expect, it } from "vitest"
import { createActionURL } from "../config/create-action-url.js"
import Credentials from "../providers/credentials.js"
import GitHub from "../providers/github.js"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import { ada, silentLogger } from "@gatehouse/test-kit/credentials-app"
import type { AuthConfig } from "../types.js"
import type { User } from "../shared-types.js"
import { Auth } from "./auth.js"

const secret = "differential-secret-differential-secret-0123"

const credentialFields = { username: { label: "Username" }, password: { label: "Password", type: "password" } }
const authorize = (fields: Partial<Record<string, unknown>>): User | null =>
  fields.username === "ada" && fields.password === "lovelace" ? { ...ada } : null

interface Shared {
  secret?: string | string[]
  pages?: AuthConfig["pages"]
  withGitHub?: boolean
  signIn?: () => boolean | string
  useSecureCookies?: boolean
}

/** What both configs hold alike; the providers and the logger are each implementation's own. */
function commonConfig(shared: Shared) {
  return {
    secret: shared.secret ?? secret,
    trustHost: true,
    basePath: "/auth",
    pages: shared.pages,
    useSecureCookies: shared.useSecureCookies,
    callbacks: shared.signIn ? { signIn: shared.signIn } : undefined,
  }
}

function gatehouseConfig(shared: Shared = {}): AuthConfig {
  return {
    ...commonConfig(shared),
    providers: [
      Credentials({ credentials: credentialFields, authorize }),
      ...(shared.withGitHub ? [GitHub({ clientId: "client-id", clientSecret: "client-secret" })] : []),
    ],
    logger: silentLogger(),
  }
}

function authJsConfig(shared: Shared = {}): AuthJsConfig {
  return {
    ...commonConfig(shared),
    providers: [
      AuthJsCredentials({ credentials: credentialFields, authorize: authorize as any }),
      ...(shared.withGitHub ? [AuthJsGitHub({ clientId: "client-id", clientSecret: "client-secret" })] : []),
    ],
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  }
}

/** One browser per implementation, each with its own cookie jar. */
function pair(shared: Shared = {}) {
  const gatehouse = gatehouseConfig(shared)
  const authjs = authJsConfig(shared)
  return {
    gatehouse: new TestBrowser((request) => Auth(request, gatehouse)),
    authjs: new TestBrowser((request) => AuthJs(request, authjs)),
  }
}

type Observation = { status: number; location: string | null; type: string | null }

/**
 * What a browser acts on: the status, where a redirect really leads (relative Locations
 * resolved) and the media type of the body.
 */
function observe(response: Response, requestUrl: string): Observation {
  const location = response.headers.get("location")
  const type = response.headers.get("content-type")?.split(";")[0].trim() ?? null
  return { status: response.status, location: location === null ? null : new URL(location, requestUrl).href, type }
}

async function both(shared: Shared, act: (browser: TestBrowser) => Promise<{ response: Response; url: string }>) {
  const { gatehouse, authjs } = pair(shared)
  const [ours, theirs] = await Promise.all([act(gatehouse), act(authjs)])
  return { ours: observe(ours.response, ours.url), theirs: observe(theirs.response, theirs.url), gatehouse, authjs }
}

describe.each([
  ["http", "http://localhost:3000"],
  ["https", "https://app.example"],
])("differential over %s", (_, origin) => {
  const base = `${origin}/auth`

  it("GET /providers returns the same JSON", async () => {
    for (const withGitHub of [false, true]) {
      const { gatehouse, authjs } = pair({ withGitHub })
      const [ours, theirs] = await Promise.all([gatehouse.fetch(`${base}/providers`), authjs.fetch(`${base}/providers`)])
      expect(ours.status).toBe(theirs.status)
      expect(await ours.json()).toEqual(await theirs.json())
    }
  })

  const signInCases: [string, Shared, Record<string, string>][] = [
    ["success", {}, { username: "ada", password: "lovelace" }],
    ["success with a callbackUrl", {}, { username: "ada", password: "lovelace", callbackUrl: "/dashboard?tab=1" }],
    ["success with an off-site callbackUrl", {}, { username: "ada", password: "lovelace", callbackUrl: "https://evil.example/" }],
    ["wrong password", {}, { username: "ada", password: "nope" }],
    ["wrong password with pages.signIn", { pages: { signIn: "/login" } }, { username: "ada", password: "nope" }],
    ["signIn callback false", { signIn: () => false }, { username: "ada", password: "lovelace" }],
    ["signIn callback URL", { signIn: () => "/welcome" }, { username: "ada", password: "lovelace" }],
    [
      "signIn callback false with pages.error",
      { signIn: () => false, pages: { error: "/oops" } },
      { username: "ada", password: "lovelace" },
    ],
  ]

  it.each(signInCases)("credentials sign-in, %s: same status and destination", async (_, shared, fields) => {
    const url = `${base}/callback/credentials`
    const { ours, theirs, gatehouse, authjs } = await both(shared, async (browser) => ({
      response: await browser.post(url, fields, base),
      url,
    }))
    expect(ours).toEqual(theirs)
    expect(gatehouse.cookies.has(sessionCookieName(origin))).toBe(authjs.cookies.has(sessionCookieName(origin)))
  })

  it("credentials sign-in without a CSRF token: same status and destination, no session in either", async () => {
    const url = `${base}/callback/credentials`
    const { ours, theirs, gatehouse, authjs } = await both({}, async (browser) => ({
      response: await browser.fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "username=ada&password=lovelace",
      }),
      url,
    }))
    expect(ours).toEqual(theirs)
    expect(ours.location).toBe(`${base}/signin?error=MissingCSRF`)
    expect(gatehouse.cookies.has(sessionCookieName(origin))).toBe(false)
    expect(authjs.cookies.has(sessionCookieName(origin))).toBe(false)
  })

  const pageCases: [string, Shared][] = [
    ["/signin", {}],
    ["/signin", { pages: { signIn: "/login" } }],
    ["/signin?callbackUrl=%2Fdashboard", { pages: { signIn: "/login" } }],
    ["/signin?callbackUrl=%2Fdashboard&error=SessionRequired", { pages: { signIn: "/login?x=1" } }],
    ["/signin?callbackUrl=https%3A%2F%2Fevil.example", { pages: { signIn: "/login" } }],
    ["/signout", {}],
    ["/signout", { pages: { signOut: "/logout" } }],
    ["/error?error=Configuration", {}],
    ["/error?error=AccessDenied", {}],
    ["/error?error=Verification", {}],
    ["/error?error=Other", {}],
    ["/error?error=AccessDenied", { pages: { error: "/oops" } }],
    ["/verify-request", {}],
    ["/verify-request?provider=email&type=email", { pages: { verifyRequest: "/check" } }],
    ["/session", {}],
    ["/csrf", {}],
  ]

  it.each(pageCases)("GET %s %o: same status and destination", async (path, shared) => {
    const url = `${base}${path}`
    const { ours, theirs } = await both(shared, async (browser) => ({ response: await browser.fetch(url), url }))
    expect(ours).toEqual(theirs)
  })

  const matrix: [string, string][] = [
    ["GET", "/signin/credentials"],
    ["GET", "/callback/credentials"],
    ["GET", "/signin/unknown"],
    ["POST", "/providers"],
    ["POST", "/csrf"],
    ["POST", "/session"],
    ["POST", "/signin"],
    ["POST", "/signout"],
    ["POST", "/error"],
    ["POST", "/verify-request"],
    ["POST", "/callback/unknown"],
    ["PUT", "/session"],
    ["DELETE", "/signin"],
    ["GET", "/nope"],
    ["GET", "/signin/credentials/extra"],
    ["GET", "/session/extra"],
    ["GET", "/signin/credentials///"],
  ]

  it.each(matrix)("%s %s without CSRF: same status and destination", async (method, path) => {
    const url = `${base}${path}`
    const { ours, theirs } = await both({}, async (browser) => ({ response: await browser.fetch(url, { method }), url }))
    expect(ours).toEqual(theirs)
  })

  it.each([
    ["/signin", {}],
    ["/signout", {}],
    ["/session", {}],
  ])("POST %s with CSRF: same status and destination", async (path) => {
    const url = `${base}${path}`
    const { ours, theirs } = await both({}, async (browser) => ({ response: await browser.post(url, { callbackUrl: "/bye" }, base), url }))
    expect(ours).toEqual(theirs)
  })

  it("X-Auth-Return-Redirect: the same { url } for success and failure", async () => {
    for (const password of ["lovelace", "nope"]) {
      const { gatehouse, authjs } = pair()
      const post = (browser: TestBrowser) =>
        browser.post(`${base}/callback/credentials`, { username: "ada", password }, base, { "X-Auth-Return-Redirect": "1" })
      const [ours, theirs] = await Promise.all([post(gatehouse), post(authjs)])
      expect(ours.status).toBe(theirs.status)
      expect(await ours.json()).toEqual(await theirs.json())
    }
  })
})

function sessionCookieName(origin: string) {
  return origin.startsWith("https:") ? "__Secure-authjs.session-token" : "authjs.session-token"
}

describe.each([
  ["http", "http://localhost:3000"],
  ["https", "https://app.example"],
])("cookies cross over (%s)", (_, origin) => {
  const base = `${origin}/auth`
  const name = sessionCookieName(origin)

  async function signInWith(browser: TestBrowser) {
    const response = await browser.post(`${base}/callback/credentials`, { username: "ada", password: "lovelace" }, base)
    expect(response.status).toBe(302)
    const token = browser.cookies.get(name)
    expect(token, `no ${name} cookie`).toBeTruthy()
    return token!
  }

  async function sessionOf(handler: (request: Request) => Promise<Response>, cookie: string) {
    const response = await handler(new Request(`${base}/session`, { headers: { cookie } }))
    expect(response.status).toBe(200)
    return response.json()
  }

  const expectedUser = { name: ada.name, email: ada.email, image: ada.image }

  it("a session minted by @auth/core reads in Gatehouse, with the same body", async () => {
    const { authjs } = pair()
    const token = await signInWith(authjs)
    const gatehouseConfigObject = gatehouseConfig()
    const authJsConfigObject = authJsConfig()
    const ours = await sessionOf((r) => Auth(r, gatehouseConfigObject), `${name}=${token}`)
    const theirs = await sessionOf((r) => AuthJs(r, authJsConfigObject), `${name}=${token}`)
    expect(ours.user).toEqual(expectedUser)
    expect(ours.user).toEqual(theirs.user)
    expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort())
    expect(Math.abs(Date.parse(ours.expires) - Date.parse(theirs.expires))).toBeLessThan(5_000)
  })

  it("a session minted by Gatehouse reads in @auth/core", async () => {
    const { gatehouse } = pair()
    const token = await signInWith(gatehouse)
    const config = authJsConfig()
    expect((await sessionOf((r) => AuthJs(r, config), `${name}=${token}`)).user).toEqual(expectedUser)
  })

  it("a session cookie from one does not read under the other scheme's cookie name", async () => {
    const { gatehouse } = pair()
    const token = await signInWith(gatehouse)
    const otherName = name.startsWith("__Secure-") ? "authjs.session-token" : "__Secure-authjs.session-token"
    const config = authJsConfig({ useSecureCookies: !name.startsWith("__Secure-") })
    expect(await sessionOf((r) => AuthJs(r, config), `${otherName}=${token}`)).toBeNull()
  })

  it("sessions cross over with a rotated secret array, both ways", async () => {
    const rotated = ["new-secret-new-secret-new-secret-0123", secret]
    // Minted before the rotation, by @auth/core: read by Gatehouse after it.
    const { authjs } = pair()
    const old = await signInWith(authjs)
    const gatehouseRotated = gatehouseConfig({ secret: rotated })
    expect((await sessionOf((r) => Auth(r, gatehouseRotated), `${name}=${old}`)).user).toEqual(expectedUser)

    // Minted after the rotation by Gatehouse: read by @auth/core with the same array, and with the new secret alone.
    const fresh = await signInWith(new TestBrowser((r) => Auth(r, gatehouseRotated)))
    const authJsRotated = authJsConfig({ secret: rotated })
    const authJsNewOnly = authJsConfig({ secret: rotated[0] })
    const authJsOldOnly = authJsConfig({ secret })
    expect((await sessionOf((r) => AuthJs(r, authJsRotated), `${name}=${fresh}`)).user).toEqual(expectedUser)
    expect((await sessionOf((r) => AuthJs(r, authJsNewOnly), `${name}=${fresh}`)).user).toEqual(expectedUser)
    expect(await sessionOf((r) => AuthJs(r, authJsOldOnly), `${name}=${fresh}`)).toBeNull()

    // And the reverse: minted by @auth/core with the array, read by Gatehouse with the array.
    const authJsMinted = await signInWith(new TestBrowser((r) => AuthJs(r, authJsRotated)))
    const gatehouseRotatedAgain = gatehouseConfig({ secret: rotated })
    expect((await sessionOf((r) => Auth(r, gatehouseRotatedAgain), `${name}=${authJsMinted}`)).user).toEqual(expectedUser)
  })

  it("a chunked session minted by @auth/core reads in Gatehouse", async () => {
    const blob = "y".repeat(6000)
    const authJs = {
      ...authJsConfig(),
      callbacks: {
        jwt: ({ token }: any) => ({ ...token, blob }),
        session: ({ session, token }: any) => ({ ...session, blob: token.blob }),
      },
    }
    const browser = new TestBrowser((r) => AuthJs(r, authJs))
    await browser.post(`${base}/callback/credentials`, { username: "ada", password: "lovelace" }, base)
    const chunks = [...browser.cookies.keys()].filter((n) => n.startsWith(`${name}.`))
    expect(chunks.length).toBeGreaterThanOrEqual(2)
    const ours = {
      ...gatehouseConfig(),
      callbacks: { session: ({ session, token }: any) => ({ ...session, blob: token.blob }) },
    }
    const session = await sessionOf((r) => Auth(r, ours), browser.cookieHeader())
    expect(session.blob).toBe(blob)
  })

  /** Takes `from`'s CSRF token and cookies over to `to`, and signs in there with them. */
  async function signInWithCsrfFrom(from: TestBrowser, to: TestBrowser): Promise<Response> {
    const csrfToken = await from.csrfToken(base)
    for (const [key, value] of from.cookies) to.cookies.set(key, value)
    return to.fetch(`${base}/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, username: "ada", password: "lovelace" }),
    })
  }

  it("a CSRF cookie minted by @auth/core is honoured by Gatehouse", async () => {
    const { gatehouse, authjs } = pair()
    const response = await signInWithCsrfFrom(authjs, gatehouse)
    expect(response.headers.get("location")).toBe(origin)
    expect(gatehouse.cookies.has(name)).toBe(true)
  })

  it("a CSRF cookie minted by Gatehouse is honoured by @auth/core", async () => {
    const { gatehouse, authjs } = pair()
    const response = await signInWithCsrfFrom(gatehouse, authjs)
    expect(new URL(response.headers.get("location")!, base).href).toBe(new URL(origin).href)
    expect(authjs.cookies.has(name)).toBe(true)
  })
})

describe("createActionURL agrees with @auth/core", () => {
  const cases: [string, string, Record<string, string>, Record<string, string>, string | undefined][] = [
    ["host header", "http", { host: "localhost:3000" }, {}, "/auth"],
    ["forwarded headers", "http", { host: "internal", "x-forwarded-host": "app.example", "x-forwarded-proto": "https" }, {}, "/api/auth"],
    ["AUTH_URL origin", "http", { host: "x" }, { AUTH_URL: "https://app.example" }, "/auth"],
    ["AUTH_URL with the same path", "http", {}, { AUTH_URL: "https://app.example/api/auth" }, "/api/auth"],
    ["AUTH_URL with another path", "http", {}, { AUTH_URL: "https://app.example/other" }, "/api/auth"],
    ["AUTH_URL without basePath", "http", {}, { AUTH_URL: "https://app.example/api/auth" }, undefined],
    ["NEXTAUTH_URL", "http", {}, { NEXTAUTH_URL: "https://legacy.example/api/auth" }, "/api/auth"],
  ]

  it.each(cases)("%s", (_, protocol, headers, env, basePath) => {
    const logger = { warn: () => {}, error: () => {}, debug: () => {} }
    const ours = createActionURL("signin", protocol, new Headers(headers), env, { basePath, logger })
    const theirs = authJsCreateActionURL("signin", protocol, new Headers(headers), env, { basePath, logger } as any)
    expect(ours.href).toBe(theirs.href)
  })
})
