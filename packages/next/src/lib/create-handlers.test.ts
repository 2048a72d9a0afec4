import { NextRequest } from "next/server"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createConfigResolver } from "./create-config-resolver.js"
import { createHandlers } from "./create-handlers.js"
import { credentialsConfig, testSecret } from "./test-support/credentials-config.js"

/** The cookies a browser would send back, from a response's Set-Cookie headers. */
function cookieHeader(...responses: Response[]): string {
  const jar = new Map<string, string>()
  for (const response of responses) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";")
      const [name, ...value] = pair.split("=")
      jar.set(name, value.join("="))
    }
  }
  return [...jar]
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ")
}

describe("handlers (app/api/auth/[...nextauth]/route.ts)", () => {
  beforeEach(() => {
    vi.stubEnv("AUTH_URL", "")
    vi.stubEnv("NEXTAUTH_URL", "")
  })
  afterEach(() => vi.unstubAllEnvs())

  it("signs in with credentials over HTTP (CSRF on) and then serves the session", async () => {
    const { GET, POST } = createHandlers(createConfigResolver(credentialsConfig()))
    const headers = { host: "127.0.0.1:3000", "x-forwarded-proto": "http" }
    const csrf = await GET(new NextRequest("http://localhost:3000/api/auth/csrf", { headers }))
    const { csrfToken } = await csrf.clone().json()

    const withoutToken = await POST(
      new NextRequest("http://localhost:3000/api/auth/callback/credentials", {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(csrf) },
        body: new URLSearchParams({ username: "demo", password: "demo" }),
      }),
    )
    expect(new URL(withoutToken.headers.get("location")!).searchParams.get("error")).toBe("MissingCSRF")

    const signIn = await POST(
      new NextRequest("http://localhost:3000/api/auth/callback/credentials", {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(csrf) },
        body: new URLSearchParams({ username: "demo", password: "demo", csrfToken, callbackUrl: "/dashboard" }),
      }),
    )
    expect(signIn.status).toBe(302)
    // Next's URL says localhost; the browser is on 127.0.0.1, and that is where it must be sent back.
    expect(signIn.headers.get("location")).toBe("http://127.0.0.1:3000/dashboard")

    const session = await GET(
      new NextRequest("http://localhost:3000/api/auth/session", { headers: { ...headers, cookie: cookieHeader(csrf, signIn) } }),
    )
    await expect(session.json()).resolves.toMatchObject({ user: { name: "Demo User", email: "demo@example.test" } })
  })

  it("answers under AUTH_URL's origin, whatever Host the request came with", async () => {
    vi.stubEnv("AUTH_URL", "https://app.example.com/api/auth")
    const { GET } = createHandlers(createConfigResolver({ ...credentialsConfig(), basePath: undefined, secret: testSecret }))
    const providers = await GET(new NextRequest("http://10.0.0.5:3000/api/auth/providers", { headers: { host: "attacker.example" } }))
    const body = await providers.json()
    expect(body.credentials.callbackUrl).toBe("https://app.example.com/api/auth/callback/credentials")
  })

  it("answers 400 for a path outside the auth routes", async () => {
    const { GET } = createHandlers(createConfigResolver(credentialsConfig()))
    const outside = await GET(new NextRequest("http://localhost:3000/api/other/session", { headers: { host: "127.0.0.1:3000" } }))
    expect(outside.status).toBe(400)
  })
})
