/**
 * Issue 25 (3): AUTH_URL is the origin. With AUTH_URL set, a request under a spoofed Host (or
 * X-Forwarded-Host) used to get sign-in mails, redirects and OAuth redirect URIs built on the
 * attacker's host. Attacked here through `Auth()` with a real SMTP server (smtp-server) and the real
 * SQLite adapter: in production such a request is refused (400, logged UntrustedHost, no mail, no
 * row); in development it is answered, but every URL is on AUTH_URL's origin. The demo server's
 * Node adapter is attacked with absolute-form and `//host` request targets on a real socket.
 */
import Database from "better-sqlite3"
import { createServer, type Server } from "node:http"
import { connect, type AddressInfo } from "node:net"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import { Auth } from "../../packages/core/src/handler/auth.js"
import { decode } from "../../packages/core/src/jwt.js"
import Nodemailer from "../../packages/core/src/providers/nodemailer.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import { adaCredentials, credentialsConfig, silentLogger } from "@gatehouse/test-kit/credentials-app"
import { pageForms } from "@gatehouse/test-kit/html-form"
import { linkFromMail } from "@gatehouse/test-kit/smtp-sink"
import { sendWebResponse, toWebRequest } from "../../examples/demo/node-request.mjs"
import { uniqueAddress } from "@gatehouse/test-kit/unique-address"
import { useSmtpSink } from "@gatehouse/test-kit/use-smtp-sink"

const publicOrigin = "https://app.example.test"
const secret = "gatehouse-public-origin-test-secret-0123456789"

const sink = useSmtpSink()
beforeEach(() => {
  for (const name of ["AUTH_URL", "NEXTAUTH_URL", "AUTH_TRUST_HOST", "AUTH_REDIRECT_PROXY_URL"]) vi.stubEnv(name, undefined)
  vi.stubEnv("AUTH_URL", `${publicOrigin}/auth`)
})
afterEach(() => vi.unstubAllEnvs())

function app() {
  const logger = silentLogger()
  const db = new Database(":memory:")
  const config: AuthConfig = {
    secret,
    adapter: SQLiteAdapter(db),
    logger,
    rateLimit: false,
    providers: [
      Nodemailer({ server: sink().server, from: "Gatehouse <no-reply@gatehouse.test>" }),
      {
        id: "acme",
        name: "Acme",
        type: "oauth",
        clientId: "acme-client",
        clientSecret: "acme-secret",
        authorization: "https://idp.example.test/authorize",
        token: "https://idp.example.test/token",
        userinfo: "https://idp.example.test/userinfo",
      },
    ],
  }
  const rows = () => db.prepare("SELECT count(*) FROM verification_tokens").pluck().get() as number
  return { config, logger, rows }
}

/** A browser whose every request reaches the app with these headers (what a spoofing client or a proxy sends). */
function browserWithHeaders(config: AuthConfig, extra: Record<string, string>): TestBrowser {
  return new TestBrowser((request) => {
    const headers = new Headers(request.headers)
    for (const [name, value] of Object.entries(extra)) headers.set(name, value)
    return Auth(new Request(request, { headers }), config)
  })
}

async function requestMail(browser: TestBrowser, base: string, email: string, callbackUrl?: string): Promise<Response> {
  return browser.post(`${base}/signin/nodemailer`, { email, ...(callbackUrl ? { callbackUrl } : {}) }, base)
}

describe("in production, with AUTH_URL set", () => {
  beforeEach(() => vi.stubEnv("NODE_ENV", "production"))

  it.each([
    ["a spoofed Host", "http://evil.example/auth", {}],
    ["a spoofed Host header on the public URL", `${publicOrigin}/auth`, { host: "evil.example" }],
    ["a spoofed X-Forwarded-Host", `${publicOrigin}/auth`, { host: "app.example.test", "x-forwarded-host": "evil.example" }],
    ["a host on another port", `${publicOrigin}/auth`, { host: "app.example.test:8443" }],
    ["a host with userinfo", `${publicOrigin}/auth`, { host: "app.example.test@evil.example" }],
  ])("refuses a sign-in mail requested under %s: 400, UntrustedHost logged, no mail, no token row", async (_label, base, headers) => {
    const { config, logger, rows } = app()
    const mailsBefore = sink().received.length
    const response = await Auth(
      new Request(`${base}/signin/nodemailer`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ email: uniqueAddress("victim"), csrfToken: "x" }),
      }),
      config,
    )
    expect(response.status).toBe(400)
    expect(response.headers.getSetCookie()).toEqual([])
    expect(await response.text()).not.toContain("evil")
    expect(logger.errors.map((e) => (e as { type?: string }).type)).toEqual(["UntrustedHost"])
    expect(logger.errors[0].message).toContain(publicOrigin)
    expect(rows()).toBe(0)
    expect(sink().received.length).toBe(mailsBefore)
  })

  it("refuses every action under a foreign host, the session and the pages too", async () => {
    const { config, logger } = app()
    for (const path of ["session", "csrf", "providers", "signin", "signout", "error", "verify-request", "callback/acme?code=x&state=y"]) {
      const response = await Auth(new Request(`${publicOrigin}/auth/${path}`, { headers: { host: "evil.example" } }), config)
      expect(response.status, path).toBe(400)
      expect(response.headers.get("location"), path).toBeNull()
    }
    expect(logger.errors.every((e) => (e as { type?: string }).type === "UntrustedHost")).toBe(true)
  })

  it.each([
    ["the public Host behind a TLS-terminating proxy", "http://10.0.0.5:3000/auth", { host: "app.example.test" }],
    [
      "X-Forwarded-Host from a proxy that rewrites Host",
      "http://10.0.0.5:3000/auth",
      { host: "10.0.0.5:3000", "x-forwarded-host": "app.example.test" },
    ],
    ["an explicit default port and upper case", "http://10.0.0.5:3000/auth", { host: "APP.example.test:443" }],
  ])("answers %s, with the mail link and redirects on AUTH_URL's origin", async (_label, base, headers) => {
    const { config, logger, rows } = app()
    const browser = browserWithHeaders(config, headers)
    const email = uniqueAddress("ada")
    const response = await requestMail(browser, base, email, `${publicOrigin}/dashboard`)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${publicOrigin}/auth/verify-request?provider=nodemailer&type=email`)
    const received = await sink().nextMail()
    expect(received.envelope.to).toEqual([email])
    const link = linkFromMail(received)
    expect(link.origin).toBe(publicOrigin)
    expect(link.pathname).toBe("/auth/callback/nodemailer")
    expect(link.searchParams.get("callbackUrl")).toBe(`${publicOrigin}/dashboard`)
    expect(rows()).toBeGreaterThan(0)
    // Secure cookies follow AUTH_URL's https, not the internal http hop.
    expect(browser.cookies.has("__Host-authjs.csrf-token")).toBe(true)
    expect(logger.errors).toEqual([])
  })

  it("answers a server-side call built in-process (no Host header) on AUTH_URL's origin", async () => {
    const { config, logger } = app()
    const response = await Auth(new Request(`${publicOrigin}/auth/session`), config)
    expect(response.status).toBe(200)
    expect(await response.json()).toBeNull()
    expect(logger.errors).toEqual([])
  })
})

describe("in development, with AUTH_URL set", () => {
  beforeEach(() => vi.stubEnv("NODE_ENV", "development"))

  const spoofed = "http://evil.example/auth"
  const spoofedHeaders = { host: "evil.example", "x-forwarded-host": "evil.example", origin: "http://evil.example" }

  it("builds the mail link and the redirect on AUTH_URL's origin, whatever Host the request came with", async () => {
    const { config } = app()
    const browser = browserWithHeaders(config, spoofedHeaders)
    const email = uniqueAddress("victim")
    const response = await requestMail(browser, spoofed, email, "http://evil.example/landing")
    expect(response.headers.get("location")).toBe(`${publicOrigin}/auth/verify-request?provider=nodemailer&type=email`)
    const link = linkFromMail(await sink().nextMail())
    expect(link.origin).toBe(publicOrigin)
    // The attacker's callbackUrl is on a foreign origin now, so the redirect callback drops it.
    expect(link.searchParams.get("callbackUrl")).toBe(publicOrigin)
    expect(link.href).not.toContain("evil")
  })

  it("gives the OAuth provider AUTH_URL's redirect_uri", async () => {
    const { config } = app()
    const browser = browserWithHeaders(config, spoofedHeaders)
    const response = await browser.post(`${spoofed}/signin/acme`, { callbackUrl: "http://evil.example/" }, spoofed)
    const authorization = new URL(response.headers.get("location")!)
    expect(authorization.origin).toBe("https://idp.example.test")
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${publicOrigin}/auth/callback/acme`)
  })

  it("records AUTH_URL's callback URL, not the spoofed host's, in a redirect-proxy state", async () => {
    const { config } = app()
    config.redirectProxyUrl = "https://proxy.example.test/auth"
    const browser = browserWithHeaders(config, spoofedHeaders)
    const response = await browser.post(`${spoofed}/signin/acme`, {}, spoofed)
    const authorization = new URL(response.headers.get("location")!)
    expect(authorization.searchParams.get("redirect_uri")).toBe("https://proxy.example.test/auth/callback/acme")
    const state = await decode({ token: authorization.searchParams.get("state")!, secret, salt: "encodedState" })
    expect(state?.origin).toBe(`${publicOrigin}/auth/callback/acme`)
  })

  it("puts the built-in pages' form actions and links on AUTH_URL's origin", async () => {
    const { config } = app()
    const browser = browserWithHeaders(config, spoofedHeaders)
    for (const page of ["signin", "signout", "verify-request", "error?error=Verification"]) {
      const html = await (await browser.fetch(`${spoofed}/${page}`)).text()
      expect(html, page).not.toContain("evil.example")
    }
    const forms = pageForms(await (await browser.fetch(`${spoofed}/signin`)).text())
    expect(forms.length).toBeGreaterThan(0)
    for (const form of forms) expect(new URL(form.action).origin).toBe(publicOrigin)
  })

  it("sends a failed sign-in to the sign-in page on AUTH_URL's origin", async () => {
    const config = credentialsConfig({ trustHost: undefined })
    const browser = browserWithHeaders(config, spoofedHeaders)
    const response = await browser.post(`${spoofed}/callback/credentials`, { username: "ada", password: "wrong" }, spoofed)
    expect(new URL(response.headers.get("location")!).origin).toBe(publicOrigin)
  })
})

describe("the demo server's Node adapter", () => {
  let server: Server
  let port: number
  const config = credentialsConfig({ providers: [adaCredentials()] })

  // The demo sets no AUTH_URL: its adapter alone keeps the origin fixed.
  beforeEach(() => vi.stubEnv("AUTH_URL", undefined))
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const origin = `http://localhost:${port}`
      await sendWebResponse(res, await Auth(await toWebRequest(req, origin), config))
    })
    port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)))
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  /** One raw HTTP/1.1 request, so the request target is exactly what an attacker writes. */
  function rawRequest(target: string, host = "evil.example"): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
      })
      let answer = ""
      socket.on("data", (chunk) => (answer += chunk.toString("latin1")))
      socket.on("end", () => resolve(answer))
      socket.on("error", reject)
    })
  }

  it("keeps its fixed origin for an absolute-form request target", async () => {
    const answer = await rawRequest("http://evil.example/auth/signin")
    expect(answer).toMatch(/^HTTP\/1\.1 200/)
    const [form] = pageForms(answer.slice(answer.indexOf("\r\n\r\n")))
    expect(new URL(form.action).origin).toBe(`http://localhost:${port}`)
    expect(answer).not.toContain("evil.example")
  })

  it("keeps its fixed origin for a `//host` request target (a path, not a host)", async () => {
    const answer = await rawRequest("//evil.example/auth/signin")
    expect(answer).toMatch(/^HTTP\/1\.1 400/)
    expect(answer).not.toContain("evil.example")
  })

  it("keeps the path and query of an absolute-form target", async () => {
    const answer = await rawRequest("https://evil.example/auth/signin?error=Verification")
    expect(answer).toMatch(/^HTTP\/1\.1 200/)
    expect(answer).toContain(`http://localhost:${port}/auth/callback/credentials`)
    expect(answer).not.toContain("evil.example")
  })
})
