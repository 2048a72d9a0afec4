/**
 * Session management (issue 19) end to end, on a real SQLite file and a real PostgreSQL database,
 * with both session strategies: two browsers (two cookie jars) sign in as one user through the
 * dev IdP (oidc-provider on loopback), list their sessions, revoke each other, and the user's
 * deletion ends every session. JWT sessions run with `revocationCheckInterval: 1` so that a
 * revocation made behind this process's back (as another instance would) is seen within a second.
 */
import { decodeJwt } from "jose"
import { beforeEach, describe, expect, it } from "vitest"
import type { Adapter } from "../../packages/core/src/adapters.js"
import type { SessionInfo } from "../../packages/core/src/types.js"
import { revokeUserSessions } from "../../packages/core/src/index.js"
import { withSessionRecords } from "../../packages/core/src/session-records/index.js"
import { FetchBrowser } from "../../packages/dev-idp/src/fetch-browser.js"
import { decode } from "../../packages/core/src/jwt.js"
import { appOrigin, base, secret, signInThroughIdp, useDevIdp } from "./oauth-app.js"
import { type DatabaseApp, databaseApp, readSession, sessionCookieName, sessionTokenOf } from "./support/database-session-app.js"
import { type SessionDatabase, sessionDatabases, useSessionDatabase } from "./support/session-databases.js"

const idp = useDevIdp()

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The adapter with every method counted (own and inherited), as an instrumented database would count queries. */
function countingAdapter(adapter: Adapter): { adapter: Adapter; calls: string[] } {
  const calls: string[] = []
  const counted: Record<string, unknown> = {}
  for (let o: object | null = adapter; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) {
      const method = (adapter as Record<string, unknown>)[name]
      if (name === "constructor" || typeof method !== "function" || name in counted) continue
      counted[name] = (...args: unknown[]) => {
        calls.push(name)
        return (method as (...a: unknown[]) => unknown).apply(adapter, args)
      }
    }
  }
  // Copied method by method, it carries the session-records code again, as the adapter did.
  return { adapter: withSessionRecords(counted) as Adapter, calls }
}

/** A browser (its own cookie jar) that sends `userAgent` to the app. */
function browserWith(app: DatabaseApp, userAgent: string): FetchBrowser {
  return new FetchBrowser({
    handlers: {
      [appOrigin]: (request) => {
        const headers = new Headers(request.headers)
        headers.set("user-agent", userAgent)
        return app.handler(new Request(request, { headers }))
      },
    },
  })
}

async function signIn(app: DatabaseApp, userAgent: string, username?: string): Promise<FetchBrowser> {
  const browser = browserWith(app, userAgent)
  const { response } = await signInThroughIdp(browser, "dev-oidc", { username })
  expect(response.headers.get("location")).toBe(`${appOrigin}/dashboard`)
  return browser
}

async function list(browser: FetchBrowser): Promise<SessionInfo[]> {
  const response = await browser.request(`${base}/sessions`)
  expect(response.status).toBe(200)
  return (await response.json()) as SessionInfo[]
}

async function revoke(browser: FetchBrowser, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const { csrfToken } = (await (await browser.request(`${base}/csrf`)).json()) as { csrfToken: string }
  const response = await browser.request(`${base}/sessions/revoke`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ csrfToken, ...fields }),
  })
  return { response, body: await response.json() }
}

async function signedIn(browser: FetchBrowser): Promise<boolean> {
  const { body } = await readSession(browser)
  return body !== null
}

const strategies = ["database", "jwt"] as const

describe.each(sessionDatabases)("session management on $label", (kind) => {
  const database = useSessionDatabase(kind)
  let db: SessionDatabase
  beforeEach(() => {
    db = database()
  })

  describe.each(strategies)("%s strategy", (strategy) => {
    const appWith = (adapter: Adapter = db.adapter, events = {}) =>
      databaseApp(adapter, idp().issuer, { session: { strategy, revocationCheckInterval: 1 }, events })

    it("two browsers list both sessions with the right one current; A revokes B, B is signed out, A stays", async () => {
      const app = appWith()
      const a = await signIn(app, "Browser A/1.0")
      const b = await signIn(app, "Browser B/2.0")
      const fromA = await list(a)
      const fromB = await list(b)
      expect(fromA.map((s) => [s.current, s.userAgent, s.provider])).toEqual([
        [true, "Browser A/1.0", "dev-oidc"],
        [false, "Browser B/2.0", "dev-oidc"],
      ])
      expect(fromB.map((s) => [s.current, s.userAgent])).toEqual([
        [true, "Browser B/2.0"],
        [false, "Browser A/1.0"],
      ])
      // Stored beside them: the IdP's own session id (the ID token's sid, when it has one), for back-channel logout.
      const userId = (await db.adapter.getUserByAccount!({ provider: "dev-oidc", providerAccountId: "dev-user-1" }))!.id
      const rows = await db.adapter.listSessionsByUserId!(userId)
      const idToken = (await db.adapter.getAccount!("dev-user-1", "dev-oidc"))!.id_token as string
      const sid = decodeJwt(idToken).sid ?? null
      expect(rows.map((row) => row.providerSessionId)).toEqual([sid, sid])
      for (const info of fromA) {
        expect(info.id).toMatch(/^[0-9a-f]{32}$/)
        expect(Date.parse(info.createdAt!)).toBeGreaterThan(Date.now() - 60_000)
        expect(info.lastSeenAt).toBe(info.createdAt)
      }

      const { response, body } = await revoke(a, { sessionId: fromA[1]!.id })
      expect(response.status).toBe(200)
      expect(body).toEqual({ revoked: 1 })
      expect(await signedIn(b)).toBe(false)
      expect(await signedIn(a)).toBe(true)
      expect((await list(a)).map((s) => s.userAgent)).toEqual(["Browser A/1.0"])
      expect((await b.request(`${base}/sessions`)).status).toBe(401)
    })

    it("scope=others ends every other session; scope=all ends the current one too, in the same response", async () => {
      const app = appWith()
      const a = await signIn(app, "A")
      const b = await signIn(app, "B")
      const c = await signIn(app, "C")
      expect((await revoke(a, { scope: "others" })).body).toEqual({ revoked: 2 })
      expect([await signedIn(a), await signedIn(b), await signedIn(c)]).toEqual([true, false, false])
      expect(await db.count("sessions")).toBe(1)

      const d = await signIn(app, "D")
      const { response, body } = await revoke(d, { scope: "all" })
      expect(body).toEqual({ revoked: 2 })
      expect(response.headers.getSetCookie().some((h) => /^authjs\.session-token=;.*Max-Age=0/i.test(h))).toBe(true)
      expect([await signedIn(a), await signedIn(d)]).toEqual([false, false])
      expect(await db.count("sessions")).toBe(0)
    })

    it("a revocation made behind this process's back (another instance) is refused within the interval", async () => {
      const app = appWith()
      const a = await signIn(app, "A")
      const b = await signIn(app, "B")
      // A read just after a check (forced by waiting out the interval), so the next one falls inside it.
      if (strategy === "jwt") await sleep(1100)
      expect(await signedIn(b)).toBe(true)
      // Another instance revokes B: same database, but this process's memory knows nothing of it.
      const cookie = sessionTokenOf(b)!
      const rowToken =
        strategy === "database" ? cookie : ((await decode({ token: cookie, secret, salt: sessionCookieName }))!["gatehouse.sid"] as string)
      await db.adapter.deleteSession!(rowToken)
      if (strategy === "jwt") {
        // Within the interval this process still serves it (it checked less than a second ago)…
        expect(await signedIn(b)).toBe(true)
        await sleep(1100)
      }
      if (strategy === "jwt") await sleep(1100)
      expect(await signedIn(b)).toBe(false)
      expect(await signedIn(a)).toBe(true)
    })

    it("another user's session id changes nothing and reveals nothing", async () => {
      const app = appWith()
      const ada = await signIn(app, "Ada's")
      const bob = await signIn(app, "Bob's", "dev-user-2")
      const bobs = await list(bob)
      expect(bobs).toHaveLength(1)
      const before = await db.count("sessions")
      const foreign = await revoke(ada, { sessionId: bobs[0]!.id })
      const unknown = await revoke(ada, { sessionId: "f".repeat(32) })
      expect(foreign.response.status).toBe(200)
      expect(foreign.body).toEqual({ revoked: 0 })
      expect(foreign.body).toEqual(unknown.body)
      expect(foreign.response.headers.getSetCookie()).toEqual(unknown.response.headers.getSetCookie())
      expect(await db.count("sessions")).toBe(before)
      expect(await signedIn(bob)).toBe(true)
      expect((await list(ada)).map((s) => s.id)).not.toContain(bobs[0]!.id)
    })

    it("a revocation without the CSRF token, or posted from another site, is refused", async () => {
      const app = appWith()
      const a = await signIn(app, "A")
      await signIn(app, "B")
      const noToken = await a.request(`${base}/sessions/revoke`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ scope: "all" }),
      })
      expect(noToken.status).toBe(403)
      expect((await revoke(a, { scope: "all" }, { origin: "https://attacker.example" })).response.status).toBe(403)
      expect((await revoke(a, { scope: "all" }, { "sec-fetch-site": "cross-site" })).response.status).toBe(403)
      expect(await db.count("sessions")).toBe(2)
      expect(await signedIn(a)).toBe(true)
    })

    it("deleteUser ends every session of the user; revokeUserSessions too, firing sessionRevoked", async () => {
      const revoked: unknown[] = []
      const app = appWith(db.adapter, { sessionRevoked: (message: unknown) => void revoked.push(message) })
      const a = await signIn(app, "A")
      const b = await signIn(app, "B")
      const userId = (await db.adapter.getUserByAccount!({ provider: "dev-oidc", providerAccountId: "dev-user-1" }))!.id
      const ids = (await list(a)).map((s) => s.id)
      expect(await revokeUserSessions(app.config, userId)).toBe(2)
      expect(revoked).toEqual([{ userId, sessionIds: expect.arrayContaining(ids), reason: "all-sessions" }])
      expect([await signedIn(a), await signedIn(b)]).toEqual([false, false])

      const c = await signIn(app, "C")
      const d = await signIn(app, "D")
      expect([await signedIn(c), await signedIn(d)]).toEqual([true, true])
      await db.adapter.deleteUser!(userId)
      if (strategy === "jwt") await sleep(1100)
      expect([await signedIn(c), await signedIn(d)]).toEqual([false, false])
      expect(await db.count("sessions")).toBe(0)
    })

    if (strategy === "jwt") {
      it("1,000 session reads inside the interval make zero adapter calls", async () => {
        const { adapter, calls } = countingAdapter(db.adapter)
        const app = databaseApp(adapter, idp().issuer, { session: { strategy, revocationCheckInterval: 60 } })
        const a = await signIn(app, "A")
        calls.length = 0
        for (let i = 0; i < 1000; i++) expect(await signedIn(a)).toBe(true)
        expect(calls).toEqual([])
      })
    }
  })
})
