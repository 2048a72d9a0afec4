/**
 * §4.3-9: auth responses carrying Set-Cookie or a user's session have been cached by CDNs and
 * served to other people (auth0/nextjs-auth0#2100, vercel/next.js#96266, Auth.js #2408). Every
 * endpoint is walked, signed out and signed in, on success and failure paths, JWT and database
 * sessions: whatever sets a cookie or depends on one must say `private, no-store` and
 * `Vary: Cookie`, so that no shared cache keeps it or hands it to someone with other cookies.
 */
import Database from "better-sqlite3"
import { describe, expect, it } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import { Auth } from "../../packages/core/src/handler/auth.js"
import GitHub from "../../packages/core/src/providers/github.js"
import type { TestBrowser } from "@gatehouse/test-kit/browser"
import { base, browserFor, credentialsConfig, adaCredentials, signInAsAda } from "@gatehouse/test-kit/credentials-app"
import type { AuthConfig } from "../../packages/core/src/types.js"

interface Seen {
  label: string
  response: Response
  /** Whether what the response says depends on the request's cookies (session, CSRF state). */
  dependsOnCookies: boolean
}

function expectUncacheable({ label, response, dependsOnCookies }: Seen) {
  const setsCookie = response.headers.getSetCookie().length > 0
  const cacheControl = response.headers.get("cache-control") ?? ""
  const vary = (response.headers.get("vary") ?? "").toLowerCase()
  if (setsCookie || dependsOnCookies) {
    expect(cacheControl, `${label}: Cache-Control`).toMatch(/\bno-store\b/)
    expect(cacheControl, `${label}: Cache-Control`).toMatch(/\bprivate\b/)
    expect(vary, `${label}: Vary`).toMatch(/\bcookie\b/)
  }
  expect(cacheControl, `${label}: never public`).not.toMatch(/\bpublic\b|s-maxage/)
}

/** Walks every action a browser can reach, as an anonymous visitor and as a signed-in user. */
async function walk(config: AuthConfig, signIn: (browser: TestBrowser) => Promise<Response>): Promise<Seen[]> {
  const seen: Seen[] = []
  const browser = browserFor(config)
  const record = (label: string, response: Response, dependsOnCookies = true) => seen.push({ label, response, dependsOnCookies })
  const anonymous = (path: string, init?: RequestInit) => Auth(new Request(`${base}${path}`, init), config)

  for (const path of ["/session", "/csrf", "/signin", "/signout", "/error", "/error?error=AccessDenied", "/verify-request"]) {
    record(`anonymous GET ${path}`, await anonymous(path))
  }
  record("anonymous GET /providers", await anonymous("/providers"), false)
  record("GET /signin/github (refused)", await anonymous("/signin/github"))
  record("POST /signin/github without CSRF (refused)", await anonymous("/signin/github", { method: "POST" }))
  record("POST /signin/github", await browser.post(`${base}/signin/github`, {}, base))
  record(
    "POST /callback/credentials, wrong password",
    await browserFor(config).post(`${base}/callback/credentials`, { username: "ada", password: "no" }, base),
  )
  record(
    "POST /callback/credentials, no CSRF",
    await anonymous("/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "username=ada&password=lovelace",
    }),
  )
  record(
    "POST /callback/credentials, X-Auth-Return-Redirect failure",
    await browserFor(config).post(`${base}/callback/credentials`, { username: "ada", password: "no" }, base, {
      "x-auth-return-redirect": "1",
    }),
  )
  record("GET /callback/github without state (refused)", await browser.fetch(`${base}/callback/github?code=x`))
  record(
    "POST /session without CSRF",
    await anonymous("/session", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
  )
  // Session management: 401 signed out, 500 (MissingAdapterMethods) without an adapter that manages sessions.
  record("anonymous GET /sessions", await anonymous("/sessions"))
  record("POST /sessions/revoke without CSRF", await anonymous("/sessions/revoke", { method: "POST" }))

  record("sign-in", await signIn(browser))
  record(
    "signed-in POST /callback/credentials via X-Auth-Return-Redirect",
    await browser.post(`${base}/callback/credentials`, { username: "ada", password: "lovelace" }, base, { "x-auth-return-redirect": "1" }),
  )
  for (const path of ["/session", "/csrf", "/signin", "/signout"]) record(`signed-in GET ${path}`, await browser.fetch(`${base}${path}`))
  record("signed-in POST /session (update)", await browser.post(`${base}/session`, {}, base))
  record("signed-in GET /sessions", await browser.fetch(`${base}/sessions`))
  record("signed-in POST /sessions/revoke scope=others", await browser.post(`${base}/sessions/revoke`, { scope: "others" }, base))
  record("signed-in POST /sessions/revoke, bad body", await browser.post(`${base}/sessions/revoke`, { scope: "x" }, base))
  record(
    "signed-in GET /session with a stale cookie",
    await Auth(new Request(`${base}/session`, { headers: { cookie: "authjs.session-token=stale" } }), config),
  )
  record("sign-out", await browser.post(`${base}/signout`, {}, base))
  return seen
}

const withGitHub = () => [adaCredentials(), GitHub({ clientId: "id", clientSecret: "secret" })]

describe("no auth response can be stored by a shared cache", () => {
  it("JWT sessions: every endpoint, signed out and in, success and failure", async () => {
    const seen = await walk(credentialsConfig({ providers: withGitHub() }), (browser) => signInAsAda(browser))
    expect(seen.length).toBeGreaterThan(20)
    for (const entry of seen) expectUncacheable(entry)
  })

  it("database sessions: the same walk, where a read may extend the row and re-set the cookie", async () => {
    const adapter = SQLiteAdapter(new Database(":memory:"))
    const config = credentialsConfig({ providers: withGitHub(), adapter, session: { strategy: "database", updateAge: 0 } })
    const seen = await walk(config, (browser) => signInAsAda(browser))
    for (const entry of seen) expectUncacheable(entry)
    expect(seen.find((s) => s.label === "signed-in GET /sessions")!.response.status).toBe(200)
    // updateAge 0 re-sets the cookie on a read: that read is the riskiest one to cache.
    const read = seen.find((s) => s.label === "signed-in GET /session")!
    expect(read.response.headers.getSetCookie().length).toBeGreaterThan(0)
  })

  it("a broken config's answers are not cached either", async () => {
    const config = credentialsConfig({ secret: undefined })
    for (const path of ["/session", "/csrf", "/signin"]) {
      const response = await Auth(new Request(`${base}${path}`), config)
      expect(response.headers.get("cache-control") ?? "", path).not.toMatch(/public|max-age=[1-9]/)
      expect(response.status).toBe(500)
    }
  })
})
