/**
 * `NextAuth(options)` of `@gatehouse/next/v4` as a v4 app and v4 client use it: the app-router
 * handler with Web requests, the pages-router handler and getServerSession on a real Node HTTP
 * server. Cookies are checked against the real next-auth 4.24 codec (`next-auth-v4`).
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import Credentials from "@gatehouse/core/providers/credentials"
import Google from "@gatehouse/next/v4/providers/google"
import * as realV4 from "next-auth-v4/jwt"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import NextAuth, { type AuthOptions, getServerSession } from "./index.js"

const secret = "a-v4-test-secret-that-is-long-enough-for-anyone"

function authOptions(overrides: Partial<AuthOptions> = {}): AuthOptions {
  return {
    secret,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: (credentials) =>
          credentials.username === "demo" && credentials.password === "demo"
            ? { id: "demo-user", name: "Demo User", email: "demo@example.test" }
            : null,
      }),
    ],
    ...overrides,
  }
}

/** The cookies a browser would send back, from responses' Set-Cookie headers. */
function cookieJar(...responses: Response[]): Map<string, string> {
  const jar = new Map<string, string>()
  for (const response of responses) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";")
      const [name, ...value] = pair.split("=")
      jar.set(name, value.join("="))
    }
  }
  return jar
}
const cookieHeader = (jar: Map<string, string>) =>
  [...jar]
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ")

async function signIn(handler: (request: Request) => Promise<Response>, origin: string, password = "demo") {
  const csrf = await handler(new Request(`${origin}/api/auth/csrf`))
  const { csrfToken } = await csrf.clone().json()
  const jar = cookieJar(csrf)
  const response = await handler(
    new Request(`${origin}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar), origin },
      // As next-auth 4's client posts it.
      body: new URLSearchParams({ username: "demo", password, csrfToken, callbackUrl: `${origin}/`, json: "true" }),
    }),
  )
  for (const [name, value] of cookieJar(response)) jar.set(name, value)
  return { csrf, response, jar }
}

describe("@gatehouse/next/v4 NextAuth: the app-router handler", () => {
  beforeEach(() => vi.stubEnv("NEXTAUTH_URL", "http://localhost:3000"))
  afterEach(() => vi.unstubAllEnvs())
  const origin = "http://localhost:3000"

  it("CSRF, credentials sign-in with v4's json=true, then the session — in v4 cookies next-auth 4 reads", async () => {
    const handler = NextAuth(authOptions())
    const { csrf, response, jar } = await signIn(handler, origin)
    expect(csrf.headers.getSetCookie().join()).toContain("next-auth.csrf-token=")
    expect(response.status).toBe(200)
    await expect(response.json()).resolves.toEqual({ url: `${origin}/` })

    const token = jar.get("next-auth.session-token")
    expect(token).toBeTruthy()
    expect([...jar.keys()].some((name) => name.startsWith("authjs."))).toBe(false)
    await expect(realV4.decode({ token, secret })).resolves.toMatchObject({ name: "Demo User", sub: "demo-user" })

    const session = await handler(new Request(`${origin}/api/auth/session`, { headers: { cookie: cookieHeader(jar) } }))
    await expect(session.json()).resolves.toMatchObject({ user: { name: "Demo User", email: "demo@example.test" } })
  })

  it("a browser signed in under next-auth 4 stays signed in: its cookie is read as it is", async () => {
    const token = await realV4.encode({ token: { name: "V4 User", email: "v4@example.test", sub: "v4-user" }, secret })
    const handler = NextAuth(authOptions())
    const session = await handler(new Request(`${origin}/api/auth/session`, { headers: { cookie: `next-auth.session-token=${token}` } }))
    await expect(session.json()).resolves.toMatchObject({ user: { name: "V4 User", email: "v4@example.test" } })

    const otherSecret = NextAuth(authOptions({ secret: `${secret}-other` }))
    const refused = await otherSecret(
      new Request(`${origin}/api/auth/session`, { headers: { cookie: `next-auth.session-token=${token}` } }),
    )
    await expect(refused.json()).resolves.toEqual({})
  })

  it("database sessions: a row as next-auth 4's adapter wrote it (the Auth.js schema) is read through its v4 cookie; sign-out deletes it", async () => {
    const adapter = SQLiteAdapter(":memory:")
    const user = await adapter.createUser!({ id: "v4-db-user", name: "DB User", email: "db@example.test", emailVerified: null })
    const row = { sessionToken: crypto.randomUUID(), userId: user.id, expires: new Date(Date.now() + 86_400_000) }
    await adapter.createSession!(row)
    const handler = NextAuth(authOptions({ adapter: adapter as AuthOptions["adapter"], session: { strategy: "database" } }))
    const cookie = `next-auth.session-token=${row.sessionToken}`
    const session = await handler(new Request(`${origin}/api/auth/session`, { headers: { cookie } }))
    await expect(session.json()).resolves.toMatchObject({ user: { name: "DB User", email: "db@example.test" } })

    const unknown = await handler(
      new Request(`${origin}/api/auth/session`, { headers: { cookie: `next-auth.session-token=${crypto.randomUUID()}` } }),
    )
    await expect(unknown.json()).resolves.toEqual({})

    const csrf = await handler(new Request(`${origin}/api/auth/csrf`, { headers: { cookie } }))
    const { csrfToken } = await csrf.clone().json()
    const jar = cookieJar(csrf)
    jar.set("next-auth.session-token", row.sessionToken)
    const signedOut = await handler(
      new Request(`${origin}/api/auth/signout`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar), origin },
        body: new URLSearchParams({ csrfToken, callbackUrl: `${origin}/`, json: "true" }),
      }),
    )
    expect(signedOut.status).toBe(200)
    expect(await adapter.getSessionAndUser!(row.sessionToken)).toBeNull()
  })

  it("an Auth.js v5 cookie does not sign anyone in under the v4 layer", async () => {
    const { encode } = await import("@gatehouse/core/jwt")
    const v5 = await encode({ token: { name: "X", sub: "x" }, secret, salt: "next-auth.session-token" })
    const handler = NextAuth(authOptions())
    const session = await handler(new Request(`${origin}/api/auth/session`, { headers: { cookie: `next-auth.session-token=${v5}` } }))
    await expect(session.json()).resolves.toEqual({})
  })

  it("no session is {} as in v4, not null", async () => {
    const response = await NextAuth(authOptions())(new Request(`${origin}/api/auth/session`))
    expect(response.status).toBe(200)
    await expect(response.text()).resolves.toBe("{}")
  })

  it("a wrong password: v4's error in the URL, no session cookie", async () => {
    const { response, jar } = await signIn(NextAuth(authOptions()), origin, "wrong")
    const { url } = await response.json()
    expect(new URL(url).searchParams.get("error")).toBe("CredentialsSignin")
    expect(jar.has("next-auth.session-token")).toBe(false)
  })

  it("a sign-in without the CSRF token makes no session", async () => {
    const handler = NextAuth(authOptions())
    const response = await handler(
      new Request(`${origin}/api/auth/callback/credentials`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body: new URLSearchParams({ username: "demo", password: "demo", json: "true" }),
      }),
    )
    expect(cookieJar(response).get("next-auth.session-token") ?? "").toBe("")
  })

  it("providers and POST /_log answer as v4's", async () => {
    const handler = NextAuth(authOptions())
    const providers = await (await handler(new Request(`${origin}/api/auth/providers`))).json()
    expect(providers.credentials).toMatchObject({
      id: "credentials",
      type: "credentials",
      callbackUrl: `${origin}/api/auth/callback/credentials`,
    })
    const log = await handler(new Request(`${origin}/api/auth/_log`, { method: "POST", body: "level=error" }))
    expect(log.status).toBe(200)
  })

  it("providers: OpenID Connect providers are v4's `oauth` type (v4 has no `oidc`), built-in or written by hand with idToken", async () => {
    const handwritten = {
      id: "my-idp",
      name: "My IdP",
      type: "oauth" as const,
      wellKnown: "https://idp.example.test/.well-known/openid-configuration",
      idToken: true,
      clientId: "id",
      clientSecret: "secret",
    }
    const handler = NextAuth(
      authOptions({ providers: [...authOptions().providers, Google({ clientId: "id", clientSecret: "s" }), handwritten] }),
    )
    const providers = await (await handler(new Request(`${origin}/api/auth/providers`))).json()
    expect(Object.fromEntries(Object.entries(providers).map(([id, p]) => [id, (p as { type: string }).type]))).toEqual({
      credentials: "credentials",
      google: "oauth",
      "my-idp": "oauth",
    })
    expect(providers.google).toEqual({
      id: "google",
      name: "Google",
      type: "oauth",
      signinUrl: `${origin}/api/auth/signin/google`,
      callbackUrl: `${origin}/api/auth/callback/google`,
    })
  })

  it("NEXTAUTH_URL on https: v4's __Secure- and __Host- cookie names", async () => {
    vi.stubEnv("NEXTAUTH_URL", "https://app.example.com")
    const { jar } = await signIn(NextAuth(authOptions()), "https://app.example.com")
    expect(jar.has("__Host-next-auth.csrf-token")).toBe(true)
    const token = jar.get("__Secure-next-auth.session-token")
    await expect(realV4.decode({ token, secret })).resolves.toMatchObject({ sub: "demo-user" })
  })
})

describe("@gatehouse/next/v4 on the pages router: NextAuth(req, res) and getServerSession(req, res, options)", () => {
  let server: Server
  let origin: string
  const options = authOptions()
  const auth = NextAuth(options)

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      // v4's other form: NextAuth(req, res, options) called inside the route.
      if (req.url?.startsWith("/api/auth/") && req.headers["x-direct-call"]) return NextAuth(req, res, options)
      if (req.url?.startsWith("/api/auth/")) return auth(req, res)
      if (req.url === "/api/me") {
        const session = await getServerSession(req, res, options)
        res.setHeader("content-type", "application/json")
        return res.end(JSON.stringify({ session }))
      }
      res.statusCode = 404
      res.end()
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    vi.stubEnv("NEXTAUTH_URL", origin)
  })
  afterAll(async () => {
    vi.unstubAllEnvs()
    await new Promise((resolve) => server.close(resolve))
  })

  const viaHttp = async (request: Request) => {
    const response = await fetch(request, { redirect: "manual" })
    return response
  }

  it("signs in through the Node handler and getServerSession reads the session", async () => {
    const { jar, response } = await signIn(viaHttp, origin)
    await expect(response.json()).resolves.toEqual({ url: `${origin}/` })
    expect(jar.get("next-auth.session-token")).toBeTruthy()

    const signedIn = await fetch(`${origin}/api/me`, { headers: { cookie: cookieHeader(jar) } })
    await expect(signedIn.json()).resolves.toMatchObject({ session: { user: { name: "Demo User" } } })
    const signedOut = await fetch(`${origin}/api/me`)
    await expect(signedOut.json()).resolves.toEqual({ session: null })
  })

  it("NextAuth(req, res, options) answers as the handler does", async () => {
    const response = await fetch(`${origin}/api/auth/providers`, { headers: { "x-direct-call": "1" } })
    await expect(response.json()).resolves.toMatchObject({ credentials: { id: "credentials" } })
  })

  it("getServerSession reads a cookie next-auth 4 made", async () => {
    const token = await realV4.encode({ token: { name: "V4 User", sub: "v4-user" }, secret })
    const response = await fetch(`${origin}/api/me`, { headers: { cookie: `next-auth.session-token=${token}` } })
    await expect(response.json()).resolves.toMatchObject({ session: { user: { name: "V4 User" } } })
  })

  it("signs out with v4's json=true and clears the session cookie", async () => {
    const { jar } = await signIn(viaHttp, origin)
    const { csrfToken } = await (await fetch(`${origin}/api/auth/csrf`, { headers: { cookie: cookieHeader(jar) } })).json()
    const response = await fetch(`${origin}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar), origin },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${origin}/`, json: "true" }),
    })
    await expect(response.json()).resolves.toMatchObject({ url: `${origin}/` })
    for (const [name, value] of cookieJar(response)) jar.set(name, value)
    expect(jar.get("next-auth.session-token")).toBe("")
  })
})

describe("@gatehouse/next/v4 refuses oversized bodies without reading them whole", () => {
  beforeEach(() => vi.stubEnv("NEXTAUTH_URL", "http://localhost:3000"))
  afterEach(() => vi.unstubAllEnvs())

  it("an endless form body (no Content-Length) is cut one byte past core's 64 KiB and refused with 400", async () => {
    let sent = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 16 * 1024
        controller.enqueue(new TextEncoder().encode("a".repeat(16 * 1024)))
      },
    })
    const request = new Request("http://localhost:3000/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
      body: endless,
      duplex: "half",
    } as RequestInit)
    const response = await NextAuth(authOptions())(request)
    expect(response.status).toBe(400)
    expect(sent).toBeLessThanOrEqual(96 * 1024)
  })
})
