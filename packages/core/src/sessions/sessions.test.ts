/**
 * Session management through the handler, on an in-memory adapter that counts its calls: the
 * endpoints, both strategies, the JWT revocation check and its interval. The same properties run
 * on real SQLite and PostgreSQL in test/e2e/session-management.test.ts.
 */
import { describe, expect, it } from "vitest"
import { TestBrowser } from "../../../test-kit/src/browser.js"
import { adaCredentials, base, credentialsConfig, signInAsAda } from "../../../test-kit/src/credentials-app.js"
import type { Adapter, AdapterAccount, AdapterSession, AdapterUser } from "../adapters.js"
import { withSessionRecords } from "../session-records/index.js"
import { Auth } from "../handler/auth.js"
import type { AuthConfig, SessionInfo } from "../types.js"
import { listSessions, revokeSessions, revokeUserSessions } from "../server/sessions-of-request.js"

function memoryAdapter(options: { manages?: boolean } = {}) {
  // Users `authorize` names by id (jwt strategy); their addresses differ from the ones it returns,
  // so the database strategy's credentials sign-in creates its own user without a conflict.
  const users = new Map<string, AdapterUser>([["user-1", { id: "user-1", name: "Ada", email: "ada-1@example.test", emailVerified: null }]])
  users.set("user-2", { id: "user-2", name: "Bob", email: "bob-2@example.test", emailVerified: null })
  const database = { down: false }
  const accounts: AdapterAccount[] = []
  const sessions = new Map<string, AdapterSession>()
  const calls: string[] = []
  const adapter: Adapter = {
    createUser: (user) => {
      users.set(user.id, user)
      return user
    },
    getUser: (id) => users.get(id) ?? null,
    getUserByEmail: (email) => [...users.values()].find((u) => u.email === email) ?? null,
    getUserByAccount: (key) => {
      const account = accounts.find((a) => a.provider === key.provider && a.providerAccountId === key.providerAccountId)
      return account ? (users.get(account.userId) ?? null) : null
    },
    updateUser: (user) => Object.assign(users.get(user.id)!, user),
    linkAccount: (account) => void accounts.push(account),
    createSession: (session) => {
      sessions.set(session.sessionToken, { ...session })
      return session as AdapterSession
    },
    getSessionAndUser: (token) => {
      const session = sessions.get(token)
      return session ? { session, user: users.get(session.userId)! } : null
    },
    updateSession: (partial) => {
      const session = sessions.get(partial.sessionToken)
      return session ? Object.assign(session, partial) : null
    },
    deleteSession: (token) => {
      const session = sessions.get(token)
      sessions.delete(token)
      return session ?? null
    },
    deleteUser: (id) => {
      const user = users.get(id) ?? null
      users.delete(id)
      for (const [token, session] of sessions) if (session.userId === id) sessions.delete(token)
      return user
    },
  }
  if (options.manages !== false) {
    adapter.listSessionsByUserId = (userId) => [...sessions.values()].filter((s) => s.userId === userId)
    adapter.deleteSessionsByUserId = (userId, { except } = {}) => {
      let count = 0
      for (const [token, session] of sessions) {
        if (session.userId === userId && token !== except) {
          sessions.delete(token)
          count++
        }
      }
      return count
    }
    // A hand-written adapter that records sessions carries the code for it (docs/sessions.md).
    withSessionRecords(adapter)
  }
  // Every call counted, under its name.
  for (const name of Object.keys(adapter) as (keyof Adapter & string)[]) {
    const method = adapter[name] as (...args: unknown[]) => unknown
    ;(adapter as Record<string, unknown>)[name] = (...args: unknown[]) => {
      calls.push(name)
      if (database.down) throw new Error("database down")
      return method(...args)
    }
  }
  /** The user the sessions belong to (the database strategy's sign-in creates it). */
  const userOf = () => [...sessions.values()][0]!.userId
  return { adapter, sessions, calls, users, database, userOf }
}

const strategies = ["database", "jwt"] as const

function appFor(strategy: (typeof strategies)[number], adapter: Adapter, overrides: Partial<AuthConfig> = {}): AuthConfig {
  return credentialsConfig({
    adapter,
    session: { strategy, revocationCheckInterval: 60 },
    // jwt: authorize returns the adapter's user id, so the token's `sub` is that user and the session is recorded.
    providers: [adaCredentials(strategy === "jwt" ? { authorizeReturnsAdapterUserId: true } : {})],
    ...overrides,
  })
}

async function signedInBrowser(config: AuthConfig, userAgent: string): Promise<TestBrowser> {
  const browser = new TestBrowser((request) => {
    const headers = new Headers(request.headers)
    headers.set("user-agent", userAgent)
    return Auth(new Request(request, { headers }), config)
  })
  const response = await signInAsAda(browser)
  expect(response.status).toBe(302)
  expect(response.headers.get("location")).not.toContain("error")
  return browser
}

async function list(browser: TestBrowser): Promise<SessionInfo[]> {
  const response = await browser.fetch(`${base}/sessions`)
  expect(response.status).toBe(200)
  return (await response.json()) as SessionInfo[]
}

async function revoke(browser: TestBrowser, fields: Record<string, string>): Promise<Response> {
  return browser.post(`${base}/sessions/revoke`, fields, base)
}

async function sessionOf(browser: TestBrowser): Promise<unknown> {
  return (await browser.fetch(`${base}/session`)).json()
}

describe.each(strategies)("session management, %s strategy", (strategy) => {
  it("two browsers of one user each list both sessions, with the right one current and their metadata", async () => {
    const { adapter } = memoryAdapter()
    const config = appFor(strategy, adapter)
    const a = await signedInBrowser(config, "Browser A")
    const b = await signedInBrowser(config, "Browser B")
    const fromA = await list(a)
    const fromB = await list(b)
    expect(fromA).toHaveLength(2)
    expect(fromA[0]).toMatchObject({ current: true, userAgent: "Browser A", provider: "credentials" })
    expect(fromA[1]).toMatchObject({ current: false, userAgent: "Browser B" })
    expect(fromB[0]).toMatchObject({ current: true, userAgent: "Browser B" })
    expect(new Set(fromA.map((s) => s.id))).toEqual(new Set(fromB.map((s) => s.id)))
    for (const info of fromA) {
      expect(info.id).toMatch(/^[0-9a-f]{32}$/)
      expect(Date.parse(info.createdAt!)).toBeGreaterThan(Date.now() - 60_000)
      expect(Date.parse(info.expires)).toBeGreaterThan(Date.now())
    }
    // The handle is never the session token (nor a JWT session's record key).
    const text = JSON.stringify(fromA)
    for (const value of a.cookies.values()) expect(text).not.toContain(value)
  })

  it("A revokes B: B is signed out at once in this process, A stays", async () => {
    const { adapter } = memoryAdapter()
    const config = appFor(strategy, adapter)
    const a = await signedInBrowser(config, "A")
    const b = await signedInBrowser(config, "B")
    const other = (await list(a)).find((s) => !s.current)!
    const response = await revoke(a, { sessionId: other.id })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ revoked: 1 })
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(false)
    expect(await sessionOf(b)).toBeNull()
    expect(b.cookies.has("authjs.session-token")).toBe(false)
    expect(await sessionOf(a)).toMatchObject({ user: { email: "ada@example.test" } })
    expect(await list(a)).toHaveLength(1)
  })

  it("scope=others keeps only the current session; scope=all signs out in the same response", async () => {
    const { adapter, sessions } = memoryAdapter()
    const config = appFor(strategy, adapter)
    const a = await signedInBrowser(config, "A")
    const b = await signedInBrowser(config, "B")
    const c = await signedInBrowser(config, "C")
    expect(await (await revoke(a, { scope: "others" })).json()).toEqual({ revoked: 2 })
    expect(await sessionOf(b)).toBeNull()
    expect(await sessionOf(c)).toBeNull()
    expect(await sessionOf(a)).not.toBeNull()
    const d = await signedInBrowser(config, "D")
    const all = await revoke(a, { scope: "all" })
    expect(await all.json()).toEqual({ revoked: 2 })
    expect(all.headers.getSetCookie().some((h) => /^authjs\.session-token=;.*Max-Age=0/i.test(h))).toBe(true)
    expect(await sessionOf(a)).toBeNull()
    expect(await sessionOf(d)).toBeNull()
    expect(sessions.size).toBe(0)
  })

  it("another user's session id changes nothing and reveals nothing", async () => {
    const { adapter, sessions } = memoryAdapter()
    const ada = await signedInBrowser(appFor(strategy, adapter), "Ada")
    const bobConfig = appFor(strategy, adapter, {
      providers: [
        adaCredentials({
          authorize: () => ({ id: "user-2", name: "Bob", email: "bob@example.test" }),
          ...(strategy === "jwt" ? { authorizeReturnsAdapterUserId: true } : {}),
        }),
      ],
    })
    const bob = await signedInBrowser(bobConfig, "Bob")
    const bobsId = (await list(bob))[0]!.id
    const before = sessions.size
    const unknown = await revoke(ada, { sessionId: "0".repeat(32) })
    const foreign = await revoke(ada, { sessionId: bobsId })
    expect(foreign.status).toBe(200)
    expect(await foreign.json()).toEqual(await unknown.json())
    expect(sessions.size).toBe(before)
    expect(await sessionOf(bob)).not.toBeNull()
    expect((await list(ada)).map((s) => s.id)).not.toContain(bobsId)
  })

  it("refuses a revocation without the CSRF token, or posted from another site", async () => {
    const { adapter, sessions } = memoryAdapter()
    const a = await signedInBrowser(appFor(strategy, adapter), "A")
    const count = sessions.size
    const withoutToken = await a.fetch(`${base}/sessions/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "scope=all",
    })
    expect(withoutToken.status).toBe(403)
    const crossSite = await a.post(`${base}/sessions/revoke`, { scope: "all" }, base, { origin: "https://evil.example" })
    expect(crossSite.status).toBe(403)
    const secFetch = await a.post(`${base}/sessions/revoke`, { scope: "all" }, base, { "sec-fetch-site": "cross-site" })
    expect(secFetch.status).toBe(403)
    expect(sessions.size).toBe(count)
    expect(await sessionOf(a)).not.toBeNull()
  })

  it("answers 401 to nobody signed in, 400 to a bad body, and lists by server function too", async () => {
    const { adapter } = memoryAdapter()
    const config = appFor(strategy, adapter)
    const stranger = new TestBrowser((request) => Auth(request, config))
    expect((await stranger.fetch(`${base}/sessions`)).status).toBe(401)
    const a = await signedInBrowser(config, "A")
    expect((await revoke(a, {})).status).toBe(400)
    expect((await revoke(a, { scope: "everything" })).status).toBe(400)
    expect((await revoke(a, { scope: "all", sessionId: "x" })).status).toBe(400)
    const request = new Request(`${base}/anything`, { headers: { cookie: a.cookieHeader() } })
    const listed = await listSessions(request, config)
    expect(listed).toEqual(await list(a))
    expect(await listSessions(new Request(`${base}/x`), config)).toBeNull()
    const result = await revokeSessions(request, config, { scope: "all" })
    expect(result).toMatchObject({ revoked: 1, signedOut: true })
    expect(result.setCookie.some((h) => h.startsWith("authjs.session-token=;"))).toBe(true)
    expect(await sessionOf(a)).toBeNull()
  })

  it("takes the config as a function of the request too, as Auth does", async () => {
    const { adapter } = memoryAdapter()
    const config = appFor(strategy, adapter)
    const a = await signedInBrowser(config, "A")
    const asked: string[] = []
    const lazy = (request: Request | undefined) => {
      asked.push(request ? new URL(request.url).pathname : "(no request)")
      return config
    }
    const request = new Request(`${base}/devices`, { headers: { cookie: a.cookieHeader() } })
    expect(await listSessions(request, lazy)).toEqual(await list(a))
    expect(await revokeSessions(request, lazy, { scope: "all" })).toMatchObject({ revoked: 1, signedOut: true })
    // The function sees the user's own request, not a rewritten one.
    const path = new URL(request.url).pathname
    expect(asked).toEqual([path, path])
    expect(await sessionOf(a)).toBeNull()
  })

  it("revokeUserSessions and deleteUser end every session of the user; sessionRevoked fires", async () => {
    const events: unknown[] = []
    const { adapter, userOf } = memoryAdapter()
    const config = appFor(strategy, adapter, { events: { sessionRevoked: (message) => void events.push(message) } })
    const a = await signedInBrowser(config, "A")
    const b = await signedInBrowser(config, "B")
    const ids = (await list(a)).map((s) => s.id)
    const userId = userOf()
    expect(await revokeUserSessions(config, userId)).toBe(2)
    expect(events).toEqual([{ userId, sessionIds: expect.arrayContaining(ids), reason: "all-sessions" }])
    expect(await sessionOf(a)).toBeNull()
    expect(await sessionOf(b)).toBeNull()

    // deleteUser removes the rows; JWT sessions are then refused at their next check (interval 0 here).
    const config0 = appFor(strategy, adapter, { session: { strategy, revocationCheckInterval: 0 } })
    const c = await signedInBrowser(config0, "C")
    expect(await sessionOf(c)).not.toBeNull()
    await adapter.deleteUser!(userOf())
    expect(await sessionOf(c)).toBeNull()
  })

  it("without the adapter methods: MissingAdapterMethods naming them (500), GET /session unchanged", async () => {
    const { adapter } = memoryAdapter({ manages: false })
    const config = appFor(strategy, adapter)
    const a = await signedInBrowser(config, "A")
    const response = await a.fetch(`${base}/sessions`)
    expect(response.status).toBe(500)
    const logged = (config.logger as unknown as { errors: Error[] }).errors
    expect(logged.at(-1)).toMatchObject({ type: "MissingAdapterMethods" })
    expect(logged.at(-1)!.message).toContain("listSessionsByUserId")
    expect(await sessionOf(a)).toMatchObject({ user: { email: "ada@example.test" } })
    await expect(revokeUserSessions(config, "user-1")).rejects.toMatchObject({ type: "MissingAdapterMethods" })
  })
})

describe("JWT revocation check", () => {
  it("refuses an unusable revocationCheckInterval as a configuration error", async () => {
    for (const revocationCheckInterval of [-1, Number.NaN, Number.POSITIVE_INFINITY, "60" as unknown as number]) {
      const config = appFor("jwt", memoryAdapter().adapter, { session: { strategy: "jwt", revocationCheckInterval } })
      const response = await Auth(new Request(`${base}/session`), config)
      expect(response.status).toBe(500)
      const logged = (config.logger as unknown as { errors: Error[] }).errors
      expect(logged.at(-1)!.message).toContain("revocationCheckInterval")
    }
  })

  it("1,000 reads inside the interval make no adapter call", async () => {
    const { adapter, calls } = memoryAdapter()
    const config = appFor("jwt", adapter)
    const a = await signedInBrowser(config, "A")
    calls.length = 0
    for (let i = 0; i < 1000; i++) expect(await sessionOf(a)).not.toBeNull()
    expect(calls).toEqual([])
  })

  it("a revocation made elsewhere (another instance) is seen within the interval, not before", async () => {
    const { adapter, sessions, calls } = memoryAdapter()
    const config = appFor("jwt", adapter, { session: { strategy: "jwt", revocationCheckInterval: 1 } })
    const a = await signedInBrowser(config, "A")
    // Another instance deletes the row behind this process's back.
    sessions.clear()
    expect(await sessionOf(a)).not.toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 1100))
    calls.length = 0
    expect(await sessionOf(a)).toBeNull()
    expect(calls).toEqual(["getSessionAndUser"])
  })

  it("a database error during the check serves the session, logs, and checks again on the next read", async () => {
    const { adapter, calls, database } = memoryAdapter()
    const config = appFor("jwt", adapter, { session: { strategy: "jwt", revocationCheckInterval: 0 } })
    const a = await signedInBrowser(config, "A")
    database.down = true
    calls.length = 0
    expect(await sessionOf(a)).not.toBeNull()
    expect(await sessionOf(a)).not.toBeNull()
    expect(calls).toEqual(["getSessionAndUser", "getSessionAndUser"])
    const logged = (config.logger as unknown as { errors: Error[] }).errors
    expect(logged.at(-1)).toMatchObject({ type: "SessionTokenError" })
    database.down = false
    expect(await sessionOf(a)).not.toBeNull()
    expect(calls.at(-1)).toBe("getSessionAndUser")
  })

  it("a jwt callback that sets another sub: the sign-in works, the session is simply not recorded", async () => {
    const { adapter, sessions } = memoryAdapter()
    const config = appFor("jwt", adapter, { callbacks: { jwt: ({ token }) => ({ ...token, sub: "external-42" }) } })
    const a = await signedInBrowser(config, "A")
    expect(sessions.size).toBe(0)
    expect(await sessionOf(a)).toMatchObject({ user: { email: "ada@example.test" } })
    expect((await a.fetch(`${base}/sessions`)).status).toBe(401)
  })

  it("sign-out deletes the record; a token without a session id (as Auth.js mints) keeps working", async () => {
    const { adapter, sessions } = memoryAdapter()
    const config = appFor("jwt", adapter)
    const a = await signedInBrowser(config, "A")
    expect(sessions.size).toBe(1)
    await a.post(`${base}/signout`, {}, base)
    expect(sessions.size).toBe(0)

    const { encode } = await import("../jwt/encode.js")
    const token = await encode({
      token: { sub: "user-1", email: "ada@example.test" },
      secret: config.secret as string,
      salt: "authjs.session-token",
    })
    const plain = new TestBrowser((request) => Auth(request, config))
    plain.cookies.set("authjs.session-token", token)
    expect(await sessionOf(plain)).toMatchObject({ user: { email: "ada@example.test" } })
    expect((await plain.fetch(`${base}/sessions`)).status).toBe(401)
  })
})

describe("a JWT sign-in that cannot record its session", () => {
  it("fails without ending the session the browser already holds", async () => {
    const { adapter, sessions } = memoryAdapter()
    const createSession = adapter.createSession!
    let insertFails = false
    adapter.createSession = (session) => {
      if (insertFails) throw new Error("insert failed")
      return createSession(session)
    }
    const browser = await signedInBrowser(appFor("jwt", adapter), "A")
    const rowsBefore = [...sessions.keys()]
    expect(rowsBefore).toHaveLength(1)
    insertFails = true
    const again = await signInAsAda(browser)
    expect(again.headers.get("location")).toContain("error")
    expect([...sessions.keys()]).toEqual(rowsBefore)
    expect(await sessionOf(browser)).toMatchObject({ user: { email: "ada@example.test" } })
  })
})
