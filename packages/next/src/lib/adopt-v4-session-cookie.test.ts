/**
 * Moving on from next-auth 4 (or @gatehouse/next/v4) to the v5 API keeps users signed in: the v5
 * handlers read next-auth 4's session cookie (made here by the real next-auth 4.24), re-issue it in
 * the v5 format and delete it. A v4 cookie under another secret signs no one in, and signing out
 * leaves neither cookie behind.
 */
import { decode } from "@gatehouse/core/jwt"
import * as realV4 from "next-auth-v4/jwt"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createConfigResolver } from "./create-config-resolver.js"
import { createHandlers } from "./create-handlers.js"
import { credentialsConfig, testSecret } from "./test-support/credentials-config.js"

const origin = "http://localhost:3000"
const claims = { name: "V4 User", email: "v4@example.test", sub: "v4-user" }

function setCookies(response: Response): Map<string, string> {
  const jar = new Map<string, string>()
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";")
    const [name, ...value] = pair.split("=")
    jar.set(name, value.join("="))
  }
  return jar
}

describe("v5 handlers adopt a next-auth 4 session cookie", () => {
  beforeEach(() => {
    vi.stubEnv("AUTH_URL", "")
    vi.stubEnv("NEXTAUTH_URL", origin)
  })
  afterEach(() => vi.unstubAllEnvs())
  const { GET, POST } = createHandlers(createConfigResolver(credentialsConfig()))

  it("the session continues; the answer re-issues it as the v5 cookie and deletes the v4 one", async () => {
    const v4Token = await realV4.encode({ token: claims, secret: testSecret, maxAge: 3600 })
    const response = await GET(new Request(`${origin}/api/auth/session`, { headers: { cookie: `next-auth.session-token=${v4Token}` } }))
    await expect(response.clone().json()).resolves.toMatchObject({ user: { name: "V4 User", email: "v4@example.test" } })

    const jar = setCookies(response)
    expect(jar.get("next-auth.session-token")).toBe("")
    const v5Token = jar.get("authjs.session-token")!
    const decoded = await decode({ token: v5Token, secret: testSecret, salt: "authjs.session-token" })
    expect(decoded).toMatchObject(claims)
    expect(decoded!.exp!).toBeGreaterThan(Math.floor(Date.now() / 1000))

    // The next request carries only the v5 cookie and is still signed in.
    const next = await GET(new Request(`${origin}/api/auth/session`, { headers: { cookie: `authjs.session-token=${v5Token}` } }))
    await expect(next.json()).resolves.toMatchObject({ user: { name: "V4 User" } })
  })

  it("chunked and __Secure- v4 cookies are read too", async () => {
    vi.stubEnv("NEXTAUTH_URL", "https://app.example.com")
    const v4Token = await realV4.encode({ token: claims, secret: testSecret })
    const half = Math.ceil(v4Token.length / 2)
    const cookie = `__Secure-next-auth.session-token.0=${v4Token.slice(0, half)}; __Secure-next-auth.session-token.1=${v4Token.slice(half)}`
    const secureHandlers = createHandlers(createConfigResolver(credentialsConfig()))
    const response = await secureHandlers.GET(new Request("https://app.example.com/api/auth/session", { headers: { cookie } }))
    await expect(response.clone().json()).resolves.toMatchObject({ user: { name: "V4 User" } })
    const jar = setCookies(response)
    expect(jar.get("__Secure-next-auth.session-token.0")).toBe("")
    expect(jar.get("__Secure-next-auth.session-token.1")).toBe("")
    expect(jar.get("__Secure-authjs.session-token")).toBeTruthy()
  })

  it("a v4 cookie under another secret signs no one in and is deleted", async () => {
    const v4Token = await realV4.encode({ token: claims, secret: `${testSecret}-other` })
    const response = await GET(new Request(`${origin}/api/auth/session`, { headers: { cookie: `next-auth.session-token=${v4Token}` } }))
    await expect(response.clone().json()).resolves.toBeNull()
    const jar = setCookies(response)
    expect(jar.get("next-auth.session-token")).toBe("")
    expect(jar.get("authjs.session-token") ?? "").toBe("")
  })

  it("a v5 cookie wins over a v4 one, which is left alone", async () => {
    const { sessionCookie } = await import("./test-support/credentials-config.js")
    const v4Token = await realV4.encode({ token: { ...claims, name: "Other" }, secret: testSecret })
    const response = await GET(
      new Request(`${origin}/api/auth/session`, { headers: { cookie: `${await sessionCookie()}; next-auth.session-token=${v4Token}` } }),
    )
    await expect(response.clone().json()).resolves.toMatchObject({ user: { name: "Demo User" } })
    expect(setCookies(response).has("next-auth.session-token")).toBe(false)
  })

  it("signing out with only the v4 cookie leaves neither cookie behind", async () => {
    const v4Token = await realV4.encode({ token: claims, secret: testSecret })
    const csrf = await GET(new Request(`${origin}/api/auth/csrf`))
    const { csrfToken } = await csrf.clone().json()
    const csrfCookie = [...setCookies(csrf)].map(([name, value]) => `${name}=${value}`).join("; ")
    const response = await POST(
      new Request(`${origin}/api/auth/signout`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          cookie: `${csrfCookie}; next-auth.session-token=${v4Token}`,
          origin,
        },
        body: new URLSearchParams({ csrfToken, callbackUrl: `${origin}/` }),
      }),
    )
    expect(response.status).toBe(302)
    const jar = setCookies(response)
    expect(jar.get("next-auth.session-token")).toBe("")
    expect(jar.get("authjs.session-token")).toBe("")
  })
})
