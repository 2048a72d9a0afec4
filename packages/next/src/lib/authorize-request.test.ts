import { NextRequest } from "next/server"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { authorizeRequest } from "./authorize-request.js"
import { credentialsConfig, sessionCookie } from "./test-support/credentials-config.js"
import type { NextAuthConfig, NextAuthRequest } from "./types.js"

const origin = "http://127.0.0.1:4321"

function request(path: string, cookie?: string): NextRequest {
  return new NextRequest(`${origin}${path}`, {
    headers: { host: "127.0.0.1:4321", "x-forwarded-proto": "http", ...(cookie ? { cookie } : {}) },
  })
}

const protectOnly = (prefix: string): NextAuthConfig["callbacks"] => ({
  authorized: ({ auth, request }) => (request.nextUrl.pathname.startsWith(prefix) ? Boolean(auth?.user) : true),
})

describe("authorizeRequest (proxy and auth(handler))", () => {
  beforeEach(() => {
    vi.stubEnv("AUTH_URL", "")
    vi.stubEnv("NEXTAUTH_URL", "")
  })
  afterEach(() => vi.unstubAllEnvs())

  it("redirects a denied request to the sign-in page with the full URL as callbackUrl — on 127.0.0.1, not localhost", async () => {
    const config = credentialsConfig({ callbacks: protectOnly("/protected") })
    const response = await authorizeRequest(request("/protected/area?tab=2"), undefined, config)
    expect(response.status).toBe(307)
    const location = new URL(response.headers.get("location")!)
    expect(`${location.origin}${location.pathname}`).toBe(`${origin}/api/auth/signin`)
    expect(location.searchParams.get("callbackUrl")).toBe(`${origin}/protected/area?tab=2`)
  })

  it("uses pages.signIn, and never redirects the sign-in page to itself", async () => {
    const config = credentialsConfig({ pages: { signIn: "/login" }, callbacks: { authorized: () => false } })
    const away = await authorizeRequest(request("/protected"), undefined, config)
    expect(new URL(away.headers.get("location")!).pathname).toBe("/login")
    const onSignInPage = await authorizeRequest(request("/login"), undefined, config)
    expect(onSignInPage.headers.get("location")).toBeNull()
    expect(onSignInPage.headers.get("x-middleware-next")).toBe("1")
  })

  it("does not run a wrapped handler when authorized says no (next-auth runs it anyway)", async () => {
    const handler = vi.fn(() => Response.json({ secret: "data" }))
    const config = credentialsConfig({ callbacks: protectOnly("/protected") })
    const response = await authorizeRequest(request("/protected/report"), undefined, config, handler)
    expect(handler).not.toHaveBeenCalled()
    expect(response.status).toBe(307)
    expect(await response.text()).not.toContain("secret")
  })

  it("runs the wrapped handler with req.auth when allowed, and adds the refreshed session cookie", async () => {
    let seen: NextAuthRequest["auth"] | undefined
    const handler = vi.fn((req: NextAuthRequest) => {
      seen = req.auth
      return Response.json({ ok: true })
    })
    // updateAge 0: the session cookie is re-issued on every read (by default only once a day).
    const config = credentialsConfig({ callbacks: protectOnly("/protected"), session: { updateAge: 0 } })
    const response = await authorizeRequest(request("/protected/report", await sessionCookie()), undefined, config, handler)
    expect(handler).toHaveBeenCalledOnce()
    expect(seen?.user).toMatchObject({ name: "Demo User", email: "demo@example.test" })
    await expect(response.json()).resolves.toEqual({ ok: true })
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.session-token="))).toBe(true)
  })

  it("lets a Response from authorized win, with the session cookies added", async () => {
    const config = credentialsConfig({
      session: { updateAge: 0 },
      callbacks: { authorized: () => Response.json({ message: "nope" }, { status: 401 }) },
    })
    const handler = vi.fn()
    const response = await authorizeRequest(request("/api/report", await sessionCookie()), undefined, config, handler)
    expect(handler).not.toHaveBeenCalled()
    expect(response.status).toBe(401)
    await expect(response.json()).resolves.toEqual({ message: "nope" })
    expect(response.headers.getSetCookie().length).toBeGreaterThan(0)
  })

  it("lets everything through when there is no authorized callback", async () => {
    const response = await authorizeRequest(request("/anything"), undefined, credentialsConfig())
    expect(response.headers.get("x-middleware-next")).toBe("1")
  })

  it("reads a forged cookie as no session and deletes it", async () => {
    let seen: unknown = "unset"
    const config = credentialsConfig({
      callbacks: {
        authorized: ({ auth }) => {
          seen = auth
          return Boolean(auth)
        },
      },
    })
    const response = await authorizeRequest(request("/x", "authjs.session-token=forged.token.value"), undefined, config)
    expect(seen).toBeNull()
    expect(response.status).toBe(307)
    expect(response.headers.getSetCookie().some((cookie) => /^authjs\.session-token=;/.test(cookie))).toBe(true)
  })

  it("fails closed when the config is broken: a valid cookie gives auth null, never an error object (GHSA-8fpg-xm3f-6cx3)", async () => {
    const seen: unknown[] = []
    const logged = vi.spyOn(console, "error").mockImplementation(() => {})
    for (const broken of [
      credentialsConfig({ secret: undefined }),
      credentialsConfig({ trustHost: false }),
      credentialsConfig({ providers: [{ id: "x", name: "X", type: "oidc" } as any] }),
    ]) {
      broken.callbacks = {
        authorized: ({ auth }) => {
          seen.push(auth)
          return Boolean(auth)
        },
      }
      const response = await authorizeRequest(request("/protected", await sessionCookie()), undefined, broken)
      expect(response.status).toBe(307)
    }
    expect(seen).toEqual([null, null, null])
    logged.mockRestore()
  })

  it("renews the session cookie on a GET, privately, and not on a POST, whose action or handler may sign out in that same request", async () => {
    const config = credentialsConfig({ session: { strategy: "jwt", updateAge: 0 } })
    const cookie = await sessionCookie()
    const onGet = await authorizeRequest(request("/page", cookie), undefined, config)
    expect(onGet.headers.getSetCookie().some((line) => /^authjs\.session-token=ey/.test(line))).toBe(true)
    expect(onGet.headers.get("cache-control")).toBe("private, no-store")
    expect(onGet.headers.get("vary")).toBe("Cookie")

    const post = new NextRequest(`${origin}/page`, { method: "POST", headers: { host: "127.0.0.1:4321", cookie } })
    const onPost = await authorizeRequest(post, undefined, config)
    expect(onPost.headers.getSetCookie()).toEqual([])
    expect(onPost.headers.get("x-middleware-next")).toBe("1")
  })
})
