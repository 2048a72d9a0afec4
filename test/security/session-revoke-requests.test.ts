/**
 * Hostile requests to `{basePath}/sessions` and `{basePath}/sessions/revoke` (session management,
 * #19), both strategies, real SQLite: odd ids and bodies, duplicate fields, another session's CSRF
 * token, requests a cross-site page could send, other methods. Whatever arrives, only the signed-in
 * user's own sessions can end, and the list shows nothing but that user's sessions' public fields.
 */
import Database from "better-sqlite3"
import { describe, expect, it } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import { Auth } from "../../packages/core/src/handler/auth.js"
import { revokeSessions } from "../../packages/core/src/server/sessions-of-request.js"
import type { AuthConfig, SessionInfo } from "../../packages/core/src/types.js"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import { adaCredentials, base, credentialsConfig, signInAsAda } from "@gatehouse/test-kit/credentials-app"

async function setup(strategy: "jwt" | "database") {
  const db = new Database(":memory:")
  const adapter = SQLiteAdapter(db)
  const ada = await adapter.createUser!({ id: "", name: "Ada", email: "ada@example.test", emailVerified: null })
  const bob = await adapter.createUser!({ id: "", name: "Bob", email: "bob@example.test", emailVerified: null })
  const configFor = (user: { id: string; email: string }): AuthConfig =>
    credentialsConfig({
      adapter,
      session: { strategy },
      providers: [adaCredentials({ authorize: () => ({ id: user.id, email: user.email }), authorizeReturnsAdapterUserId: true })],
    })
  const signedIn = async (user: { id: string; email: string }, userAgent: string) => {
    const config = configFor(user)
    const browser = new TestBrowser((request) => {
      const headers = new Headers(request.headers)
      headers.set("user-agent", userAgent)
      return Auth(new Request(request, { headers }), config)
    })
    await signInAsAda(browser)
    expect(await emailOf(browser)).toBe(user.email)
    return browser
  }
  const tokens = () => db.prepare("SELECT session_token FROM sessions").pluck().all() as string[]
  const count = () => tokens().length
  return { db, ada, bob, signedIn, tokens, count }
}

async function emailOf(browser: TestBrowser): Promise<string | undefined> {
  const session = (await (await browser.fetch(`${base}/session`)).json()) as { user?: { email?: string } } | null
  return session?.user?.email
}

async function list(browser: TestBrowser): Promise<SessionInfo[]> {
  const response = await browser.fetch(`${base}/sessions`)
  expect(response.status).toBe(200)
  return (await response.json()) as SessionInfo[]
}

async function postJson(browser: TestBrowser, body: Record<string, unknown>): Promise<Response> {
  const csrfToken = await browser.csrfToken(base)
  return browser.fetch(`${base}/sessions/revoke`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ csrfToken, ...body }),
  })
}

describe.each(["jwt", "database"] as const)("%s sessions", (strategy) => {
  it("odd session ids (empty, huge, unicode, arrays, objects, null) end nothing: 400 or an unknown id's answer", async () => {
    const { ada, signedIn, count } = await setup(strategy)
    const a = await signedIn(ada, "A")
    await signedIn(ada, "B")
    const before = count()
    const cases: [Record<string, unknown>, number][] = [
      [{ sessionId: "" }, 400],
      [{ sessionId: "f".repeat(129) }, 400],
      [{ sessionId: "f".repeat(100_000) }, 400],
      [{ sessionId: ["x"] }, 400],
      [{ sessionId: { toString: "x" } }, 400],
      [{ sessionId: 1 }, 400],
      [{ sessionId: null }, 400],
      [{ scope: ["all"] }, 400],
      [{ scope: "ALL" }, 400],
      [{ scope: "all", sessionId: null }, 400],
      [{ sessionId: "é😀\u0000%00'; DROP TABLE sessions; --" }, 200],
      [{ sessionId: "*" }, 200],
      [{ sessionId: "%" }, 200],
      // An own "__proto__" field (JSON.parse makes one): no prototype pollution, no scope.
      [JSON.parse('{"__proto__": {"scope": "all"}, "constructor": {"prototype": {"scope": "all"}}}'), 400],
    ]
    for (const [body, status] of cases) {
      const response = await postJson(a, body)
      expect(response.status, JSON.stringify(body)).toBe(status)
      expect(response.headers.get("cache-control"), JSON.stringify(body)).toContain("no-store")
      if (status === 200) expect(await response.json()).toEqual({ revoked: 0 })
    }
    expect(count()).toBe(before)
    expect(await emailOf(a)).toBe("ada@example.test")
  })

  it("duplicate form fields: the last one counts, and another user's id among them still ends nothing of theirs", async () => {
    const { ada, bob, signedIn, count } = await setup(strategy)
    const a = await signedIn(ada, "A")
    const a2 = await signedIn(ada, "A2")
    const b = await signedIn(bob, "B")
    const adasOther = (await list(a)).find((s) => !s.current)!.id
    const bobs = (await list(b))[0]!.id
    const send = async (fields: [string, string][]) => {
      const csrfToken = await a.csrfToken(base)
      return a.fetch(`${base}/sessions/revoke`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams([["csrfToken", csrfToken], ...fields]),
      })
    }
    expect(
      await (
        await send([
          ["sessionId", adasOther],
          ["sessionId", bobs],
        ])
      ).json(),
    ).toEqual({ revoked: 0 })
    expect(
      await (
        await send([
          ["scope", "all"],
          ["sessionId", bobs],
        ])
      ).json(),
    ).toEqual({ message: "Bad request" })
    expect(count()).toBe(3)
    expect(
      await (
        await send([
          ["sessionId", bobs],
          ["sessionId", adasOther],
        ])
      ).json(),
    ).toEqual({ revoked: 1 })
    expect(await emailOf(a2)).toBeUndefined()
    expect(await emailOf(b)).toBe("bob@example.test")
    expect(await emailOf(a)).toBe("ada@example.test")
  })

  it("a CSRF token from another session (the attacker's own), or none, is refused: 403, nothing ends", async () => {
    const { ada, bob, signedIn, count } = await setup(strategy)
    const victim = await signedIn(ada, "victim")
    const attacker = await signedIn(bob, "attacker")
    const attackersToken = await attacker.csrfToken(base)
    await victim.csrfToken(base)
    const forged = await victim.fetch(`${base}/sessions/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: attackersToken, scope: "all" }),
    })
    expect(forged.status).toBe(403)
    // The victim's own cookie value (token|hash) posted as the token is not the token either.
    const cookieValue = decodeURIComponent(victim.cookies.get("authjs.csrf-token")!)
    const cookieAsToken = await victim.fetch(`${base}/sessions/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: cookieValue, scope: "all" }),
    })
    expect(cookieAsToken.status).toBe(403)
    expect(count()).toBe(2)
    expect(await emailOf(victim)).toBe("ada@example.test")
  })

  it("what a cross-site page can send ends nothing: a text/plain JSON body, a form from another origin, GETs, other methods", async () => {
    const { ada, signedIn, count } = await setup(strategy)
    const a = await signedIn(ada, "A")
    await signedIn(ada, "B")
    const csrfToken = await a.csrfToken(base)
    const attempts: [string, RequestInit & { url?: string }][] = [
      // A "simple" request (no preflight) carrying JSON, with the right token even.
      ["text/plain JSON", { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify({ csrfToken, scope: "all" }) }],
      // Read as JSON (as Auth.js reads any type containing application/json), so only the token
      // stops it, as it stops a cross-site form: a page on another site cannot read the token.
      [
        "text/plain with a JSON parameter, no token",
        { method: "POST", headers: { "content-type": "text/plain; charset=application/json" }, body: JSON.stringify({ scope: "all" }) },
      ],
      [
        "form from another origin",
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
          body: new URLSearchParams({ csrfToken, scope: "all" }),
        },
      ],
      ["GET with the fields in the query", { url: `${base}/sessions/revoke?scope=all&csrfToken=${csrfToken}` }],
      [
        "GET with a method override",
        { url: `${base}/sessions/revoke?scope=all`, headers: { "x-http-method-override": "POST", "x-method-override": "POST" } },
      ],
      ["DELETE", { method: "DELETE" }],
      [
        "PUT form",
        {
          method: "PUT",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrfToken, scope: "all" }),
        },
      ],
      [
        "POST to the list",
        {
          url: `${base}/sessions`,
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrfToken, scope: "all" }),
        },
      ],
    ]
    for (const [label, { url, ...init }] of attempts) {
      const response = await a.fetch(url ?? `${base}/sessions/revoke`, init)
      expect(response.status, label).toBeGreaterThanOrEqual(400)
      expect(response.status, label).toBeLessThan(500)
      expect(response.headers.get("location"), label).toBeNull()
      expect(count(), label).toBe(2)
    }
    expect(await emailOf(a)).toBe("ada@example.test")
  })

  it("the list holds only the user's own sessions' public fields: no token, record key, e-mail or other user's browser", async () => {
    const { ada, bob, signedIn, tokens } = await setup(strategy)
    const a = await signedIn(ada, "Ada's browser")
    await signedIn(ada, "Ada's phone")
    const b = await signedIn(bob, "Bob's <script>alert(1)</script> browser")
    const response = await a.fetch(`${base}/sessions`)
    expect(response.headers.get("content-type")).toContain("application/json")
    expect(response.headers.get("cache-control")).toContain("no-store")
    const listed = (await response.json()) as SessionInfo[]
    expect(listed.map((s) => s.userAgent).sort()).toEqual(["Ada's browser", "Ada's phone"])
    for (const info of listed) {
      expect(Object.keys(info).sort()).toEqual(["createdAt", "current", "expires", "id", "lastSeenAt", "provider", "userAgent"])
    }
    const text = JSON.stringify(listed)
    // Neither the session tokens (a JWT session's `gatehouse.sid` record key) nor any cookie value.
    for (const token of tokens()) expect(text).not.toContain(token)
    for (const value of [...a.cookies.values(), ...b.cookies.values()]) expect(text).not.toContain(value)
    expect(text).not.toContain("bob")
    expect(text).not.toContain("Bob")
    expect(text).not.toContain("ada@example.test")
  })
})

describe("revokeSessions (server code) given a target built from unchecked input", () => {
  it("refuses anything but a session id, others or all, instead of ending every session", async () => {
    const db = new Database(":memory:")
    const config = credentialsConfig({ adapter: SQLiteAdapter(db), session: { strategy: "database" } })
    const a = new TestBrowser((request) => Auth(request, config))
    await signInAsAda(a)
    await signInAsAda(new TestBrowser((request) => Auth(request, config)))
    const count = () => db.prepare("SELECT count(*) FROM sessions").pluck().get()
    const request = new Request(`${base}/anything`, { headers: { cookie: a.cookieHeader() } })
    for (const target of [{ scope: "other" }, { scope: "ALL" }, { scope: null }, {}]) {
      await expect(revokeSessions(request, config, target as never), JSON.stringify(target)).rejects.toMatchObject({
        type: "UnknownAction",
      })
    }
    expect(count()).toBe(2)
    expect(await revokeSessions(request, config, { sessionId: null as never })).toMatchObject({ revoked: 0, signedOut: false })
    expect(count()).toBe(2)
    expect(await revokeSessions(request, config, { scope: "others" })).toMatchObject({ revoked: 1, signedOut: false })
    expect(count()).toBe(1)
  })
})
