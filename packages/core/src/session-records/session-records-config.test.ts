/**
 * Session records come with what records them (docs/sessions.md): the adapter or `session.store`
 * carries the code. An adapter written by hand that records sessions but does not carry it must
 * not silently lose revocation: the config is refused, naming the wrapper.
 */
import { describe, expect, it } from "vitest"
import { TestBrowser } from "../../../test-kit/src/browser.js"
import { adaCredentials, base, credentialsConfig, signInAsAda } from "../../../test-kit/src/credentials-app.js"
import { type Adapter, type AdapterSession, type AdapterUser, sessionRecordsKey } from "../adapters.js"
import { SessionRecordsNotCarried } from "../errors.js"
import { Auth } from "../handler/auth.js"
import { withSessionRecords } from "./index.js"
import { memorySessionStore } from "../sessions/stores/memory-session-store.js"
import type { AuthConfig, SessionStore } from "../types.js"
import { resolveSessionRecords } from "./session-records-config.js"

/** An adapter written by hand that lists and deletes sessions by user, as docs/adapters.md describes. */
function handWrittenAdapter() {
  const sessions = new Map<string, AdapterSession>()
  const users = new Map<string, AdapterUser>([["user-1", { id: "user-1", name: "Ada", email: "ada-1@example.test", emailVerified: null }]])
  const adapter: Adapter = {
    createUser: (user) => user,
    getUser: (id) => users.get(id) ?? null,
    getUserByEmail: () => null,
    getUserByAccount: () => null,
    updateUser: (user) => user as AdapterUser,
    linkAccount: () => undefined,
    createSession: (session) => {
      sessions.set(session.sessionToken, session as AdapterSession)
      return session as AdapterSession
    },
    getSessionAndUser: (token) => {
      const session = sessions.get(token)
      return session ? { session, user: users.get(session.userId)! } : null
    },
    updateSession: (session) => sessions.get(session.sessionToken) ?? null,
    deleteSession: (token) => {
      const session = sessions.get(token) ?? null
      sessions.delete(token)
      return session
    },
    listSessionsByUserId: (userId) => [...sessions.values()].filter((session) => session.userId === userId),
    deleteSessionsByUserId: (userId) => {
      let count = 0
      for (const [token, session] of sessions) if (session.userId === userId && sessions.delete(token)) count++
      return count
    },
  }
  return { adapter, sessions }
}

function jwtApp(adapter: Adapter): AuthConfig {
  return credentialsConfig({ adapter, session: { strategy: "jwt" }, providers: [adaCredentials({ authorizeReturnsAdapterUserId: true })] })
}

describe("an adapter that records sessions without carrying the code for it", () => {
  it("is a configuration error naming withSessionRecords and its import", () => {
    const { error, module } = resolveSessionRecords(handWrittenAdapter().adapter, undefined)
    expect(module).toBeUndefined()
    expect(error).toBeInstanceOf(SessionRecordsNotCarried)
    expect(error?.code).toBe("adapter")
    expect(error?.type).toBe("SessionRecordsNotCarried")
    expect(error?.message).toContain("withSessionRecords()")
    expect(error?.message).toContain('"@gatehouse/core/session-records"')
  })

  it("is one with the owned-session methods too (an app's own users' sessions)", () => {
    const store = memorySessionStore()
    const { [sessionRecordsKey]: _carried, ...methods } = store
    const { error } = resolveSessionRecords({ ...handWrittenAdapter().adapter, ...methods, listSessionsByUserId: undefined }, undefined)
    expect(error?.code).toBe("adapter")
  })

  it("fails closed: no sign-in, no session read that skips the revocation check", async () => {
    const config = jwtApp(handWrittenAdapter().adapter)
    const browser = new TestBrowser((request) => Auth(request, config))
    const signIn = await signInAsAda(browser)
    expect(signIn.status).toBe(500)
    expect((await browser.fetch(`${base}/session`)).status).toBe(500)
  })

  it("wrapped with withSessionRecords, records its sessions: a deleted record refuses its cookie", async () => {
    const { adapter, sessions } = handWrittenAdapter()
    const config = jwtApp(withSessionRecords(adapter))
    // Checked at every read, so the revocation applies at the next one.
    config.session = { ...config.session, revocationCheckInterval: 0 }
    const browser = new TestBrowser((request) => Auth(request, config))
    expect((await signInAsAda(browser)).status).toBe(302)
    expect(sessions.size).toBe(1)
    expect(await (await browser.fetch(`${base}/session`)).json()).toMatchObject({ user: { email: "ada@example.test" } })
    sessions.clear()
    expect(await (await browser.fetch(`${base}/session`)).json()).toBeNull()
  })

  it("keeps the code when spread into another object, as apps override one method", () => {
    const { adapter } = handWrittenAdapter()
    const overridden = { ...withSessionRecords(adapter), getUser: () => null }
    expect(resolveSessionRecords(overridden, undefined).error).toBeUndefined()
    expect(resolveSessionRecords(overridden, undefined).module).toBeDefined()
  })
})

describe("session.store", () => {
  it("made by memorySessionStore carries the code", () => {
    const { error, module } = resolveSessionRecords(undefined, memorySessionStore())
    expect(error).toBeUndefined()
    expect(typeof module?.sessionsAction).toBe("function")
  })

  it("copied by hand loses it: a configuration error naming the store factories and the wrapper", () => {
    const copied = Object.fromEntries(Object.entries(memorySessionStore())) as unknown as SessionStore
    const { error } = resolveSessionRecords(undefined, copied)
    expect(error?.code).toBe("store")
    expect(error?.message).toContain("@gatehouse/core/session-stores")
    expect(error?.message).toContain("withSessionRecords()")
    expect(resolveSessionRecords(undefined, withSessionRecords(copied)).error).toBeUndefined()
  })
})

describe("nothing records sessions (JWT, no adapter, no store)", () => {
  it("carries no code, and is no error", () => {
    expect(resolveSessionRecords(undefined, undefined)).toEqual({ module: undefined })
  })

  it("an Auth.js adapter without the session-management methods: no code, no error", () => {
    const { listSessionsByUserId: _l, deleteSessionsByUserId: _d, ...authjs } = handWrittenAdapter().adapter
    expect(resolveSessionRecords(authjs, undefined)).toEqual({ module: undefined })
  })
})
