/**
 * Database sessions when the database fails: a PostgreSQL database that stops answering (its
 * connections killed, new ones refused) or was never reachable, and a database (PostgreSQL and
 * SQLite) whose writes fail in the middle of a sign-in. Every request still gets a documented
 * answer (null session, the error page), never a 500 with a stack; no half-written rows stay
 * behind; and the same app, not restarted, works again once the database is back.
 */
import pg from "pg"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import Credentials from "../../packages/core/src/providers/credentials.js"
import { startDevIdentityProvider } from "../../packages/dev-idp/src/index.js"
import { migrate, PostgresAdapter } from "../../packages/adapter-pg/src/index.js"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"
import { appOrigin, base, basicClient, browserFor, landing, loggedTypes, oidcProvider, signInThroughIdp, useDevIdp } from "./oauth-app.js"
import {
  databaseApp,
  readSession,
  sessionCookieHeaders,
  sessionCookieName,
  sessionTokenOf,
  signInWithCredentials,
  signOut,
  updateSession,
} from "./support/database-session-app.js"
import { bringDatabaseBack, takeDatabaseDown } from "./support/postgres-faults.js"
import { postgresRows, sessionDatabases, type SessionDatabase, useSessionDatabase } from "./support/session-databases.js"

const idp = useDevIdp()

/** The adapter-pg pool listener reports killed idle connections on the console: expected here. */
let consoleError: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {})
})
afterEach(() => {
  consoleError.mockRestore()
})

const credentials = () =>
  Credentials({
    credentials: { username: {}, password: {} },
    authorize: (c: Record<string, unknown>) =>
      c.password === "right" ? { id: "app-1", name: "Cred", email: `${String(c.username)}@example.test` } : null,
  } as any)

/** An error page answer: a redirect to it, with no body that could carry a stack or a database message. */
async function expectErrorPageRedirect(response: Response) {
  expect(response.status).toBe(302)
  expect(response.headers.get("location")).toBe(`${base}/error?error=Configuration`)
  expect(await response.text()).toBe("")
}

/** The error page itself, as the browser then shows it: no stack, no database detail. */
async function expectCleanErrorPage(browser: ReturnType<typeof browserFor>) {
  const page = await browser.request(`${base}/error?error=Configuration`)
  const html = await page.text()
  expect(page.status).toBe(500)
  expect(html).toContain("Server error")
  expect(html).not.toMatch(/\bat .*\.(?:ts|js):\d+|not currently accepting connections|ECONNREFUSED|AdapterError|gatehouse_/)
}

/** A session read while the database is down: no session, and the cookie neither cleared nor replaced (it works again later). */
async function expectNoSessionCookieKept(browser: ReturnType<typeof browserFor>, token: string) {
  const read = await readSession(browser)
  expect(read.response.status).toBe(200)
  expect(read.body).toBeNull()
  expect(sessionCookieHeaders(read.response)).toEqual([])
  expect(sessionTokenOf(browser)).toBe(token)
}

/** GET /sessions: the signed-in user's sessions, as the devices page lists them. */
/** Signs `browser` out with the database taken down (and brought back whatever happens), the app's error log emptied first. */
async function signOutWhileDatabaseDown(
  databaseName: string,
  app: { logger: { errors: unknown[] } },
  browser: ReturnType<typeof browserFor>,
): Promise<Response> {
  await takeDatabaseDown(databaseName)
  try {
    app.logger.errors.length = 0
    return await signOut(browser)
  } finally {
    await bringDatabaseBack(databaseName)
  }
}

async function listSessions(browser: ReturnType<typeof browserFor>): Promise<{ current: boolean }[]> {
  const response = await browser.request(`${base}/sessions`)
  expect(response.status).toBe(200)
  return response.json()
}

/** The database driver's error under Auth.js-style causes (`cause.err`, flattened as they are wrapped). */
function driverError(error: Error | undefined): Error | undefined {
  let current = error
  while ((current?.cause as { err?: Error } | undefined)?.err) current = (current!.cause as { err: Error }).err
  return current === error ? undefined : current
}

describe("PostgreSQL stops answering, then comes back", () => {
  let database: TemporaryDatabase
  let rows: ReturnType<typeof postgresRows>

  beforeAll(async () => {
    database = await createTemporaryDatabase("e2e_faults")
    await migrate(database.pool)
    rows = postgresRows(database.pool)
  })
  afterAll(async () => {
    if (database) await bringDatabaseBack(database.name).catch(() => {})
    await database?.drop()
  })

  it("while down: null sessions, error pages, no rows; once back: the same app works without a restart", async () => {
    const app = databaseApp(PostgresAdapter(database.pool), idp().issuer, { providers: [oidcProvider(idp().issuer), credentials()] })
    const signedIn = browserFor({ [appOrigin]: app })
    await signInThroughIdp(signedIn, "dev-oidc")
    const token = sessionTokenOf(signedIn)!
    expect((await readSession(signedIn)).body.user.email).toBe("dev@example.test")
    const usersBefore = await rows.count("users")
    const sessionsBefore = await rows.count("sessions")

    expect(await takeDatabaseDown(database.name)).toBeGreaterThan(0)
    try {
      // GET /session: no session, logged as SessionTokenError caused by an AdapterError; the cookie is kept for later.
      app.logger.errors.length = 0
      await expectNoSessionCookieKept(signedIn, token)
      expect(loggedTypes(app)).toEqual(["SessionTokenError"])
      expect(driverError(app.logger.errors[0])?.message).toMatch(/not currently accepting connections|terminat/)

      // POST /session: no session either, and no 500.
      const update = await updateSession(signedIn, { name: "x" })
      expect(update.response.status).toBeLessThan(500)
      expect(update.body).toBeNull()

      // An OAuth sign-in: the error page, nothing stored.
      app.logger.errors.length = 0
      const newcomer = browserFor({ [appOrigin]: app })
      const { response } = await signInThroughIdp(newcomer, "dev-oidc", { username: "dev-user-2" })
      await expectErrorPageRedirect(response)
      expect(sessionTokenOf(newcomer)).toBeUndefined()
      expect(loggedTypes(app)).toEqual(["AdapterError"])
      expect(driverError(app.logger.errors[0])?.message).toMatch(/not currently accepting connections/)
      await expectCleanErrorPage(newcomer)

      // A credentials sign-in: the error page too.
      const credentialsBrowser = browserFor({ [appOrigin]: app })
      await expectErrorPageRedirect(await signInWithCredentials(credentialsBrowser, { username: "down", password: "right" }))
      expect(sessionTokenOf(credentialsBrowser)).toBeUndefined()

      // Wrong credentials are still just wrong credentials (authorize runs before the database).
      const wrong = await signInWithCredentials(browserFor({ [appOrigin]: app }), { username: "down", password: "wrong" })
      expect(wrong.headers.get("location")).toBe(`${base}/signin?error=CredentialsSignin&code=credentials`)
    } finally {
      await bringDatabaseBack(database.name)
    }

    expect(await rows.count("users")).toBe(usersBefore)
    expect(await rows.count("sessions")).toBe(sessionsBefore)

    // Back, same app and pool: the old session reads again, sign-ins work.
    expect((await readSession(signedIn)).body.user.email).toBe("dev@example.test")
    const newcomer = browserFor({ [appOrigin]: app })
    const { response } = await signInThroughIdp(newcomer, "dev-oidc", { username: "dev-user-2" })
    expect(response.headers.get("location")).toBe(landing)
    expect((await readSession(newcomer)).body.user.email).toBe("second@example.test")
    const credentialsBrowser = browserFor({ [appOrigin]: app })
    await signInWithCredentials(credentialsBrowser, { username: "back", password: "right" })
    expect((await readSession(credentialsBrowser)).body.user.email).toBe("back@example.test")
  })

  it("sign-out while the database is down still clears the cookies, logs SignOutError, and never answers 500", async () => {
    const app = databaseApp(PostgresAdapter(database.pool), idp().issuer)
    await rows.reset()
    const browser = browserFor({ [appOrigin]: app })
    await signInThroughIdp(browser, "dev-oidc")
    const token = sessionTokenOf(browser)!

    const response = await signOutWhileDatabaseDown(database.name, app, browser)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${appOrigin}/`)
    expect(sessionCookieHeaders(response).every((h) => /max-age=0/i.test(h))).toBe(true)
    expect(sessionTokenOf(browser)).toBeUndefined()
    expect(loggedTypes(app)).toEqual(["SignOutError"])
    expect(app.events.of("signOut")).toEqual([])
    // The row could not be deleted: it is still there and still expires on its own schedule.
    expect(await rows.sessionRow(token)).not.toBeNull()

    // Back: the user, signed in elsewhere, lists their sessions. The one signed out is not a device
    // any more: its row is deleted then, not listed.
    const elsewhere = browserFor({ [appOrigin]: app })
    await signInThroughIdp(elsewhere, "dev-oidc")
    const listed = await listSessions(elsewhere)
    expect(listed.map((session) => session.current)).toEqual([true])
    expect(await rows.sessionRow(token)).toBeNull()
    expect(await rows.sessionRow(sessionTokenOf(elsewhere)!)).not.toBeNull()
  })

  it("jwt strategy: sign-out while the database is down clears the cookie; the recorded row left behind is deleted at the next listing, never shown", async () => {
    const app = databaseApp(PostgresAdapter(database.pool), idp().issuer, { session: { strategy: "jwt" } })
    await rows.reset()
    const browser = browserFor({ [appOrigin]: app })
    await signInThroughIdp(browser, "dev-oidc")
    expect(await rows.count("sessions")).toBe(1)
    const copy = sessionTokenOf(browser)!

    const response = await signOutWhileDatabaseDown(database.name, app, browser)
    expect(response.status).toBe(302)
    expect(sessionCookieHeaders(response).every((h) => /max-age=0/i.test(h))).toBe(true)
    expect(sessionTokenOf(browser)).toBeUndefined()
    expect(loggedTypes(app)).toEqual(["SignOutError"])
    expect(await rows.count("sessions")).toBe(1)
    // This instance refuses a kept copy of the cookie at once, row or not.
    const kept = browserFor({ [appOrigin]: app })
    kept.setCookie(appOrigin, sessionCookieName, copy)
    expect((await readSession(kept)).body).toBeNull()

    const elsewhere = browserFor({ [appOrigin]: app })
    await signInThroughIdp(elsewhere, "dev-oidc")
    expect(await rows.count("sessions")).toBe(2)
    expect((await listSessions(elsewhere)).map((session) => session.current)).toEqual([true])
    expect(await rows.count("sessions")).toBe(1)
  })

  it("jwt strategy: a token minted for an unverified user reads as its session while the database is down (checked once per revocation interval, issue 35 hole 8), keeps its cookie, and is checked again once the database is back", async () => {
    const unverifiedIdp = await startDevIdentityProvider({
      clients: [basicClient],
      users: [{ sub: "typed-only", name: "Typed", email: "typed@example.test", email_verified: false }],
    })
    try {
      const adapter = PostgresAdapter(database.pool)
      const app = databaseApp(adapter, unverifiedIdp.issuer, {
        session: { strategy: "jwt", revocationCheckInterval: 0 },
        providers: [oidcProvider(unverifiedIdp.issuer)],
      })
      const browser = browserFor({ [appOrigin]: app })
      await signInThroughIdp(browser, "dev-oidc", { username: "typed-only" })
      const token = sessionTokenOf(browser)!
      expect((await readSession(browser)).body.user.email).toBe("typed@example.test")

      await takeDatabaseDown(database.name)
      try {
        app.logger.errors.length = 0
        // Interval 0: every read asks, and the database does not answer: the session is served, the cookie kept, the failure logged.
        const read = await readSession(browser)
        expect(read.body.user.email).toBe("typed@example.test")
        expect(sessionTokenOf(browser)).toBe(token)
        expect(loggedTypes(app)).toContain("SessionTokenError")
      } finally {
        await bringDatabaseBack(database.name)
      }
      expect((await readSession(browser)).body.user.email).toBe("typed@example.test")
      // Once the address's owner proves it, the adapter answers "verified" and the token is nobody's: the check still runs.
      const user = (await adapter.getUserByEmail!("typed@example.test"))!
      await adapter.updateUser!({ id: user.id, emailVerified: new Date() })
      expect((await readSession(browser)).body).toBeNull()
    } finally {
      await unverifiedIdp.close()
    }
  })
})

describe("PostgreSQL never reachable (a pool pointed at a closed port)", () => {
  it("GET /session is null and sign-ins end on the error page", async () => {
    const pool = new pg.Pool({ host: "127.0.0.1", port: 1, user: "postgres", database: "none", connectionTimeoutMillis: 2000 })
    try {
      const app = databaseApp(PostgresAdapter(pool), idp().issuer, { providers: [oidcProvider(idp().issuer), credentials()] })
      const browser = browserFor({ [appOrigin]: app })
      browser.setCookie(appOrigin, "authjs.session-token", crypto.randomUUID())
      const read = await readSession(browser)
      expect(read.response.status).toBe(200)
      expect(read.body).toBeNull()
      expect(loggedTypes(app)).toEqual(["SessionTokenError"])
      expect(String(driverError(app.logger.errors[0]))).toMatch(/ECONNREFUSED/)

      const { response } = await signInThroughIdp(browserFor({ [appOrigin]: app }), "dev-oidc")
      await expectErrorPageRedirect(response)
      await expectErrorPageRedirect(await signInWithCredentials(browserFor({ [appOrigin]: app }), { username: "x", password: "right" }))
    } finally {
      await pool.end()
    }
  })
})

describe.each(sessionDatabases)("$label failing in the middle of a sign-in", (kind) => {
  const database = useSessionDatabase(kind)
  let db: SessionDatabase
  beforeEach(() => {
    db = database()
  })

  it("linking the new user's account fails: error page, and the user just created is not left behind", async () => {
    const app = databaseApp(db.adapter, idp().issuer)
    await db.failInserts("accounts")
    try {
      const { response } = await signInThroughIdp(browserFor({ [appOrigin]: app }), "dev-oidc")
      await expectErrorPageRedirect(response)
      expect(loggedTypes(app)).toEqual(["AdapterError"])
    } finally {
      await db.stopFailingInserts("accounts")
    }
    expect(await db.count("users")).toBe(0)
    expect(await db.count("accounts")).toBe(0)
    expect(await db.count("sessions")).toBe(0)

    // A half-made user would now block this sign-in (same e-mail, no account): it works.
    const browser = browserFor({ [appOrigin]: app })
    const { response } = await signInThroughIdp(browser, "dev-oidc")
    expect(response.headers.get("location")).toBe(landing)
    expect((await readSession(browser)).body.user.email).toBe("dev@example.test")
    expect(app.events.of("signIn").map((m) => m.isNewUser)).toEqual([true])
  })

  it("creating the new user's session fails: error page, no user, account or session left", async () => {
    const app = databaseApp(db.adapter, idp().issuer)
    await db.failInserts("sessions")
    try {
      const browser = browserFor({ [appOrigin]: app })
      const { response } = await signInThroughIdp(browser, "dev-oidc")
      await expectErrorPageRedirect(response)
      expect(sessionTokenOf(browser)).toBeUndefined()
    } finally {
      await db.stopFailingInserts("sessions")
    }
    expect(await db.count("users")).toBe(0)
    expect(await db.count("accounts")).toBe(0)
    expect(await db.count("sessions")).toBe(0)
  })

  it("credentials: creating the session fails for a new user: error page, no user left", async () => {
    const app = databaseApp(db.adapter, idp().issuer, { providers: [credentials()] })
    await db.failInserts("sessions")
    try {
      await expectErrorPageRedirect(await signInWithCredentials(browserFor({ [appOrigin]: app }), { username: "mid", password: "right" }))
    } finally {
      await db.stopFailingInserts("sessions")
    }
    expect(await db.count("users")).toBe(0)
    expect(await db.count("accounts")).toBe(0)
    const browser = browserFor({ [appOrigin]: app })
    await signInWithCredentials(browser, { username: "mid", password: "right" })
    expect((await readSession(browser)).body.user.email).toBe("mid@example.test")
  })
})
