/**
 * `sessions` from `NextAuth()` for the sessions issue 35 made manageable: a Credentials + JWT app
 * whose `authorize` returns the app's own users (recorded in a real SQLite database's
 * owned_sessions), and a JWT app with no adapter, only `session.store`. The request is Next's
 * (next/headers, stood in for here), the work is core's: exactly as for adapter users.
 */
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import type { OwnedSessionMethods } from "@gatehouse/core/adapters"
import { encode } from "@gatehouse/core/jwt"
import Credentials from "@gatehouse/core/providers/credentials"
import { memorySessionStore } from "@gatehouse/core/session-stores"
import Database from "better-sqlite3"
import { beforeEach, describe, expect, it, vi } from "vitest"
import NextAuth from "../index.js"
import { testSecret } from "./test-support/credentials-config.js"

const jar = vi.hoisted(() => ({
  request: new Map<string, string>(),
  written: [] as { name: string; value: string; [option: string]: unknown }[],
}))

vi.mock("next/headers", () => ({
  headers: async () => new Headers({ host: "app.example.test", "x-forwarded-proto": "https", "user-agent": "Mozilla/5.0 (unit test)" }),
  cookies: async () => ({
    getAll: () => [...jar.request].map(([name, value]) => ({ name, value })),
    set: (name: string, value: string, options: Record<string, unknown>) => void jar.written.push({ name, value, ...options }),
  }),
}))

const cookieName = "__Secure-authjs.session-token"
const inOneDay = () => new Date(Date.now() + 86_400_000)

const setups = [
  {
    label: "the app's own users (Credentials + JWT, SQLite owned_sessions)",
    make: () => {
      const adapter = SQLiteAdapter(new Database(":memory:"))
      return {
        records: adapter as unknown as OwnedSessionMethods,
        config: { adapter },
        ownerKey: "app:credentials:42",
        mark: { "gatehouse.credentials": "credentials" },
      }
    },
  },
  {
    label: "no adapter, session.store",
    make: () => {
      const store = memorySessionStore()
      return { records: store, config: { session: { strategy: "jwt" as const, store } }, ownerKey: "42", mark: {} }
    },
  },
]

beforeEach(() => {
  jar.request.clear()
  jar.written.length = 0
})

describe.each(setups)("sessions from NextAuth(): $label", ({ make }) => {
  async function twoSessions() {
    const { records, config, ownerKey, mark } = make()
    const app = NextAuth({
      secret: testSecret,
      trustHost: true,
      session: { strategy: "jwt" },
      providers: [Credentials({ credentials: { username: {} }, authorize: () => null })],
      logger: { error: () => {}, warn: () => {} },
      ...config,
    })
    const token = async (sid: string) => {
      await records.createOwnedSession({ id: sid, ownerKey, expires: inOneDay(), createdAt: new Date(), provider: "credentials" })
      return encode({ token: { sub: "42", name: "Ada", "gatehouse.sid": sid, ...mark }, secret: testSecret, salt: cookieName })
    }
    const here = await token(crypto.randomUUID().replaceAll("-", ""))
    const there = await token(crypto.randomUUID().replaceAll("-", ""))
    jar.request.set(cookieName, here)
    return { app, records, ownerKey, here, there }
  }

  it("list() gives both sessions, this one current; revokeOthers() ends the other and keeps this one", async () => {
    const { app, records, ownerKey } = await twoSessions()
    const list = await app.sessions.list()
    expect(list?.map((session) => session.current).sort()).toEqual([false, true])
    expect(await app.sessions.revokeOthers()).toEqual({ revoked: 1, signedOut: false })
    expect(await records.listOwnedSessions(ownerKey)).toHaveLength(1)
    expect(jar.written).toEqual([])
  })

  it("revokeAll() ends both and clears this request's cookie; auth() is then null", async () => {
    const { app, records, ownerKey } = await twoSessions()
    expect(await app.sessions.revokeAll()).toEqual({ revoked: 2, signedOut: true })
    expect(await records.listOwnedSessions(ownerKey)).toEqual([])
    expect(jar.written.some((cookie) => cookie.name === cookieName && cookie.value === "")).toBe(true)
  })

  it("the other browser's session, revoked here, reads as nobody", async () => {
    const { app, there } = await twoSessions()
    const other = (await app.sessions.list())!.find((session) => !session.current)!
    expect(await app.sessions.revoke(other.id)).toEqual({ revoked: 1, signedOut: false })
    jar.request.set(cookieName, there)
    expect(await app.auth()).toBeNull()
  })
})
