/**
 * §4.3-7 (Passport CVE-2022-25896, the unverified "CVE-2026-2912"): a session id that survives
 * sign-in lets whoever planted it ride the victim's session. The attacker here plants a token of
 * their choosing, or their own valid session, in the victim's browser before the victim signs
 * in; then keeps a copy of the victim's token past sign-out. Sign-in must always mint a fresh
 * token and drop the old row; sign-out must delete the row and every cookie chunk.
 */
import Database from "better-sqlite3"
import { describe, expect, it } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import { Auth } from "../../packages/core/src/handler/auth.js"
import Credentials from "../../packages/core/src/providers/credentials.js"
import { base, browserFor, credentialsConfig, origin } from "@gatehouse/test-kit/credentials-app"
import type { AuthConfig } from "../../packages/core/src/types.js"

const people: Record<string, { id: string; name: string; email: string }> = {
  ada: { id: "ada-id", name: "Ada", email: "ada@example.test" },
  mallory: { id: "mallory-id", name: "Mallory", email: "mallory@example.test" },
}

function twoUserConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return credentialsConfig({
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: (c) => (typeof c.username === "string" && c.password === "pw" && people[c.username] ? { ...people[c.username]! } : null),
      }),
    ],
    ...overrides,
  })
}

function signIn(browser: ReturnType<typeof browserFor>, username: string) {
  return browser.post(`${base}/callback/credentials`, { username, password: "pw" }, base)
}

async function sessionOf(config: AuthConfig, token: string | undefined): Promise<{ user?: { name?: string } } | null> {
  const headers: Record<string, string> = token === undefined ? {} : { cookie: `authjs.session-token=${token}` }
  return (await Auth(new Request(`${base}/session`, { headers }), config)).json()
}

function databaseSetup() {
  const db = new Database(":memory:")
  const config = twoUserConfig({ adapter: SQLiteAdapter(db), session: { strategy: "database" } })
  const row = (token: string) =>
    db.prepare("SELECT user_id FROM sessions WHERE session_token = ?").get(token) as { user_id: string } | undefined
  const sessions = () => db.prepare("SELECT count(*) FROM sessions").pluck().get() as number
  return { config, row, sessions }
}

describe("database sessions", () => {
  it("a token the attacker planted before sign-in never becomes the victim's session", async () => {
    const { config, row } = databaseSetup()
    const victim = browserFor(config)
    const planted = "attacker-chosen-token-0000000000000000"
    victim.cookies.set("authjs.session-token", planted)
    await signIn(victim, "ada")
    const token = victim.cookies.get("authjs.session-token")!
    expect(token).not.toBe(planted)
    expect(row(planted)).toBeUndefined()
    expect(await sessionOf(config, planted)).toBeNull()
    expect((await sessionOf(config, token))?.user?.name).toBe("Ada")
  })

  it("the attacker's own valid session, planted in the victim's browser, is replaced and deleted at the victim's sign-in", async () => {
    const { config, row } = databaseSetup()
    const attacker = browserFor(config)
    await signIn(attacker, "mallory")
    const mallorysToken = attacker.cookies.get("authjs.session-token")!
    expect(row(mallorysToken)?.user_id).toBeDefined()

    const victim = browserFor(config)
    victim.cookies.set("authjs.session-token", mallorysToken)
    await signIn(victim, "ada")
    const victimsToken = victim.cookies.get("authjs.session-token")!
    expect(victimsToken).not.toBe(mallorysToken)
    expect(row(mallorysToken)).toBeUndefined()
    // Whatever the attacker holds now reads as nobody, and never as Ada.
    expect(await sessionOf(config, mallorysToken)).toBeNull()
    expect((await sessionOf(config, victimsToken))?.user?.name).toBe("Ada")
  })

  it("every sign-in rotates the token and deletes the previous row", async () => {
    const { config, row, sessions } = databaseSetup()
    const browser = browserFor(config)
    const tokens: string[] = []
    for (let i = 0; i < 3; i++) {
      await signIn(browser, "ada")
      tokens.push(browser.cookies.get("authjs.session-token")!)
    }
    expect(new Set(tokens).size).toBe(3)
    expect(row(tokens[0]!)).toBeUndefined()
    expect(row(tokens[1]!)).toBeUndefined()
    expect(row(tokens[2]!)).toBeDefined()
    expect(sessions()).toBe(1)
  })

  it("sign-out deletes the row: a copy of the token kept by anyone is dead", async () => {
    const { config, row } = databaseSetup()
    const browser = browserFor(config)
    await signIn(browser, "ada")
    const token = browser.cookies.get("authjs.session-token")!
    const signOut = await browser.post(`${base}/signout`, {}, base)
    expect(signOut.headers.getSetCookie().some((c) => /^authjs\.session-token=;.*Max-Age=0/i.test(c))).toBe(true)
    expect(row(token)).toBeUndefined()
    expect(await sessionOf(config, token)).toBeNull()
  })
})

describe("JWT sessions", () => {
  it("a planted session (the attacker's own) is replaced by the victim's at sign-in", async () => {
    const config = twoUserConfig()
    const attacker = browserFor(config)
    await signIn(attacker, "mallory")
    const mallorysToken = attacker.cookies.get("authjs.session-token")!
    const victim = browserFor(config)
    victim.cookies.set("authjs.session-token", mallorysToken)
    await signIn(victim, "ada")
    expect(victim.cookies.get("authjs.session-token")).not.toBe(mallorysToken)
    expect((await sessionOf(config, victim.cookies.get("authjs.session-token")))?.user?.name).toBe("Ada")
    expect((await sessionOf(config, mallorysToken))?.user?.name).toBe("Mallory")
  })

  it("sign-out clears the session cookie and every chunk of a chunked one", async () => {
    const config = twoUserConfig({
      callbacks: { jwt: ({ token }) => ({ ...token, padding: "x".repeat(9000) }) },
    })
    const browser = browserFor(config)
    await signIn(browser, "ada")
    const chunks = [...browser.cookies.keys()].filter((name) => name.startsWith("authjs.session-token."))
    expect(chunks.length).toBeGreaterThanOrEqual(2)
    const response = await browser.post(`${base}/signout`, {}, base)
    const cleared = response.headers
      .getSetCookie()
      .filter((c) => /Max-Age=0/i.test(c))
      .map((c) => c.slice(0, c.indexOf("=")))
    for (const name of chunks) expect(cleared).toContain(name)
    expect([...browser.cookies.keys()].some((name) => name.startsWith("authjs.session-token"))).toBe(false)
    expect(response.headers.get("location")).toBe(origin)
  })
})
