/**
 * Every answer of @gatehouse/next that sets or clears the session cookie is `Cache-Control: private,
 * no-store` with `Vary: Cookie`, whatever the app's route set: the auth route handlers, the proxy's
 * answer, a pages-router getServerSideProps that sets `public, s-maxage`. And the step-up of Next's
 * session helpers (core's check): `auth({ maxAge, secondFactor })` redirects a page to
 * `{basePath}/reauthenticate`, `requireRecentAuthentication()` answers a route handler's API call with
 * RFC 9470's 401. next/headers is stood in for; everything else is real.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { encode } from "@gatehouse/core/jwt"
import { NextRequest } from "next/server"
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import NextAuth from "../index.js"
import { isRedirectError } from "./is-redirect-error.js"
import { credentialsConfig, testSecret } from "./test-support/credentials-config.js"

const incoming = vi.hoisted(() => ({ headers: {} as Record<string, string>, cookie: "" }))

vi.mock("next/headers", () => ({
  headers: async () => new Headers({ host: "127.0.0.1:4321", "x-forwarded-proto": "http", ...incoming.headers, cookie: incoming.cookie }),
  cookies: async () => ({
    getAll: () =>
      incoming.cookie
        ? [{ name: incoming.cookie.slice(0, incoming.cookie.indexOf("=")), value: incoming.cookie.slice(incoming.cookie.indexOf("=") + 1) }]
        : [],
    set: () => {},
  }),
}))

const host = "127.0.0.1:4321"
const origin = `http://${host}`
const quiet = { error: () => {}, warn: () => {} }

/** A session cookie signed in `ageSeconds` ago with a password (core's auth_time and amr marks). */
async function sessionCookie(ageSeconds = 10): Promise<string> {
  const claims = { name: "Demo User", sub: "demo-user", auth_time: Math.floor(Date.now() / 1000) - ageSeconds, amr: ["pwd"] }
  return `authjs.session-token=${await encode({ token: claims, secret: testSecret, salt: "authjs.session-token" })}`
}

function expectPrivate(headers: Headers | Record<string, unknown>) {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : String(headers[name] ?? ""))
  const cacheControl = (get("cache-control") ?? "").split(",").map((value) => value.trim())
  expect(cacheControl).toEqual(expect.arrayContaining(["private", "no-store"]))
  expect(cacheControl).not.toContain("public")
  expect(get("vary")?.toLowerCase()).toContain("cookie")
}

beforeEach(() => {
  incoming.headers = {}
  incoming.cookie = ""
})

describe("answers that set or clear the session cookie are private", () => {
  it("the route handlers: a credentials sign-in, and a sign-out", async () => {
    const { handlers } = NextAuth(credentialsConfig({ logger: quiet }))
    const csrf = await handlers.GET(new NextRequest(`${origin}/api/auth/csrf`, { headers: { host } }))
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const csrfCookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!
    const form = (fields: Record<string, string>, cookie: string) =>
      new NextRequest(`${origin}/api/auth/callback/credentials`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin, host },
        body: new URLSearchParams({ ...fields, csrfToken }),
      })
    const signedIn = await handlers.POST(form({ username: "demo", password: "demo" }, csrfCookie))
    const session = signedIn.headers.getSetCookie().find((line) => line.startsWith("authjs.session-token="))
    expect(session).toBeDefined()
    expectPrivate(signedIn.headers)

    const signOut = new NextRequest(`${origin}/api/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `${csrfCookie}; ${session!.split(";")[0]}`, origin, host },
      body: new URLSearchParams({ csrfToken }),
    })
    const signedOut = await handlers.POST(signOut)
    expect(signedOut.headers.getSetCookie().some((line) => line.startsWith("authjs.session-token=;"))).toBe(true)
    expectPrivate(signedOut.headers)
  })

  it("the proxy's answer that renews the session cookie, and one that clears a forged one", async () => {
    const { auth } = NextAuth(credentialsConfig({ logger: quiet, session: { updateAge: 0 } }))
    const proxy = auth as unknown as (request: NextRequest) => Promise<Response>
    const renewed = await proxy(new NextRequest(`${origin}/page`, { headers: { cookie: await sessionCookie(), host } }))
    expect(renewed.headers.getSetCookie().some((line) => /^authjs\.session-token=[^;]/.test(line))).toBe(true)
    expectPrivate(renewed.headers)
    const cleared = await proxy(new NextRequest(`${origin}/page`, { headers: { cookie: "authjs.session-token=forged", host } }))
    expect(cleared.headers.getSetCookie().some((line) => line.startsWith("authjs.session-token=;"))).toBe(true)
    expectPrivate(cleared.headers)
  })

  describe("a pages-router getServerSideProps that asks for a public, s-maxage answer", () => {
    let server: Server
    let url: string
    beforeAll(async () => {
      const { auth } = NextAuth(credentialsConfig({ logger: quiet, session: { updateAge: 0 } }))
      server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
        // As Next's docs have it: auth(context) first, then the page's own caching header.
        await (auth as unknown as (context: { req: IncomingMessage; res: ServerResponse }) => Promise<unknown>)({ req, res })
        res.setHeader("Cache-Control", "public, s-maxage=10, stale-while-revalidate=59")
        res.end("page")
      })
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`
    })
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

    it("comes out private when the session cookie was renewed", async () => {
      const response = await fetch(url, { headers: { cookie: await sessionCookie() } })
      expect(response.headers.getSetCookie().some((line) => line.startsWith("authjs.session-token="))).toBe(true)
      expectPrivate(response.headers)
    })

    it("and when a forged one was cleared", async () => {
      const response = await fetch(url, { headers: { cookie: "authjs.session-token=forged" } })
      expect(response.headers.getSetCookie().some((line) => line.startsWith("authjs.session-token=;"))).toBe(true)
      expectPrivate(response.headers)
    })
  })
})

describe("step-up through core's check", () => {
  const { auth, requireRecentAuthentication } = NextAuth(credentialsConfig({ logger: quiet }))
  const stepUpAuth = auth as unknown as (need: { maxAge?: number; secondFactor?: boolean; callbackUrl?: string }) => Promise<unknown>

  it("auth({ maxAge }) answers the session of a recent sign-in", async () => {
    incoming.cookie = await sessionCookie(10)
    expect(await stepUpAuth({ maxAge: 300 })).toMatchObject({ user: { name: "Demo User" } })
  })

  it("auth({ maxAge }) redirects a sign-in too old to /api/auth/reauthenticate, back to callbackUrl", async () => {
    incoming.cookie = await sessionCookie(900)
    const thrown = await stepUpAuth({ maxAge: 300, callbackUrl: "/settings" }).catch((error: unknown) => error)
    expect(isRedirectError(thrown)).toBe(true)
    const location = new URL((thrown as { digest: string }).digest.split(";")[2]!, origin)
    expect(location.pathname).toBe("/api/auth/reauthenticate")
    expect(location.searchParams.get("callbackUrl")).toBe("/settings")
  })

  it("auth({ secondFactor: true }) never hands out the session of a password-only sign-in", async () => {
    incoming.cookie = await sessionCookie(10)
    const thrown = await stepUpAuth({ secondFactor: true }).catch((error: unknown) => error)
    expect(isRedirectError(thrown)).toBe(true)
  })

  it("requireRecentAuthentication(): null when recent, RFC 9470's 401 for an API call, a redirect for a page", async () => {
    incoming.cookie = await sessionCookie(10)
    expect(await requireRecentAuthentication({ maxAge: 300 })).toBeNull()
    incoming.headers = { accept: "application/json" }
    const api = await requireRecentAuthentication({ secondFactor: true })
    expect(api?.status).toBe(401)
    expect(api?.headers.get("www-authenticate")).toMatch(/^Bearer error="insufficient_user_authentication"/)
    incoming.headers = { accept: "text/html" }
    incoming.cookie = await sessionCookie(900)
    const page = await requireRecentAuthentication()
    expect(page?.status).toBe(302)
    expect(new URL(page!.headers.get("location")!).pathname).toBe("/api/auth/reauthenticate")
  })
})
