/**
 * getAccessToken against a real OpenID provider (oidc-provider) that rotates refresh tokens
 * (a used one is spent; sending it again revokes the grant) and issues access tokens for 64
 * seconds, so a token is due for refresh (60 s skew) a few seconds after it was issued. Every
 * refresh is counted at the provider's token endpoint.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import Database from "better-sqlite3"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { migrate, PostgresAdapter } from "../../packages/adapter-pg/src/index.js"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import type { Adapter } from "../../packages/core/src/adapters.js"
import { customFetch, getAccessToken } from "../../packages/core/src/index.js"
import { TokenRefresh } from "../../packages/core/src/token-refresh/index.js"
import Credentials from "../../packages/core/src/providers/credentials.js"
import { decode } from "../../packages/core/src/jwt.js"
import { startDevIdentityProvider, type DevIdentityProvider } from "../../packages/dev-idp/src/index.js"
import type { FetchBrowser } from "../../packages/dev-idp/src/fetch-browser.js"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"
import { freePort } from "./support/free-port.js"
import {
  appOrigin,
  basicClient,
  browserFor,
  makeApp,
  oidcProvider,
  secret,
  sessionOf,
  signInThroughIdp,
  type TestApp,
} from "./oauth-app.js"
import { revokeAtProvider } from "@gatehouse/test-kit/revoke-at-provider"

const accessTokenTtl = 64
const sessionCookie = "authjs.session-token"
/** How long after issue a 64-second token is within the 60-second skew, with a margin for rounding. */
const untilDue = 4_300

let idp: DevIdentityProvider
/** Refresh-grant requests at the provider's token endpoint: answered with tokens, or refused. */
const atProvider = { refreshed: 0, refused: 0 }

beforeAll(async () => {
  idp = await startDevIdentityProvider({
    clients: [basicClient],
    users: [
      { sub: "dev-user-1", name: "Dev User", email: "dev@example.test", email_verified: true },
      { sub: "dev-user-2", name: "Second User", email: "second@example.test", email_verified: true },
    ],
    accessTokenTtl,
    refreshTokens: { rotate: true },
  })
  // Every answer of the token endpoint to a refresh grant, whether it issued tokens or refused.
  const isRefresh = (ctx: any) => ctx.oidc?.params?.grant_type === "refresh_token"
  idp.oidc.on("grant.success", (ctx) => {
    if (isRefresh(ctx)) atProvider.refreshed++
  })
  idp.oidc.on("grant.error", (ctx) => {
    if (isRefresh(ctx)) atProvider.refused++
  })
})
afterAll(() => idp?.close())

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function recordedEvents() {
  const refreshed: any[] = []
  const failed: any[] = []
  return {
    refreshed,
    failed,
    events: { tokenRefreshed: (m: unknown) => void refreshed.push(m), tokenRefreshFailed: (m: unknown) => void failed.push(m) },
  }
}

function requestFrom(browser: FetchBrowser): Request {
  return new Request(`${appOrigin}/api/calendar`, { headers: { cookie: browser.cookieHeader(appOrigin) } })
}

async function expectValidAtProvider(accessToken: string | undefined) {
  const response = await fetch(`${idp.issuer}/me`, { headers: { authorization: `Bearer ${accessToken}` } })
  expect(response.status).toBe(200)
  expect(((await response.json()) as { sub: string }).sub).toBe("dev-user-1")
}

interface Setup {
  label: string
  /** Whether the session cookie carries the tokens (and so changes with a refresh). */
  tokensInCookie: boolean
  open(): Promise<{ adapter?: Adapter; strategy: "jwt" | "database" }>
  /** Lets the stored access token come due. */
  makeDue(browser: FetchBrowser): Promise<void>
  refreshTokenOf(browser: FetchBrowser): Promise<string>
  close(): Promise<void>
}

/** Accounts in SQL: a due token without waiting, and the stored refresh token. */
function sqlAccess(run: (sql: string) => Promise<unknown[]>) {
  return {
    async makeDue() {
      await run("UPDATE accounts SET expires_at = 1")
    },
    async refreshTokenOf() {
      const rows = (await run("SELECT refresh_token FROM accounts")) as { refresh_token: string }[]
      expect(rows).toHaveLength(1)
      return rows[0]!.refresh_token
    },
  }
}

const folder = mkdtempSync(join(tmpdir(), "gatehouse-token-refresh-"))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

function sqliteSetup(strategy: "jwt" | "database"): Setup {
  let db: Database.Database
  const sql = sqlAccess(async (text) => {
    if (text.startsWith("SELECT")) return db.prepare(text).all()
    db.prepare(text).run()
    return []
  })
  return {
    label: `${strategy} sessions with the SQLite adapter`,
    tokensInCookie: false,
    async open() {
      db = new Database(join(folder, `${crypto.randomUUID()}.db`))
      return { adapter: SQLiteAdapter(db), strategy }
    },
    makeDue: sql.makeDue,
    refreshTokenOf: sql.refreshTokenOf,
    async close() {
      db.close()
    },
  }
}

function postgresSetup(strategy: "jwt" | "database"): Setup {
  let database: TemporaryDatabase
  const sql = sqlAccess(async (text) => (await database.pool.query(text)).rows)
  return {
    label: `${strategy} sessions with the PostgreSQL adapter`,
    tokensInCookie: false,
    async open() {
      database = await createTemporaryDatabase("token_refresh")
      await migrate(database.pool)
      return { adapter: PostgresAdapter(database.pool), strategy }
    },
    makeDue: sql.makeDue,
    refreshTokenOf: sql.refreshTokenOf,
    close: () => database.drop(),
  }
}

const cookieSetup: Setup = {
  label: "JWT sessions without an adapter (tokens in the cookie)",
  tokensInCookie: true,
  async open() {
    return { strategy: "jwt" }
  },
  async makeDue() {
    await sleep(untilDue)
  },
  async refreshTokenOf(browser) {
    const token = browser.cookiesFor(appOrigin).get(sessionCookie)!
    const payload = await decode({ token, secret, salt: sessionCookie })
    return (payload?.["gatehouse.tokens"] as { refresh_token: string } | undefined)?.refresh_token ?? ""
  },
  async close() {},
}

describe.each([cookieSetup, sqliteSetup("database"), postgresSetup("jwt")])("getAccessToken, $label", (setup) => {
  let adapter: Adapter | undefined
  let strategy: "jwt" | "database"
  beforeAll(async () => {
    ;({ adapter, strategy } = await setup.open())
  })
  afterAll(() => setup.close())

  async function signedIn(): Promise<{ app: TestApp; browser: FetchBrowser; events: ReturnType<typeof recordedEvents> }> {
    const events = recordedEvents()
    const app = makeApp([oidcProvider(idp.issuer, { tokenRefresh: true })], {
      tokenRefresh: TokenRefresh(),
      ...(adapter ? { adapter } : {}),
      session: { strategy },
      events: events.events,
    })
    const browser = browserFor({ [appOrigin]: app })
    const { response } = await signInThroughIdp(browser, "dev-oidc")
    expect(response.status).toBe(302)
    expect((await sessionOf(browser)).user.email).toBe("dev@example.test")
    return { app, browser, events }
  }

  const concurrently = (app: TestApp, browser: FetchBrowser, count: number) =>
    Promise.all(Array.from({ length: count }, () => getAccessToken(requestFrom(browser), app.config, "dev-oidc", { withCookies: true })))

  test("20 concurrent calls with a due access token: one refresh at the provider, 20 valid tokens, and the session keeps working", async () => {
    const { app, browser, events } = await signedIn()
    const first = await getAccessToken(requestFrom(browser), app.config, "dev-oidc")
    expect(first?.accessToken).toBeTruthy()
    await expectValidAtProvider(first!.accessToken)

    await setup.makeDue(browser)
    const before = { ...atProvider }
    const results = await concurrently(app, browser, 20)
    expect(atProvider.refreshed - before.refreshed).toBe(1)
    expect(atProvider.refused - before.refused).toBe(0)
    const tokens = new Set(results.map((result) => result.token?.accessToken))
    expect(tokens.size).toBe(1)
    const [refreshed] = [...tokens]
    expect(refreshed).toBeTruthy()
    expect(refreshed).not.toBe(first!.accessToken)
    await expectValidAtProvider(refreshed)
    expect(results[0]!.token!.expiresAt! * 1000).toBeGreaterThan(Date.now() + 60_000)
    expect(events.refreshed).toHaveLength(1)
    expect(events.failed).toHaveLength(0)
    // Only a cookie that holds the tokens has to change.
    expect(results.every((result) => result.cookies.length > 0)).toBe(setup.tokensInCookie)
    expect(results.some((result) => result.cookies.length > 0)).toBe(setup.tokensInCookie)
    browser.storeCookies(new URL(appOrigin), results[0]!.cookies)

    // The session goes on, and the next refresh uses the rotated refresh token (the provider
    // would refuse the spent one, and revoke the grant with it).
    const session = await sessionOf(browser)
    expect(session.user.email).toBe("dev@example.test")
    expect(session.error).toBeUndefined()
    expect((await getAccessToken(requestFrom(browser), app.config, "dev-oidc"))?.accessToken).toBe(refreshed)
    await setup.makeDue(browser)
    const next = await concurrently(app, browser, 5)
    expect(atProvider.refreshed - before.refreshed).toBe(2)
    expect(atProvider.refused - before.refused).toBe(0)
    expect(new Set(next.map((result) => result.token?.accessToken)).size).toBe(1)
    expect(next[0]!.token!.accessToken).not.toBe(refreshed)
    await expectValidAtProvider(next[0]!.token!.accessToken)
  })

  test("a revoked grant: one refused refresh, null for every caller, RefreshTokenError in the session, and no retries", async () => {
    const { app, browser, events } = await signedIn()
    await revokeAtProvider(idp.issuer, basicClient, await setup.refreshTokenOf(browser))
    await setup.makeDue(browser)

    const before = { ...atProvider }
    const results = await concurrently(app, browser, 20)
    expect(results.map((result) => result.token)).toEqual(Array(20).fill(null))
    expect(atProvider.refused - before.refused).toBe(1)
    expect(atProvider.refreshed - before.refreshed).toBe(0)
    expect(events.failed).toHaveLength(1)
    expect(events.failed[0]).toMatchObject({ provider: "dev-oidc", refused: true })
    expect(events.failed[0].error.type).toBe("RefreshTokenError")
    expect(app.logger.errors.map((error) => (error as { type?: string }).type)).toContain("RefreshTokenError")
    browser.storeCookies(new URL(appOrigin), results[0]!.cookies)

    const session = await sessionOf(browser)
    expect(session.error).toBe("RefreshTokenError")
    expect(session.user.email).toBe("dev@example.test")

    // Asked again (and again), nobody sends the refused refresh token a second time.
    for (let round = 0; round < 3; round++) {
      expect((await concurrently(app, browser, 5)).every((result) => result.token === null)).toBe(true)
    }
    expect(atProvider.refused - before.refused).toBe(1)
    expect(events.failed).toHaveLength(1)

    // Signing in again is the way out: new tokens, no error.
    expect((await signInThroughIdp(browser, "dev-oidc")).response.status).toBe(302)
    expect((await sessionOf(browser)).error).toBeUndefined()
    const again = await getAccessToken(requestFrom(browser), app.config, "dev-oidc")
    await expectValidAtProvider(again?.accessToken)
  })
})

describe("getAccessToken, beyond the refresh", () => {
  let db: Database.Database
  let adapter: Adapter
  beforeAll(() => {
    db = new Database(join(folder, `${crypto.randomUUID()}.db`))
    adapter = SQLiteAdapter(db)
  })
  afterAll(() => db.close())

  function appWith(providerOptions: Record<string, unknown> = { tokenRefresh: true }) {
    // The flag and the option that brings its code go together; the default has neither.
    const option = providerOptions.tokenRefresh ? { tokenRefresh: TokenRefresh() } : {}
    return makeApp([oidcProvider(idp.issuer, providerOptions)], { adapter, session: { strategy: "database" }, ...option })
  }

  test("without a session, or with a forged cookie, it is null; an unknown provider id throws InvalidProvider", async () => {
    const app = appWith()
    expect(await getAccessToken(new Request(`${appOrigin}/api`), app.config, "dev-oidc")).toBeNull()
    const forged = new Request(`${appOrigin}/api`, { headers: { cookie: `${sessionCookie}=forged` } })
    expect(await getAccessToken(forged, app.config, "dev-oidc")).toBeNull()
    await expect(getAccessToken(forged, app.config, "github")).rejects.toMatchObject({ type: "InvalidProvider" })
    // A JWT app logs the forged cookie, and says what happened: getAccessToken clears nothing.
    const jwtApp = makeApp([oidcProvider(idp.issuer, { tokenRefresh: true })], { tokenRefresh: TokenRefresh() })
    expect(await getAccessToken(forged, jwtApp.config, "dev-oidc", { withCookies: true })).toEqual({ token: null, cookies: [] })
    const logged = jwtApp.logger.errors.at(-1) as Error & { type?: string }
    expect(logged.type).toBe("JWTSessionError")
    expect(logged.message).toContain("nobody is signed in")
    expect(logged.message).not.toContain("cleared")
  })

  test("the provider's tokenRefresh without the config's TokenRefresh() is refused: the app fails closed, no token, no refresh", async () => {
    const app = makeApp([oidcProvider(idp.issuer, { tokenRefresh: true })], { adapter, session: { strategy: "database" } })
    const response = await app.handler(new Request(`${appOrigin}/auth/session`))
    expect(response.status).toBe(500)
    expect(app.logger.errors.map((error) => (error as { type?: string }).type)).toContain("MissingOption")
    const before = { ...atProvider }
    await expect(getAccessToken(new Request(`${appOrigin}/api`), app.config, "dev-oidc")).rejects.toMatchObject({
      type: "MissingOption",
      code: "token-refresh",
    })
    expect(atProvider).toEqual(before)
  })

  test("with tokenRefresh off (the default) a due token is null and the provider is not asked", async () => {
    const app = appWith({})
    const browser = browserFor({ [appOrigin]: app })
    await signInThroughIdp(browser, "dev-oidc")
    const fresh = await getAccessToken(requestFrom(browser), app.config, "dev-oidc")
    await expectValidAtProvider(fresh?.accessToken)
    db.prepare("UPDATE accounts SET expires_at = 1").run()
    const before = { ...atProvider }
    expect(await getAccessToken(requestFrom(browser), app.config, "dev-oidc")).toBeNull()
    expect(atProvider).toEqual(before)
    // Nothing was refused either: the session has no error.
    expect((await sessionOf(browser)).error).toBeUndefined()
    db.prepare("DELETE FROM users").run()
  })

  test("each user gets the token of their own account", async () => {
    const app = appWith()
    const first = browserFor({ [appOrigin]: app })
    const second = browserFor({ [appOrigin]: app })
    await signInThroughIdp(first, "dev-oidc", { username: "dev-user-1" })
    await signInThroughIdp(second, "dev-oidc", { username: "dev-user-2" })
    const subjects = await Promise.all(
      [first, second].map(async (browser) => {
        const token = await getAccessToken(requestFrom(browser), app.config, "dev-oidc")
        const response = await fetch(`${idp.issuer}/me`, { headers: { authorization: `Bearer ${token?.accessToken}` } })
        return ((await response.json()) as { sub: string }).sub
      }),
    )
    expect(subjects).toEqual(["dev-user-1", "dev-user-2"])
    db.prepare("DELETE FROM users").run()
  })

  test("a credentials user whose id equals an adapter user's id does not get that user's token (JWT sessions)", async () => {
    const victimApp = makeApp([oidcProvider(idp.issuer, { tokenRefresh: true })], {
      adapter,
      session: { strategy: "jwt" },
      tokenRefresh: TokenRefresh(),
    })
    const victim = browserFor({ [appOrigin]: victimApp })
    await signInThroughIdp(victim, "dev-oidc")
    const { user_id: victimId } = db.prepare("SELECT user_id FROM accounts").get() as { user_id: string }
    await expectValidAtProvider((await getAccessToken(requestFrom(victim), victimApp.config, "dev-oidc"))?.accessToken)

    const app = makeApp(
      [
        oidcProvider(idp.issuer, { tokenRefresh: true }),
        Credentials({ credentials: { username: {} }, authorize: () => ({ id: victimId, name: "Mallory" }) }),
      ],
      { adapter, session: { strategy: "jwt" }, tokenRefresh: TokenRefresh() },
    )
    const attacker = browserFor({ [appOrigin]: app })
    const { csrfToken } = (await (await attacker.request(`${appOrigin}/auth/csrf`)).json()) as { csrfToken: string }
    const signIn = await attacker.request(`${appOrigin}/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, username: "mallory" }),
    })
    expect(signIn.status).toBe(302)
    expect((await sessionOf(attacker)).user.name).toBe("Mallory")
    expect(await getAccessToken(requestFrom(attacker), app.config, "dev-oidc")).toBeNull()
    db.prepare("DELETE FROM users").run()
  })

  test("a provider that cannot be reached: null, AccessTokenRefreshError, the refresh token kept, and no new attempt for a few seconds", async () => {
    const app = appWith()
    const browser = browserFor({ [appOrigin]: app })
    await signInThroughIdp(browser, "dev-oidc")
    const { refresh_token: refreshToken } = db.prepare("SELECT refresh_token FROM accounts").get() as { refresh_token: string }
    db.prepare("UPDATE accounts SET expires_at = 1").run()

    // The same app, its provider's token endpoint gone (nothing listens on that port).
    let attempts = 0
    const tokenUrl = `http://127.0.0.1:${await freePort()}/token`
    const down = makeApp(
      [
        oidcProvider(idp.issuer, {
          tokenRefresh: true,
          token: tokenUrl,
          [customFetch]: (...args: Parameters<typeof fetch>) => {
            // Discovery goes to the IdP as usual; only the token requests are counted.
            if (String(args[0] instanceof Request ? args[0].url : args[0]) === tokenUrl) attempts++
            return fetch(...args)
          },
        }),
      ],
      { adapter, session: { strategy: "database" }, tokenRefresh: TokenRefresh() },
    )
    const results = await Promise.all(Array.from({ length: 10 }, () => getAccessToken(requestFrom(browser), down.config, "dev-oidc")))
    expect(results).toEqual(Array(10).fill(null))
    expect(attempts).toBe(1)
    expect(down.logger.errors.map((error) => (error as { type?: string }).type)).toContain("AccessTokenRefreshError")
    // The refresh token is back in the row (no claim left behind), and the session has no error.
    expect((db.prepare("SELECT refresh_token FROM accounts").get() as { refresh_token: string }).refresh_token).toBe(refreshToken)
    expect((await sessionOf(browser)).error).toBeUndefined()
    // Asked again at once: no new attempt.
    expect(await getAccessToken(requestFrom(browser), down.config, "dev-oidc")).toBeNull()
    expect(attempts).toBe(1)
    db.prepare("DELETE FROM users").run()
  })

  test("a claim left by an instance that died mid-refresh is taken over once it has run out", async () => {
    const app = appWith()
    const browser = browserFor({ [appOrigin]: app })
    await signInThroughIdp(browser, "dev-oidc")
    const { refresh_token: refreshToken } = db.prepare("SELECT refresh_token FROM accounts").get() as { refresh_token: string }
    // What a dead instance leaves behind: its claim (which ran out long ago) holding the refresh token.
    db.prepare("UPDATE accounts SET expires_at = 1, refresh_token = ?").run(`gatehouse-refresh-claim:1000:dead-instance:${refreshToken}`)
    const before = { ...atProvider }
    const token = await getAccessToken(requestFrom(browser), app.config, "dev-oidc")
    await expectValidAtProvider(token?.accessToken)
    expect(atProvider.refreshed - before.refreshed).toBe(1)
    const stored = db.prepare("SELECT refresh_token FROM accounts").get() as { refresh_token: string }
    expect(stored.refresh_token).not.toContain("gatehouse-refresh-claim")
    expect(stored.refresh_token).not.toBe(refreshToken)
    db.prepare("DELETE FROM users").run()
  })
})

/** A second instance of the app in its own process, on the built packages. */
async function startInstance(env: Record<string, string>): Promise<{ port: number; process: ChildProcess }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, "support/token-refresh-server.mjs")], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  })
  const lines = createInterface({ input: child.stdout! })
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`instance exited with ${code}`)))
    lines.on("line", (line) => {
      const ready = /^ready (\d+)$/.exec(line)
      if (ready) resolve(Number(ready[1]))
    })
  })
  return { port, process: child }
}

describe.each([
  { label: "a SQLite file", kind: "sqlite" as const },
  { label: "PostgreSQL", kind: "pg" as const },
])("two server processes sharing $label", ({ kind }) => {
  let instances: { port: number; process: ChildProcess }[] = []
  let adapter: Adapter
  let run: (sql: string) => Promise<unknown>
  let close: () => Promise<void>

  beforeAll(async () => {
    let dbName: string
    if (kind === "sqlite") {
      dbName = join(folder, `${crypto.randomUUID()}.db`)
      const db = new Database(dbName)
      adapter = SQLiteAdapter(db)
      run = async (text) => db.prepare(text).run()
      close = async () => {
        db.close()
      }
    } else {
      const database = await createTemporaryDatabase("token_refresh_two")
      await migrate(database.pool)
      dbName = database.name
      adapter = PostgresAdapter(database.pool)
      run = (text) => database.pool.query(text)
      close = () => database.drop()
    }
    const env = { ISSUER: idp.issuer, SECRET: secret, DB_KIND: kind, DB: dbName }
    instances = await Promise.all([startInstance(env), startInstance(env)])
  })
  afterAll(async () => {
    for (const instance of instances) instance.process.kill()
    await close?.()
  })

  async function fromInstances(cookie: string, count: number): Promise<({ accessToken: string } | null)[]> {
    return Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const response = await fetch(`http://127.0.0.1:${instances[i % 2]!.port}/token`, { headers: { cookie } })
        return (await response.json()) as { accessToken: string } | null
      }),
    )
  }

  async function eventsOfInstances(): Promise<{ name: string; refused?: boolean }[]> {
    const lists = await Promise.all(instances.map(async ({ port }) => (await fetch(`http://127.0.0.1:${port}/events`)).json()))
    return lists.flat() as { name: string }[]
  }

  test("20 concurrent calls spread over both: one refresh at the provider (the compare-and-swap picks one instance), 20 valid tokens", async () => {
    const app = makeApp([oidcProvider(idp.issuer, { tokenRefresh: true })], {
      adapter,
      session: { strategy: "database" },
      tokenRefresh: TokenRefresh(),
    })
    const browser = browserFor({ [appOrigin]: app })
    await signInThroughIdp(browser, "dev-oidc")
    const cookie = browser.cookieHeader(appOrigin)
    const [first] = await fromInstances(cookie, 1)
    expect(first?.accessToken).toBeTruthy()

    for (let round = 1; round <= 2; round++) {
      await run("UPDATE accounts SET expires_at = 1")
      const before = { ...atProvider }
      const results = await fromInstances(cookie, 20)
      expect(atProvider.refreshed - before.refreshed).toBe(1)
      expect(atProvider.refused - before.refused).toBe(0)
      const tokens = new Set(results.map((result) => result?.accessToken))
      expect(tokens.size).toBe(1)
      const [token] = [...tokens]
      expect(token).toBeTruthy()
      expect(token).not.toBe(first!.accessToken)
      await expectValidAtProvider(token)
      const events = await eventsOfInstances()
      expect(events.filter((event) => event.name === "tokenRefreshed")).toHaveLength(round)
      expect(events.filter((event) => event.name !== "tokenRefreshed")).toEqual([])
    }
    expect((await sessionOf(browser)).error).toBeUndefined()
  })

  test("a revoked grant, 20 calls spread over both: one refused refresh at the provider, null for all, and no retries", async () => {
    await run("DELETE FROM users")
    const app = makeApp([oidcProvider(idp.issuer, { tokenRefresh: true })], {
      adapter,
      session: { strategy: "database" },
      tokenRefresh: TokenRefresh(),
    })
    const browser = browserFor({ [appOrigin]: app })
    await signInThroughIdp(browser, "dev-oidc")
    const cookie = browser.cookieHeader(appOrigin)
    const refreshToken = (await adapter.getAccountByUserId!(
      (await adapter.getSessionAndUser!(browser.cookiesFor(appOrigin).get(sessionCookie)!))!.user.id,
      "dev-oidc",
    ))!.refresh_token!
    await revokeAtProvider(idp.issuer, basicClient, refreshToken)
    await run("UPDATE accounts SET expires_at = 1")
    const failedBefore = (await eventsOfInstances()).filter((event) => event.name === "tokenRefreshFailed").length

    const before = { ...atProvider }
    for (let round = 0; round < 3; round++) {
      expect(await fromInstances(cookie, 20)).toEqual(Array(20).fill(null))
    }
    expect(atProvider.refused - before.refused).toBe(1)
    expect(atProvider.refreshed - before.refreshed).toBe(0)
    const failed = (await eventsOfInstances()).filter((event) => event.name === "tokenRefreshFailed")
    expect(failed.slice(failedBefore)).toEqual([{ name: "tokenRefreshFailed", refused: true }])
    expect((await sessionOf(browser)).error).toBe("RefreshTokenError")
  })
})
