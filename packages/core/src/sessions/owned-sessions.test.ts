/**
 * Sessions for everyone (issue 35), through the handler: a Credentials + JWT app whose `authorize`
 * returns its own users (no adapter user; owner key `app:<provider>:<id>`, recorded through the
 * adapter's owned-session methods), and a JWT app with no adapter but `session.store`. Both list,
 * revoke one, others and all, and `revokeUserSessions` ends them, exactly as for adapter users.
 * The same properties run on real SQLite, PostgreSQL and Redis in test/e2e/owned-session-management.test.ts.
 */
import { describe, expect, it } from "vitest"
import { TestBrowser } from "../../../test-kit/src/browser.js"
import { adaCredentials, base, credentialsConfig, silentLogger, signInAsAda } from "../../../test-kit/src/credentials-app.js"
import type { Adapter, AdapterUser } from "../adapters.js"
import { Auth } from "../handler/auth.js"
import { decode } from "../jwt.js"
import type { AuthConfig, SessionInfo, SessionStore } from "../types.js"
import { revokeUserSessions } from "../server/sessions-of-request.js"
import { withSessionRecords } from "../session-records/index.js"
import { memorySessionStore } from "./stores/memory-session-store.js"

const sessionCookie = "authjs.session-token"
const secret = "gatehouse-test-secret-with-at-least-32-characters"

/** An adapter that holds no app users, keeps owned sessions (in memory), and counts its calls. */
function appUsersAdapter() {
  const users = new Map<string, AdapterUser>()
  const calls: string[] = []
  const owned = memorySessionStore()
  const adapter = {
    createUser: (user: AdapterUser) => {
      users.set(user.id, user)
      return user
    },
    getUser: (id: string) => users.get(id) ?? null,
    getUserByEmail: () => null,
    getUserByAccount: () => null,
    updateUser: (user: AdapterUser) => user,
    linkAccount: () => undefined,
    ...owned,
  } as unknown as Adapter
  for (const [name, method] of Object.entries(adapter)) {
    ;(adapter as Record<string, unknown>)[name] = (...args: unknown[]) => {
      calls.push(name)
      return (method as (...a: unknown[]) => unknown)(...args)
    }
  }
  return { adapter, users, calls }
}

type Setup = { label: string; config: (overrides?: Partial<AuthConfig>) => AuthConfig; revokeAll: (config: AuthConfig) => Promise<number> }

const setups: Setup[] = [
  {
    label: "Credentials + JWT with the app's own users (adapter owned sessions)",
    config: (overrides = {}) => {
      const { adapter } = appUsersAdapter()
      return credentialsConfig({ adapter, session: { strategy: "jwt", revocationCheckInterval: 60 }, ...overrides })
    },
    revokeAll: (config) => revokeUserSessions(config, { provider: "credentials", appUserId: "user-1" }),
  },
  {
    label: "JWT without an adapter, with session.store",
    config: (overrides = {}) =>
      credentialsConfig({ session: { strategy: "jwt", revocationCheckInterval: 60, store: memorySessionStore() }, ...overrides }),
    revokeAll: (config) => revokeUserSessions(config, "user-1"),
  },
]

async function signedIn(config: AuthConfig, userAgent: string): Promise<TestBrowser> {
  const browser = new TestBrowser((request) => {
    const headers = new Headers(request.headers)
    headers.set("user-agent", userAgent)
    return Auth(new Request(request, { headers }), config)
  })
  const response = await signInAsAda(browser)
  expect(response.headers.get("location")).not.toContain("error")
  return browser
}

async function list(browser: TestBrowser): Promise<SessionInfo[]> {
  const response = await browser.fetch(`${base}/sessions`)
  expect(response.status).toBe(200)
  return (await response.json()) as SessionInfo[]
}

const revoke = (browser: TestBrowser, fields: Record<string, string>) => browser.post(`${base}/sessions/revoke`, fields, base)
const sessionOf = async (browser: TestBrowser) => (await browser.fetch(`${base}/session`)).json()

describe.each(setups)("session management: $label", ({ config: configFor, revokeAll }) => {
  it("two browsers list both sessions; the token's sub is still authorize's id and nothing else the app sees changed", async () => {
    const config = configFor()
    const a = await signedIn(config, "Browser A")
    const b = await signedIn(config, "Browser B")
    expect((await list(a)).map((s) => [s.current, s.userAgent, s.provider])).toEqual([
      [true, "Browser A", "credentials"],
      [false, "Browser B", "credentials"],
    ])
    expect((await list(b))[0]).toMatchObject({ current: true, userAgent: "Browser B" })
    const token = await decode({ token: a.cookies.get(sessionCookie)!, secret, salt: sessionCookie })
    expect(token?.sub).toBe("user-1")
    expect(await sessionOf(a)).toMatchObject({ user: { name: "Ada Lovelace", email: "ada@example.test" } })
  })

  it("revoke one: B is signed out at once, A stays; another owner's id changes nothing", async () => {
    const config = configFor()
    const a = await signedIn(config, "A")
    const b = await signedIn(config, "B")
    const other = (await list(a)).find((s) => !s.current)!
    expect(await (await revoke(a, { sessionId: "0".repeat(32) })).json()).toEqual({ revoked: 0 })
    expect(await (await revoke(a, { sessionId: other.id })).json()).toEqual({ revoked: 1 })
    expect(await sessionOf(b)).toBeNull()
    expect(b.cookies.has(sessionCookie)).toBe(false)
    expect(await sessionOf(a)).not.toBeNull()
  })

  it("scope=others, then scope=all (signing out in the same answer)", async () => {
    const config = configFor()
    const a = await signedIn(config, "A")
    const b = await signedIn(config, "B")
    const c = await signedIn(config, "C")
    expect(await (await revoke(a, { scope: "others" })).json()).toEqual({ revoked: 2 })
    expect([await sessionOf(b), await sessionOf(c)]).toEqual([null, null])
    const d = await signedIn(config, "D")
    const all = await revoke(d, { scope: "all" })
    expect(await all.json()).toEqual({ revoked: 2 })
    expect(all.headers.getSetCookie().some((h) => /^authjs\.session-token=;.*Max-Age=0/i.test(h))).toBe(true)
    expect([await sessionOf(a), await sessionOf(d)]).toEqual([null, null])
  })

  it("revokeUserSessions ends every session of the app's user (a password change), firing sessionRevoked", async () => {
    const revokedEvents: unknown[] = []
    const config = configFor({ events: { sessionRevoked: (message) => void revokedEvents.push(message) } })
    const a = await signedIn(config, "A")
    const b = await signedIn(config, "B")
    expect(await revokeAll(config)).toBe(2)
    expect([await sessionOf(a), await sessionOf(b)]).toEqual([null, null])
    expect(revokedEvents).toHaveLength(1)
    expect(revokedEvents[0]).toMatchObject({ userId: "user-1", reason: "all-sessions" })
  })

  it("sign-out ends the record: the signed-out cookie, replayed, is refused", async () => {
    const config = configFor()
    const a = await signedIn(config, "A")
    const kept = a.cookies.get(sessionCookie)!
    await a.post(`${base}/signout`, {}, base)
    a.cookies.set(sessionCookie, kept)
    expect(await sessionOf(a)).toBeNull()
  })
})

describe("owned sessions: what must not happen", () => {
  it("an app's user 1 is not the adapter's user 1: their sessions are separate lists", async () => {
    const { adapter, users } = appUsersAdapter()
    users.set("user-1", { id: "user-1", email: "adapter-user@example.test", emailVerified: null })
    const config = credentialsConfig({ adapter, session: { strategy: "jwt", revocationCheckInterval: 60 } })
    const a = await signedIn(config, "A")
    expect(await (adapter.listOwnedSessions!("user-1") as Promise<unknown[]>)).toEqual([])
    expect(await adapter.listOwnedSessions!("app:credentials:user-1")).toHaveLength(1)
    // Revoking the adapter user's sessions does not touch the app user's.
    expect(await revokeUserSessions(config, "user-1").catch((error) => error.type)).toBe("MissingAdapterMethods")
    expect(await sessionOf(a)).not.toBeNull()
  })

  it("no adapter user is created for the app's user", async () => {
    const { adapter, users, calls } = appUsersAdapter()
    const config = credentialsConfig({ adapter, session: { strategy: "jwt", revocationCheckInterval: 60 } })
    await signedIn(config, "A")
    expect(users.size).toBe(0)
    expect(calls).not.toContain("createUser")
  })

  it("1,000 session reads inside the interval make zero store calls", async () => {
    const store = memorySessionStore()
    const calls: string[] = []
    // A store wrapped by hand carries the session-records code again (withSessionRecords).
    const counted = withSessionRecords(
      Object.fromEntries(
        Object.entries(store).map(([name, method]) => [
          name,
          (...args: unknown[]) => {
            calls.push(name)
            return (method as (...a: unknown[]) => unknown)(...args)
          },
        ]),
      ),
    ) as unknown as SessionStore
    const config = credentialsConfig({ session: { strategy: "jwt", revocationCheckInterval: 60, store: counted } })
    const a = await signedIn(config, "A")
    calls.length = 0
    for (let i = 0; i < 1000; i++) await a.fetch(`${base}/session`)
    expect(calls).toEqual([])
  })

  it("a sign-out the store could not take is finished once the store answers again, so every instance refuses it", async () => {
    const store = memorySessionStore()
    const state = { down: false }
    const flaky = {
      ...store,
      revokeOwnedSession: (id: string) => {
        if (state.down) throw new Error("connect ECONNREFUSED 127.0.0.1:6379")
        return store.revokeOwnedSession(id)
      },
    } as SessionStore
    const logger = silentLogger()
    const config = credentialsConfig({ logger, session: { strategy: "jwt", revocationCheckInterval: 0, store: flaky } })
    const a = await signedIn(config, "A")
    const b = await signedIn(config, "B")
    const sid = (await decode({ token: a.cookies.get(sessionCookie)!, secret, salt: sessionCookie }))!["gatehouse.sid"] as string
    state.down = true
    await a.post(`${base}/signout`, {}, base)
    expect(a.cookies.has(sessionCookie)).toBe(false)
    // Not deleted: another instance, asking the store, would still serve the signed-out cookie.
    expect(await store.ownerOfOwnedSession(sid)).toBe("user-1")
    state.down = false
    // Any check that gets an answer (here B's read) finishes it.
    expect(await sessionOf(b)).not.toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(await store.ownerOfOwnedSession(sid)).toBeNull()
  })

  it("an adapter user whose sessions live in the store (the adapter records none): deleting the user ends them within the interval", async () => {
    const { adapter, users } = appUsersAdapter()
    users.set("user-1", { id: "user-1", email: "ada@example.test", emailVerified: new Date() })
    const {
      createOwnedSession: _c,
      listOwnedSessions: _l,
      revokeOwnedSession: _r,
      revokeOwnedSessions: _a,
      ownerOfOwnedSession: _o,
      ...plain
    } = adapter
    const store = memorySessionStore()
    const config = credentialsConfig({
      adapter: plain,
      session: { strategy: "jwt", revocationCheckInterval: 0, store },
      providers: [adaCredentials({ authorizeReturnsAdapterUserId: true })],
    })
    const a = await signedIn(config, "A")
    expect(await list(a)).toHaveLength(1)
    expect(await sessionOf(a)).not.toBeNull()
    users.delete("user-1")
    expect(await sessionOf(a)).toBeNull()
  })

  it("a database whose schema predates owned sessions signs the app user in as before, unrecorded, logging the migration to run; another write failure fails the sign-in", async () => {
    const { adapter } = appUsersAdapter()
    const migrationMissing = Object.assign(new Error("createOwnedSession() needs schema version 9"), { name: "MigrationRequiredError" })
    const logger = silentLogger()
    const old = credentialsConfig({
      adapter: { ...adapter, createOwnedSession: () => Promise.reject(migrationMissing) },
      session: { strategy: "jwt" },
      logger,
    })
    const a = await signedIn(old, "A")
    expect(await sessionOf(a)).toMatchObject({ user: { email: "ada@example.test" } })
    expect(logger.errors.map((error) => (error as { cause?: { err?: unknown } }).cause?.err ?? error)).toContain(migrationMissing)
    expect((await a.fetch(`${base}/sessions`)).status).toBe(401)

    const down = credentialsConfig({
      adapter: { ...adapter, createOwnedSession: () => Promise.reject(new Error("connection reset")) },
      session: { strategy: "jwt" },
    })
    const browser = new TestBrowser((request) => Auth(request, down))
    const response = await signInAsAda(browser)
    expect(response.headers.get("location")).toContain("error")
    expect(browser.cookies.has(sessionCookie)).toBe(false)
  })

  it("without an adapter or a store: the configuration error, as before", async () => {
    const logger = silentLogger()
    const config = credentialsConfig({ session: { strategy: "jwt" }, logger })
    const a = await signedIn(config, "A")
    expect((await a.fetch(`${base}/sessions`)).status).toBe(500)
    expect(logger.errors.at(-1)).toMatchObject({ type: "MissingAdapterMethods" })
    expect(logger.errors.at(-1)?.message).toContain("session.store")
    await expect(revokeUserSessions(config, "user-1")).rejects.toMatchObject({ type: "MissingAdapterMethods" })
  })

  it("an adapter without owned-session methods: the app user's session management says what is missing", async () => {
    const logger = silentLogger()
    const { adapter } = appUsersAdapter()
    const {
      createOwnedSession: _c,
      listOwnedSessions: _l,
      revokeOwnedSession: _r,
      revokeOwnedSessions: _a,
      ownerOfOwnedSession: _o,
      ...plain
    } = adapter
    const config = credentialsConfig({ adapter: plain, session: { strategy: "jwt" }, logger, providers: [adaCredentials()] })
    const a = await signedIn(config, "A")
    expect((await a.fetch(`${base}/sessions`)).status).toBe(500)
    expect(logger.errors.at(-1)).toMatchObject({ type: "MissingAdapterMethods" })
    // GET /session is unchanged.
    expect(await sessionOf(a)).toMatchObject({ user: { email: "ada@example.test" } })
  })
})
