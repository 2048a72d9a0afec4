import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import { decode } from "@gatehouse/core/jwt"
import { memorySessionStore } from "@gatehouse/core/session-stores"
import type { JWT } from "@gatehouse/core/types"
import { afterEach, describe, expect, it, vi } from "vitest"
import { createSvelteKitAuth } from "../lib/create-sveltekit-auth.js"
import type { SvelteKitAuthConfig } from "../lib/types.js"
import { formPost, testEvent } from "./request-event.js"
import { production, testConfig, testSecret } from "./test-config.js"

/** Database sessions in a fresh in-memory SQLite database: the adapter lists and deletes session rows. */
function databaseConfig(): SvelteKitAuthConfig {
  return testConfig({ adapter: SQLiteAdapter(":memory:"), session: { strategy: "database" } })
}

/** Signs "demo" in through the handle from a browser with this user agent; returns the cookie it would send back. */
async function signIn(config: SvelteKitAuthConfig, userAgent: string): Promise<string> {
  const { handle } = createSvelteKitAuth(config, production)
  const { event } = formPost(
    "http://app.test/auth/callback/credentials",
    { username: "demo", password: "demo" },
    { "user-agent": userAgent },
  )
  const response = await handle({ event, resolve: async () => new Response() })
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="))!
  return cookie.split(";")[0]!
}

/** Runs `use` inside a page request of the browser holding `cookie`, as a load or form action would. */
async function inRequest<T>(config: SvelteKitAuthConfig, cookie: string | undefined, use: (locals: App.Locals) => Promise<T>) {
  const { handle } = createSvelteKitAuth(config, production)
  const { event, written } = testEvent("http://app.test/devices", { headers: cookie ? { cookie } : {} })
  let result: T | undefined
  await handle({
    event,
    resolve: async (e) => {
      result = await use(e.locals)
      return new Response()
    },
  })
  return { result: result as T, written }
}

afterEach(() => vi.restoreAllMocks())

describe("event.locals.sessions", () => {
  it("lists the user's sessions with the right one current, from either browser", async () => {
    const config = databaseConfig()
    const laptop = await signIn(config, "Laptop browser")
    const phone = await signIn(config, "Phone browser")

    const fromLaptop = (await inRequest(config, laptop, (locals) => locals.sessions.list())).result!
    expect(fromLaptop).toHaveLength(2)
    const byAgent = Object.fromEntries(fromLaptop.map((session) => [session.userAgent, session]))
    expect(byAgent["Laptop browser"]).toMatchObject({ current: true, provider: "credentials" })
    expect(byAgent["Phone browser"]).toMatchObject({ current: false, provider: "credentials" })
    expect(Date.parse(byAgent["Laptop browser"]!.expires)).toBeGreaterThan(Date.now())
    // Opaque handles, never the session token a browser holds.
    for (const session of fromLaptop) {
      expect(laptop).not.toContain(session.id)
      expect(phone).not.toContain(session.id)
    }

    const fromPhone = (await inRequest(config, phone, (locals) => locals.sessions.list())).result!
    expect(fromPhone.find((session) => session.current)?.id).toBe(byAgent["Phone browser"]!.id)
  })

  it("list() stores what the app's jwt callback changed in the session's token (JWT sessions)", async () => {
    const countReads = ({ token }: { token: JWT }) => ({ ...token, reads: ((token.reads as number | undefined) ?? 0) + 1 })
    const config = testConfig({ adapter: SQLiteAdapter(":memory:"), session: { strategy: "jwt" }, callbacks: { jwt: countReads } })
    const cookie = await signIn(config, "Laptop browser")
    const readsOf = async (value: string) =>
      (await decode({ token: value, secret: testSecret, salt: "authjs.session-token" }))?.reads as number
    const before = await readsOf(cookie.slice(cookie.indexOf("=") + 1))

    const { written } = await inRequest(config, cookie, (locals) => locals.sessions.list())
    const reissued = written.get("authjs.session-token")
    expect(reissued?.value).toBeTruthy()
    expect(await readsOf(reissued!.value)).toBe(before + 1)
  })

  it("revoke(id) ends the other browser's session at once; the caller stays signed in", async () => {
    const config = databaseConfig()
    const laptop = await signIn(config, "Laptop browser")
    const phone = await signIn(config, "Phone browser")
    const sessions = (await inRequest(config, laptop, (locals) => locals.sessions.list())).result!
    const phoneId = sessions.find((session) => !session.current)!.id

    const { result, written } = await inRequest(config, laptop, (locals) => locals.sessions.revoke(phoneId))
    expect(result).toEqual({ revoked: 1, signedOut: false })
    expect(written.has("authjs.session-token")).toBe(false)

    expect((await inRequest(config, phone, (locals) => locals.auth())).result).toBeNull()
    expect((await inRequest(config, laptop, (locals) => locals.auth())).result).toMatchObject({ user: { name: "Demo User" } })
    expect((await inRequest(config, laptop, (locals) => locals.sessions.list())).result).toHaveLength(1)
  })

  it("revoke(id) of an id that is not one of the user's sessions ends nothing", async () => {
    const config = databaseConfig()
    const laptop = await signIn(config, "Laptop browser")
    const { result } = await inRequest(config, laptop, (locals) => locals.sessions.revoke("0123456789abcdef0123456789abcdef"))
    expect(result).toEqual({ revoked: 0, signedOut: false })
    expect((await inRequest(config, laptop, (locals) => locals.sessions.list())).result).toHaveLength(1)
  })

  it("revokeOthers() keeps only the caller's session", async () => {
    const config = databaseConfig()
    const laptop = await signIn(config, "Laptop browser")
    const phone = await signIn(config, "Phone browser")
    const tablet = await signIn(config, "Tablet browser")
    expect((await inRequest(config, laptop, (locals) => locals.sessions.revokeOthers())).result).toEqual({ revoked: 2, signedOut: false })
    expect((await inRequest(config, phone, (locals) => locals.auth())).result).toBeNull()
    expect((await inRequest(config, tablet, (locals) => locals.auth())).result).toBeNull()
    const left = (await inRequest(config, laptop, (locals) => locals.sessions.list())).result!
    expect(left.map((session) => [session.userAgent, session.current])).toEqual([["Laptop browser", true]])
  })

  it("revokeAll() signs the caller out too: cookie cleared in this response, locals.auth() null for the rest of the request", async () => {
    const config = databaseConfig()
    const laptop = await signIn(config, "Laptop browser")
    const phone = await signIn(config, "Phone browser")
    const { result, written } = await inRequest(config, laptop, async (locals) => {
      const before = await locals.auth()
      const revoked = await locals.sessions.revokeAll()
      return { before, revoked, after: await locals.auth() }
    })
    expect(result.before).toMatchObject({ user: { name: "Demo User" } })
    expect(result.revoked).toEqual({ revoked: 2, signedOut: true })
    expect(result.after).toBeNull()
    expect(written.get("authjs.session-token")).toMatchObject({ value: "", options: { path: "/" } })
    expect(written.get("authjs.session-token")?.options.maxAge ?? 0).toBeLessThanOrEqual(0)
    expect((await inRequest(config, phone, (locals) => locals.auth())).result).toBeNull()
  })

  it("is null / revokes nothing for a visitor who is not signed in", async () => {
    const config = databaseConfig()
    expect((await inRequest(config, undefined, (locals) => locals.sessions.list())).result).toBeNull()
    expect((await inRequest(config, undefined, (locals) => locals.sessions.revokeOthers())).result).toEqual({
      revoked: 0,
      signedOut: false,
    })
  })

  it("throws MissingAdapterMethods without an adapter that manages sessions", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const config = testConfig()
    const { handle } = createSvelteKitAuth(config, production)
    const signedIn = formPost("http://app.test/auth/callback/credentials", { username: "demo", password: "demo" })
    const response = await handle({ event: signedIn.event, resolve: async () => new Response() })
    const cookie = response.headers.getSetCookie()[0]!.split(";")[0]!
    const error = await inRequest(config, cookie, (locals) => locals.sessions.list()).catch((thrown: unknown) => thrown)
    expect(error).toMatchObject({ type: "MissingAdapterMethods" })
    expect(String((error as Error).message)).toMatch(/listSessionsByUserId|adapter/)
  })
})

/**
 * Issue 35's sessions for everyone, through the same locals: a Credentials + JWT app whose
 * `authorize` returns its own user ("demo-user", never an adapter user; recorded in the SQLite
 * adapter's owned_sessions), and a JWT app with no adapter, only `session.store`.
 */
describe.each([
  {
    label: "the app's own users (Credentials + JWT, SQLite owned_sessions)",
    config: () => {
      const adapter = SQLiteAdapter(":memory:")
      return { config: testConfig({ adapter, session: { strategy: "jwt" } }), adapterUsers: async () => adapter.getUser!("demo-user") }
    },
  },
  {
    label: "no adapter, session.store",
    config: () => ({ config: testConfig({ session: { strategy: "jwt", store: memorySessionStore() } }), adapterUsers: async () => null }),
  },
])("event.locals.sessions for $label", ({ config: make }) => {
  it("lists both browsers' sessions; revoke(id) ends the other at once; sub stays authorize's id and no adapter user exists", async () => {
    const { config, adapterUsers } = make()
    const laptop = await signIn(config, "Laptop browser")
    const phone = await signIn(config, "Phone browser")
    const token = await decode({ token: laptop.slice(laptop.indexOf("=") + 1), secret: testSecret, salt: "authjs.session-token" })
    expect(token?.sub).toBe("demo-user")
    expect(await adapterUsers()).toBeNull()

    const sessions = (await inRequest(config, laptop, (locals) => locals.sessions.list())).result!
    expect(sessions.map((session) => [session.userAgent, session.current])).toEqual([
      ["Laptop browser", true],
      ["Phone browser", false],
    ])
    const { result } = await inRequest(config, laptop, (locals) => locals.sessions.revoke(sessions[1]!.id))
    expect(result).toEqual({ revoked: 1, signedOut: false })
    expect((await inRequest(config, phone, (locals) => locals.auth())).result).toBeNull()
    expect((await inRequest(config, laptop, (locals) => locals.auth())).result).toMatchObject({ user: { name: "Demo User" } })
  })

  it("revokeOthers() keeps only the caller's session; revokeAll() signs the caller out too", async () => {
    const { config } = make()
    const laptop = await signIn(config, "Laptop browser")
    const phone = await signIn(config, "Phone browser")
    const tablet = await signIn(config, "Tablet browser")
    expect((await inRequest(config, laptop, (locals) => locals.sessions.revokeOthers())).result).toEqual({ revoked: 2, signedOut: false })
    expect((await inRequest(config, phone, (locals) => locals.auth())).result).toBeNull()
    expect((await inRequest(config, tablet, (locals) => locals.auth())).result).toBeNull()
    expect((await inRequest(config, laptop, (locals) => locals.auth())).result).not.toBeNull()

    const desktop = await signIn(config, "Desktop browser")
    const { result, written } = await inRequest(config, desktop, (locals) => locals.sessions.revokeAll())
    expect(result).toEqual({ revoked: 2, signedOut: true })
    expect(written.get("authjs.session-token")?.value).toBe("")
    expect((await inRequest(config, laptop, (locals) => locals.auth())).result).toBeNull()
    expect((await inRequest(config, desktop, (locals) => locals.auth())).result).toBeNull()
  })
})
