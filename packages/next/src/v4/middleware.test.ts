import * as realV4 from "next-auth-v4/jwt"
import { type NextFetchEvent, NextRequest, NextResponse } from "next/server"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import withAuthDefault, { type NextRequestWithAuth, withAuth } from "./middleware.js"

const secret = "a-v4-middleware-secret-that-is-long-enough"
const origin = "http://localhost:3000"

async function requestWithSession(path: string, claims: Record<string, unknown> | undefined, tokenSecret = secret) {
  const headers = new Headers()
  if (claims) headers.set("cookie", `next-auth.session-token=${await realV4.encode({ token: claims, secret: tokenSecret })}`)
  // Next hands middleware a plain NextRequest; withAuth adds `nextauth` to it itself, as next-auth 4's did.
  return new NextRequest(`${origin}${path}`, { headers }) as NextRequestWithAuth
}

describe("@gatehouse/next/v4/middleware withAuth", () => {
  beforeEach(() => {
    vi.stubEnv("NEXTAUTH_URL", origin)
    vi.stubEnv("NEXTAUTH_SECRET", secret)
  })
  afterEach(() => vi.unstubAllEnvs())

  it("default export: no session → the sign-in page with a callbackUrl back", async () => {
    const response = (await withAuthDefault(await requestWithSession("/dashboard?tab=1", undefined))) as Response
    expect(response.status).toBe(307)
    const location = new URL(response.headers.get("location")!)
    expect(location.pathname).toBe("/api/auth/signin")
    expect(location.searchParams.get("callbackUrl")).toBe("/dashboard?tab=1")
  })

  it("default export: a session cookie next-auth 4 made lets the request through", async () => {
    await expect(withAuthDefault(await requestWithSession("/dashboard", { sub: "u1" }))).resolves.toBeUndefined()
  })

  it("a cookie made with another secret does not", async () => {
    const response = (await withAuth(await requestWithSession("/dashboard", { sub: "u1" }, `${secret}-other`))) as Response
    expect(response.status).toBe(307)
  })

  it("withAuth(middleware, options): authorized decides; req.nextauth.token reaches the middleware", async () => {
    const seen: unknown[] = []
    const middleware = withAuth(
      (request: any) => {
        seen.push(request.nextauth.token.role)
        return NextResponse.next()
      },
      { callbacks: { authorized: ({ token }) => token?.role === "admin" }, pages: { signIn: "/login" } },
    )
    const admin = (await middleware(await requestWithSession("/admin", { sub: "u1", role: "admin" }), {} as NextFetchEvent)) as NextResponse
    expect(admin.headers.get("x-middleware-next")).toBe("1")
    expect(seen).toEqual(["admin"])
    const user = (await middleware(await requestWithSession("/admin", { sub: "u2", role: "user" }), {} as NextFetchEvent)) as NextResponse
    expect(new URL(user.headers.get("location")!).pathname).toBe("/login")
  })

  it("never guards the auth routes, the sign-in page or Next's assets", async () => {
    const middleware = withAuth({ pages: { signIn: "/login" } })
    for (const path of ["/api/auth/signin", "/login", "/_next/static/x.js", "/favicon.ico"]) {
      await expect(middleware(await requestWithSession(path, undefined), {} as NextFetchEvent)).resolves.toBeUndefined()
    }
  })

  it("without a secret: the error page with error=Configuration", async () => {
    vi.stubEnv("NEXTAUTH_SECRET", "")
    const spy = vi.spyOn(console, "error").mockImplementation(() => {})
    const response = (await withAuth(await requestWithSession("/dashboard", undefined))) as Response
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("Configuration")
    expect(spy).toHaveBeenCalled()
    spy.mockRestore()
  })
})
