/**
 * examples/next (Next.js 16) keeps every response that writes a session cookie out of shared caches:
 * `Cache-Control: private, no-store` and `Vary: Cookie`, whatever the app or Next said about caching.
 * A CDN that stored one of these answers would hand the visitor's session cookie to whoever asked
 * next. Driven with plain fetch against `next start` (the headers are the subject; no browser needed),
 * with the session renewed on every read (SESSION_UPDATE_AGE=0) so each read writes the cookie.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildExample, newSecret, startExample, type RunningApp } from "./support/next-example.js"

const sessionCookie = "authjs.session-token"

let scratch: string
let app: RunningApp

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "gatehouse-next-private-"))
  await buildExample()
  app = await startExample({
    AUTH_SECRET: newSecret(),
    AUTH_URL: undefined,
    AUTH_TRUST_HOST: "true",
    DATABASE_PATH: join(scratch, "private.db"),
    SESSION_UPDATE_AGE: "0",
  })
}, 300_000)

afterAll(async () => {
  await app?.stop()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

/** A cookie-keeping client of the running app that does not follow redirects. */
function visitor(): TestBrowser {
  return new TestBrowser((request) => fetch(request, { redirect: "manual" }))
}

/** A visitor signed in with the example's demo credentials (a JWT session). */
async function signedIn(): Promise<TestBrowser> {
  const client = visitor()
  const response = await client.post(
    `${app.origin}/api/auth/callback/credentials`,
    { username: "demo", password: "demo" },
    `${app.origin}/api/auth`,
  )
  expect(response.status).toBe(302)
  expect(client.cookies.has(sessionCookie)).toBe(true)
  return client
}

function writesSessionCookie(response: Response): boolean {
  return response.headers.getSetCookie().some((line) => line.startsWith(`${sessionCookie}=`))
}

/** The answer wrote the session cookie and no shared cache may keep it. */
function expectPrivateCookieWrite(response: Response): void {
  expect(writesSessionCookie(response)).toBe(true)
  expect(response.headers.get("cache-control")).toBe("private, no-store")
  const vary = (response.headers.get("vary") ?? "").split(",").map((value) => value.trim().toLowerCase())
  expect(vary).toContain("cookie")
}

describe("Next.js example, responses that write the session cookie are private", () => {
  it("a route handler wrapped in auth() answering `public, s-maxage=300` is made private when the read renewed the session", async () => {
    const client = await signedIn()
    const response = await client.fetch(`${app.origin}/api/greeting`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ greeting: "Hello, Demo User" })
    expectPrivateCookieWrite(response)
  })

  it("the same route keeps the app's public caching for a visitor whose answer carries no cookie", async () => {
    const response = await visitor().fetch(`${app.origin}/api/greeting`)
    expect(await response.json()).toEqual({ greeting: "Hello, visitor" })
    expect(response.headers.getSetCookie()).toEqual([])
    expect(response.headers.get("cache-control")).toBe("public, s-maxage=300")
  })

  it("a pages-router page setting Next's documented SSR caching header after auth(context) is made private", async () => {
    const client = await signedIn()
    const response = await client.fetch(`${app.origin}/legacy`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain("Demo User")
    expectPrivateCookieWrite(response)
  })

  it("a static page the proxy renewed the session on (NextResponse.next()) is private; served to a visitor it stays Next's cached page", async () => {
    const client = await signedIn()
    const response = await client.fetch(`${app.origin}/about`)
    expect(response.status).toBe(200)
    expectPrivateCookieWrite(response)

    const anonymous = await visitor().fetch(`${app.origin}/about`)
    expect(anonymous.headers.getSetCookie()).toEqual([])
    expect(anonymous.headers.get("cache-control")).toMatch(/s-maxage/)
  })

  it("unstable_update in a route handler (wrapped in auth()) answers privately", async () => {
    const client = await signedIn()
    const response = await client.fetch(`${app.origin}/api/profile`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.origin },
      body: JSON.stringify({ name: "Renamed Demo" }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ name: "Renamed Demo" })
    expectPrivateCookieWrite(response)
  })

  it("signIn and signOut in route handlers (wrapped in auth()) answer privately", async () => {
    const client = visitor()
    const signIn = await client.fetch(`${app.origin}/api/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.origin },
      body: JSON.stringify({ username: "demo", password: "demo" }),
    })
    expect(signIn.status).toBe(200)
    expectPrivateCookieWrite(signIn)

    const signOut = await client.fetch(`${app.origin}/api/sign-out`, { method: "POST", headers: { origin: app.origin } })
    expect(signOut.status).toBe(200)
    expectPrivateCookieWrite(signOut)
    // The sign-out takes: the cookie the proxy and the wrapper renewed on the way in must not be
    // written over the cleared one (Next merges the proxy's cookies over the route's).
    expect(signOut.headers.getSetCookie().filter((line) => line.startsWith(`${sessionCookie}=`))).toEqual([
      expect.stringMatching(/^authjs\.session-token=;.*Max-Age=0/i),
    ])
    expect(client.cookies.has(sessionCookie)).toBe(false)
    expect(await (await client.fetch(`${app.origin}/api/auth/session`)).json()).toBeNull()
  })
})
