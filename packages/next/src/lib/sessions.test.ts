/**
 * `sessions` from `NextAuth()` as a server component or server action calls it: the request is Next's
 * (next/headers, stood in for here by a cookie store that records what the action writes), the work is
 * core's, the sessions live in a real SQLite database.
 */
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import { decode, encode } from "@gatehouse/core/jwt"
import Credentials from "@gatehouse/core/providers/credentials"
import Database from "better-sqlite3"
import { beforeEach, describe, expect, it, vi } from "vitest"
import NextAuth from "../index.js"
import { testSecret } from "./test-support/credentials-config.js"

/** The cookies of the request being served, and what the action wrote back. */
const jar = vi.hoisted(() => ({
  request: new Map<string, string>(),
  written: [] as { name: string; value: string; [option: string]: unknown }[],
  /** A server component: Next refuses cookie writes there. */
  readOnly: false,
}))

vi.mock("next/headers", () => ({
  headers: async () =>
    new Headers({ host: "app.example.test", "x-forwarded-proto": "https", "user-agent": "Mozilla/5.0 (unit test) Device/A" }),
  cookies: async () => ({
    getAll: () => [...jar.request].map(([name, value]) => ({ name, value })),
    set: (name: string, value: string, options: Record<string, unknown>) => {
      if (jar.readOnly) throw new Error("Cookies can only be modified in a Server Action or Route Handler.")
      jar.written.push({ name, value, ...options })
    },
  }),
}))

const cookieName = "__Secure-authjs.session-token"
const inOneDay = () => new Date(Date.now() + 86_400_000)

function app(adapter = SQLiteAdapter(new Database(":memory:"))) {
  const logged: Error[] = []
  const result = NextAuth({
    secret: testSecret,
    trustHost: true,
    adapter,
    session: { strategy: "database" },
    providers: [Credentials({ credentials: { username: {} }, authorize: () => null })],
    logger: { error: (error) => void logged.push(error), warn: () => {} },
  })
  return { ...result, adapter, logged }
}

/** A user with two database sessions, the request signed in with the first. */
async function userWithTwoSessions(adapter: ReturnType<typeof SQLiteAdapter>) {
  const user = await adapter.createUser!({ id: crypto.randomUUID(), email: "two@example.test", emailVerified: null })
  const here = await adapter.createSession!({ sessionToken: crypto.randomUUID(), userId: user.id, expires: inOneDay() })
  const there = await adapter.createSession!({ sessionToken: crypto.randomUUID(), userId: user.id, expires: inOneDay() })
  jar.request.set(cookieName, here.sessionToken)
  return { user, here, there }
}

beforeEach(() => {
  jar.request.clear()
  jar.written.length = 0
  jar.readOnly = false
})

describe("sessions from NextAuth()", () => {
  it("list() gives the user's sessions with this request's marked current, never their tokens", async () => {
    const { sessions, adapter } = app()
    const { here, there } = await userWithTwoSessions(adapter)
    const list = await sessions.list()
    expect(list).toHaveLength(2)
    expect(list!.filter((session) => session.current)).toHaveLength(1)
    const serialized = JSON.stringify(list)
    expect(serialized).not.toContain(here.sessionToken)
    expect(serialized).not.toContain(there.sessionToken)
    expect(jar.written).toEqual([])
  })

  it("list() is null when nobody is signed in", async () => {
    const { sessions } = app()
    await expect(sessions.list()).resolves.toBeNull()
    jar.request.set(cookieName, "no-such-session")
    await expect(sessions.list()).resolves.toBeNull()
  })

  it("revoke(id) ends that session only and leaves this one and its cookie alone", async () => {
    const { sessions, adapter } = app()
    const { here, there } = await userWithTwoSessions(adapter)
    const other = (await sessions.list())!.find((session) => !session.current)!
    await expect(sessions.revoke(other.id)).resolves.toEqual({ revoked: 1, signedOut: false })
    expect(await adapter.getSessionAndUser!(there.sessionToken)).toBeNull()
    expect(await adapter.getSessionAndUser!(here.sessionToken)).not.toBeNull()
    expect(jar.written).toEqual([])
    await expect(sessions.list()).resolves.toMatchObject([{ current: true }])
  })

  it("revoke(id) of another user's session changes nothing", async () => {
    const { sessions, adapter } = app()
    const { here } = await userWithTwoSessions(adapter)
    const stranger = await adapter.createUser!({ id: crypto.randomUUID(), email: "stranger@example.test", emailVerified: null })
    const strangers = await adapter.createSession!({ sessionToken: crypto.randomUUID(), userId: stranger.id, expires: inOneDay() })
    jar.request.set(cookieName, strangers.sessionToken)
    const [strangersId] = (await sessions.list())!.map((session) => session.id)
    jar.request.set(cookieName, here.sessionToken)
    await expect(sessions.revoke(strangersId)).resolves.toEqual({ revoked: 0, signedOut: false })
    expect(await adapter.getSessionAndUser!(strangers.sessionToken)).not.toBeNull()
  })

  it("revoke('') is a programming error, not a silent no-op", async () => {
    const { sessions } = app()
    await expect(sessions.revoke("")).rejects.toThrow(TypeError)
  })

  it("revokeOthers() keeps this session; revokeAll() ends it and clears its cookie through next/headers", async () => {
    const { sessions, adapter } = app()
    const { here, there } = await userWithTwoSessions(adapter)
    await expect(sessions.revokeOthers()).resolves.toEqual({ revoked: 1, signedOut: false })
    expect(await adapter.getSessionAndUser!(there.sessionToken)).toBeNull()
    expect(jar.written).toEqual([])

    await expect(sessions.revokeAll()).resolves.toEqual({ revoked: 1, signedOut: true })
    expect(await adapter.getSessionAndUser!(here.sessionToken)).toBeNull()
    // The cleared cookie keeps the attributes a __Secure- cookie needs to be replaced at all.
    expect(jar.written).toEqual([expect.objectContaining({ name: cookieName, value: "", secure: true, path: "/" })])
    const cleared = jar.written[0]
    expect(cleared.maxAge === 0 || (cleared.expires instanceof Date && cleared.expires.getTime() < Date.now())).toBe(true)
  })

  it("an adapter without the session-listing methods: each call fails with MissingAdapterMethods", async () => {
    const full = SQLiteAdapter(new Database(":memory:"))
    const { listSessionsByUserId: _list, deleteSessionsByUserId: _delete, ...withoutThem } = full
    const { sessions, logged } = app(withoutThem)
    await userWithTwoSessions(full)
    const error = await sessions.list().catch((thrown: unknown) => thrown)
    expect((error as { type?: string }).type).toBe("MissingAdapterMethods")
    expect((error as Error).message).toContain("listSessionsByUserId")
    await expect(sessions.revokeOthers()).rejects.toMatchObject({ type: "MissingAdapterMethods" })
    // Logged through the app's logger, once per call.
    expect(logged.map((entry) => (entry as { type?: string }).type)).toEqual(["MissingAdapterMethods", "MissingAdapterMethods"])
  })

  it("list() stores what the app's jwt callback changed (JWT sessions), and skips the write where Next refuses it", async () => {
    const { sessions } = NextAuth({
      secret: testSecret,
      trustHost: true,
      adapter: SQLiteAdapter(new Database(":memory:")),
      session: { strategy: "jwt" },
      providers: [Credentials({ credentials: { username: {} }, authorize: () => null })],
      callbacks: { jwt: ({ token }) => ({ ...token, reads: ((token.reads as number | undefined) ?? 0) + 1 }) },
      logger: { error: () => {}, warn: () => {} },
    })
    // A token without a recorded session lists nothing, but is a session still: its change is stored.
    jar.request.set(cookieName, await encode({ token: { sub: "someone", reads: 1 }, secret: testSecret, salt: cookieName }))
    await expect(sessions.list()).resolves.toBeNull()
    const written = jar.written.find((cookie) => cookie.name === cookieName)
    expect((await decode({ token: written!.value, secret: testSecret, salt: cookieName }))?.reads).toBe(2)

    jar.written.length = 0
    jar.readOnly = true
    await expect(sessions.list()).resolves.toBeNull()
    expect(jar.written).toEqual([])
  })
})
