/**
 * Database sessions end to end, on a real SQLite file and a real PostgreSQL database: OAuth
 * sign-in through the dev IdP (oidc-provider on loopback), credentials, the session row's life
 * (updateAge, expiry, update, sign-out), the jwt strategy with an adapter, and account linking.
 * The same suite runs on both databases; what was stored is checked with plain SQL.
 */
import { beforeEach, describe, expect, it } from "vitest"
import { decode } from "../../packages/core/src/jwt.js"
import Credentials from "../../packages/core/src/providers/credentials.js"
import { FetchBrowser } from "../../packages/dev-idp/src/fetch-browser.js"
import { appOrigin, base, browserFor, landing, loggedTypes, oidcProvider, secret, signInThroughIdp, useDevIdp } from "./oauth-app.js"
import {
  databaseApp,
  forgetIdpSession,
  readSession,
  sessionCookieHeaders,
  sessionCookieName,
  sessionTokenOf,
  signInWithCredentials,
  signOut,
  updateSession,
} from "./support/database-session-app.js"
import { sessionDatabases, type SessionDatabase, useSessionDatabase } from "./support/session-databases.js"

const day = 86_400_000
const maxAgeMs = 30 * day
const opaqueToken = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const idp = useDevIdp()

/** The `Expires` of the session cookie a response sets (second precision, as cookies have). */
function cookieExpiry(response: Response): number {
  const header = sessionCookieHeaders(response).find((h) => !/max-age=0/i.test(h))
  if (!header) throw new Error("the response sets no session cookie")
  return Date.parse(/Expires=([^;]+)/i.exec(header)![1]!)
}

const secondProvider = () => oidcProvider(idp().issuer, { id: "dev-oidc-b", name: "Dev IdP B" })

describe.each(sessionDatabases)("database sessions on $label", (kind) => {
  const database = useSessionDatabase(kind)
  let db: SessionDatabase
  beforeEach(() => {
    db = database()
  })

  /** A fresh app on this database, a browser signed in to it through the IdP, and its session token. */
  async function signedInThroughIdp() {
    const app = databaseApp(db.adapter, idp().issuer)
    const browser = browserFor({ [appOrigin]: app })
    await signInThroughIdp(browser, "dev-oidc")
    return { app, browser, token: sessionTokenOf(browser)! }
  }

  describe("OIDC sign-in", () => {
    it("creates the user, the account and a session row; the cookie holds only an opaque token", async () => {
      const app = databaseApp(db.adapter, idp().issuer)
      const browser = browserFor({ [appOrigin]: app })
      const before = Date.now()
      const { response } = await signInThroughIdp(browser, "dev-oidc")

      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(landing)
      expect(loggedTypes(app)).toEqual([])
      const token = sessionTokenOf(browser)!
      expect(token).toMatch(opaqueToken) // crypto.randomUUID(), not a JWE
      expect(token.split(".")).toHaveLength(1)

      expect(await db.count("users")).toBe(1)
      expect(await db.count("accounts")).toBe(1)
      expect(await db.count("sessions")).toBe(1)
      const row = (await db.sessionRow(token))!
      expect(row.expires.valueOf()).toBeGreaterThanOrEqual(before + maxAgeMs - 1000)
      expect(row.expires.valueOf()).toBeLessThanOrEqual(Date.now() + maxAgeMs)
      // The cookie lives exactly as long as the row.
      expect(cookieExpiry(response)).toBe(Math.floor(row.expires.valueOf() / 1000) * 1000)

      const [created] = app.events.of("createUser")
      // The IdP says email_verified: true, so the user is stored verified (Auth.js stores null).
      expect(created.user).toMatchObject({ id: row.userId, email: "dev@example.test", name: "Dev User" })
      expect(created.user.emailVerified).toBeInstanceOf(Date)
      const [linked] = app.events.of("linkAccount")
      expect(linked.account).toMatchObject({ provider: "dev-oidc", providerAccountId: "dev-user-1", type: "oidc", userId: row.userId })
      expect(linked.user.id).toBe(row.userId)
      const [signIn] = app.events.of("signIn")
      expect(signIn.isNewUser).toBe(true)
      expect(signIn.user.id).toBe(row.userId)
      expect(app.events.calls.map((c) => c.name)).toEqual(["createUser", "linkAccount", "signIn"])
      expect(app.jwtCalls).toEqual([])
      expect(await db.accountOwners("dev-oidc")).toEqual([row.userId])

      const { body } = await readSession(browser)
      expect(body).toEqual({ user: { id: row.userId, name: "Dev User", email: "dev@example.test" }, expires: row.expires.toISOString() })
      const sessionCall = app.sessionCalls.at(-1)
      expect(sessionCall.user).toMatchObject({ id: row.userId, email: "dev@example.test" })
      expect(sessionCall.session.sessionToken).toBe(token)
      expect(sessionCall.trigger).toBeUndefined()
      expect(app.events.of("session")).toHaveLength(1)
    })

    it("signing in again keeps the user but issues a new token and deletes the old row (no fixation)", async () => {
      const app = databaseApp(db.adapter, idp().issuer)
      const browser = browserFor({ [appOrigin]: app })
      await signInThroughIdp(browser, "dev-oidc")
      const first = sessionTokenOf(browser)!
      const firstRow = (await db.sessionRow(first))!

      const { response } = await signInThroughIdp(browser, "dev-oidc")
      expect(response.headers.get("location")).toBe(landing)
      const second = sessionTokenOf(browser)!
      expect(second).toMatch(opaqueToken)
      expect(second).not.toBe(first)
      expect(await db.sessionRow(first)).toBeNull()
      expect((await db.sessionRow(second))!.userId).toBe(firstRow.userId)
      expect(await db.count("users")).toBe(1)
      expect(await db.count("accounts")).toBe(1)
      expect(await db.count("sessions")).toBe(1)
      expect(app.events.of("signIn").map((m) => m.isNewUser)).toEqual([true, false])
      expect(app.events.of("createUser")).toHaveLength(1)
      expect(app.events.of("linkAccount")).toHaveLength(1)

      // Whoever kept a copy of the first token has nothing.
      const other = browserFor({ [appOrigin]: app })
      other.setCookie(appOrigin, sessionCookieName, first)
      expect((await readSession(other)).body).toBeNull()
      expect((await readSession(browser)).body.user.id).toBe(firstRow.userId)
    })

    it("a token planted in the browser before sign-in is never the session", async () => {
      const app = databaseApp(db.adapter, idp().issuer)
      const browser = browserFor({ [appOrigin]: app })
      const planted = crypto.randomUUID()
      browser.setCookie(appOrigin, sessionCookieName, planted)
      await signInThroughIdp(browser, "dev-oidc")
      expect(sessionTokenOf(browser)).not.toBe(planted)
      expect(await db.sessionRow(planted)).toBeNull()
      expect(await db.count("sessions")).toBe(1)
    })
  })

  describe("the session row's expiry (maxAge 30 days)", () => {
    it("a read within updateAge writes nothing: the row keeps its expiry and no cookie is set", async () => {
      const { browser, token } = await signedInThroughIdp()
      const before = (await db.sessionRow(token))!.expires

      for (let i = 0; i < 3; i++) {
        const { response, body } = await readSession(browser)
        expect(body.user.email).toBe("dev@example.test")
        expect(body.expires).toBe(before.toISOString())
        expect(sessionCookieHeaders(response)).toEqual([])
      }
      expect((await db.sessionRow(token))!.expires.valueOf()).toBe(before.valueOf())
    })

    it("a session last extended just under updateAge ago is not written either", async () => {
      const { browser, token } = await signedInThroughIdp()
      const aged = new Date(Date.now() + maxAgeMs - day + 60_000)
      await db.setSessionExpires(token, aged)

      const { response } = await readSession(browser)
      expect(sessionCookieHeaders(response)).toEqual([])
      expect((await db.sessionRow(token))!.expires.valueOf()).toBe(aged.valueOf())
    })

    it("a read after updateAge extends the row to now + maxAge and re-sets the cookie to match", async () => {
      const { browser, token } = await signedInThroughIdp()
      const aged = new Date(Date.now() + maxAgeMs - day - 60_000) // last extended a day and a minute ago
      await db.setSessionExpires(token, aged)

      const before = Date.now()
      const { response, body } = await readSession(browser)
      const row = (await db.sessionRow(token))!
      expect(row.expires.valueOf()).toBeGreaterThanOrEqual(before + maxAgeMs)
      expect(row.expires.valueOf()).toBeLessThanOrEqual(Date.now() + maxAgeMs)
      expect(cookieExpiry(response)).toBe(Math.floor(row.expires.valueOf() / 1000) * 1000)
      expect(sessionTokenOf(browser)).toBe(token) // extended, not replaced
      expect(body.expires).toBe(row.expires.toISOString())

      // Just extended: the next read writes nothing.
      const next = await readSession(browser)
      expect(sessionCookieHeaders(next.response)).toEqual([])
      expect((await db.sessionRow(token))!.expires.valueOf()).toBe(row.expires.valueOf())
    })

    it("updateAge 0 extends the row on every read", async () => {
      const app = databaseApp(db.adapter, idp().issuer, { session: { updateAge: 0 } })
      const browser = browserFor({ [appOrigin]: app })
      await signInThroughIdp(browser, "dev-oidc")
      const token = sessionTokenOf(browser)!
      let previous = (await db.sessionRow(token))!.expires.valueOf()

      for (let i = 0; i < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 15))
        const { response } = await readSession(browser)
        const expires = (await db.sessionRow(token))!.expires.valueOf()
        expect(expires).toBeGreaterThan(previous)
        expect(sessionCookieHeaders(response)).toHaveLength(1)
        previous = expires
      }
    })

    it("an expired row reads as no session, is deleted, and the cookie is cleared", async () => {
      const { app, browser, token } = await signedInThroughIdp()
      await db.setSessionExpires(token, new Date(Date.now() - 1000))

      const { response, body } = await readSession(browser)
      expect(body).toBeNull()
      expect(sessionCookieHeaders(response)).toEqual([expect.stringMatching(new RegExp(`^${sessionCookieName}=;.*Max-Age=0`, "i"))])
      expect(sessionTokenOf(browser)).toBeUndefined()
      expect(await db.sessionRow(token)).toBeNull()
      expect(await db.count("users")).toBe(1) // only the session ends
      expect(app.sessionCalls).toEqual([])
    })

    it("a maxAge of its own sets the row's lifetime", async () => {
      const app = databaseApp(db.adapter, idp().issuer, { session: { maxAge: 3600 } })
      const browser = browserFor({ [appOrigin]: app })
      const before = Date.now()
      await signInThroughIdp(browser, "dev-oidc")
      const row = (await db.sessionRow(sessionTokenOf(browser)!))!
      expect(row.expires.valueOf()).toBeGreaterThanOrEqual(before + 3600_000 - 1000)
      expect(row.expires.valueOf()).toBeLessThanOrEqual(Date.now() + 3600_000)
    })
  })

  describe("POST /session", () => {
    it("with a CSRF token: the session callback gets trigger update and newSession; the row is extended", async () => {
      const { app, browser, token } = await signedInThroughIdp()
      const before = (await db.sessionRow(token))!.expires.valueOf()
      await new Promise((resolve) => setTimeout(resolve, 15))

      const { response, body } = await updateSession(browser, { name: "Renamed" })
      expect(response.status).toBe(200)
      expect(body.user.email).toBe("dev@example.test")
      const call = app.sessionCalls.at(-1)
      expect(call.trigger).toBe("update")
      expect(call.newSession).toEqual({ name: "Renamed" })
      expect(call.user.email).toBe("dev@example.test")
      expect((await db.sessionRow(token))!.expires.valueOf()).toBeGreaterThan(before)
    })

    it("without a CSRF token: no update", async () => {
      const app = databaseApp(db.adapter, idp().issuer)
      const browser = browserFor({ [appOrigin]: app })
      await signInThroughIdp(browser, "dev-oidc")
      const response = await browser.request(`${base}/session`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ data: { name: "Forged" } }),
      })
      expect(response.status).toBe(400)
      expect(app.sessionCalls.some((call) => call.trigger === "update")).toBe(false)
      expect(loggedTypes(app)).toEqual(["MissingCSRF"])
    })
  })

  describe("sign-out", () => {
    it("deletes the row, hands the session to the signOut event and clears every cookie chunk", async () => {
      const { app, browser, token } = await signedInThroughIdp()
      const row = (await db.sessionRow(token))!
      // Left over from an earlier, larger (JWT) session: must go too.
      browser.setCookie(appOrigin, `${sessionCookieName}.0`, "stale-chunk-0")
      browser.setCookie(appOrigin, `${sessionCookieName}.1`, "stale-chunk-1")

      const response = await signOut(browser)
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(`${appOrigin}/`)
      expect(await db.sessionRow(token)).toBeNull()
      expect(await db.count("sessions")).toBe(0)
      expect(await db.count("users")).toBe(1)

      const [event] = app.events.of("signOut")
      expect(event.session).toMatchObject({ sessionToken: token, userId: row.userId })
      expect(new Date(event.session.expires).valueOf()).toBe(row.expires.valueOf())

      const cleared = sessionCookieHeaders(response)
        .filter((h) => /max-age=0/i.test(h))
        .map((h) => h.slice(0, h.indexOf("=")))
      expect(cleared.sort()).toEqual([sessionCookieName, `${sessionCookieName}.0`, `${sessionCookieName}.1`])
      expect([...browser.cookiesFor(appOrigin).keys()].filter((n) => n.startsWith(sessionCookieName))).toEqual([])
      expect((await readSession(browser)).body).toBeNull()
    })

    it("a cookie for a deleted session reads as null and is cleared", async () => {
      const { app, browser, token } = await signedInThroughIdp()
      await signOut(browser)

      const replay = browserFor({ [appOrigin]: app })
      replay.setCookie(appOrigin, sessionCookieName, token)
      const { response, body } = await readSession(replay)
      expect(body).toBeNull()
      expect(sessionCookieHeaders(response).some((h) => /max-age=0/i.test(h))).toBe(true)
      expect(app.sessionCalls).toHaveLength(0)
    })
  })

  describe("jwt strategy with an adapter", () => {
    it("keeps users and accounts in the database and the session in a JWE cookie whose sub is the database id", async () => {
      const app = databaseApp(db.adapter, idp().issuer, { session: { strategy: "jwt" } })
      const browser = browserFor({ [appOrigin]: app })
      await signInThroughIdp(browser, "dev-oidc")

      expect(await db.count("users")).toBe(1)
      expect(await db.count("accounts")).toBe(1)
      // The adapter manages sessions: the JWT session is recorded (keyed by its `gatehouse.sid`) so it can be revoked.
      expect(await db.count("sessions")).toBe(1)
      const [userId] = await db.accountOwners("dev-oidc")
      const cookie = sessionTokenOf(browser)!
      expect(cookie.split(".")).toHaveLength(5)
      const token = await decode({ token: cookie, secret, salt: sessionCookieName })
      expect(token!.sub).toBe(userId)
      expect(typeof token!.sub).toBe("string")
      expect(token).toMatchObject({ email: "dev@example.test", name: "Dev User" })

      const first = app.jwtCalls.find((call) => call.account)
      expect(first.trigger).toBe("signUp")
      expect(first.isNewUser).toBe(true)
      expect(first.user.id).toBe(userId)
      expect(app.events.of("createUser")).toHaveLength(1)
      expect(app.events.of("signIn")[0].isNewUser).toBe(true)

      const { body } = await readSession(browser)
      expect(body.user.email).toBe("dev@example.test")

      // Signed in again: the same database user, trigger signIn.
      await signInThroughIdp(browser, "dev-oidc")
      expect(app.jwtCalls.filter((call) => call.account).map((call) => call.trigger)).toEqual(["signUp", "signIn"])
      expect(await db.count("users")).toBe(1)
      const again = await decode({ token: sessionTokenOf(browser)!, secret, salt: sessionCookieName })
      expect(again!.sub).toBe(userId)
      // The new sign-in replaced the browser's recorded session rather than adding one.
      expect(await db.count("sessions")).toBe(1)
      expect(await db.sessionRow(again!["gatehouse.sid"] as string)).toMatchObject({ userId })
      expect(await db.sessionRow(token!["gatehouse.sid"] as string)).toBeNull()
    })
  })

  describe("credentials with database sessions", () => {
    const credentials = (authorize?: (c: Record<string, unknown>) => unknown) =>
      Credentials({
        credentials: { username: {}, password: {} },
        authorize:
          authorize ??
          ((c) =>
            c.username === "cred" && c.password === "right" ? { id: "app-7", name: "Cred User", email: "cred@example.test" } : null),
      } as any)

    it("authorize's user is created in the database and gets a session row; signing in again reuses them", async () => {
      const app = databaseApp(db.adapter, idp().issuer, { providers: [credentials()] })
      const browser = browserFor({ [appOrigin]: app })
      const response = await signInWithCredentials(browser, { username: "cred", password: "right" })
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(landing)
      expect(loggedTypes(app)).toEqual([])

      const token = sessionTokenOf(browser)!
      expect(token).toMatch(opaqueToken)
      const row = (await db.sessionRow(token))!
      expect(await db.count("users")).toBe(1)
      expect(app.events.of("createUser")[0].user).toMatchObject({ id: row.userId, email: "cred@example.test", name: "Cred User" })
      expect(app.events.of("signIn")[0].user.id).toBe(row.userId)
      expect(app.jwtCalls).toEqual([])
      expect((await readSession(browser)).body.user).toEqual({ id: row.userId, name: "Cred User", email: "cred@example.test" })

      await signInWithCredentials(browser, { username: "cred", password: "right" })
      const second = sessionTokenOf(browser)!
      expect(second).not.toBe(token)
      expect(await db.sessionRow(token)).toBeNull()
      expect((await db.sessionRow(second))!.userId).toBe(row.userId)
      expect(await db.count("users")).toBe(1)
      expect(await db.count("sessions")).toBe(1)
      expect(app.events.of("createUser")).toHaveLength(1)
    })

    it("two first sign-ins of the same person at the same moment both succeed, as one user", async () => {
      const app = databaseApp(db.adapter, idp().issuer, { providers: [credentials()] })
      const browsers = Array.from({ length: 4 }, () => browserFor({ [appOrigin]: app }))
      const responses = await Promise.all(browsers.map((b) => signInWithCredentials(b, { username: "cred", password: "right" })))
      expect(responses.map((r) => r.headers.get("location"))).toEqual(browsers.map(() => landing))
      expect(await db.count("users")).toBe(1)
      expect(await db.count("sessions")).toBe(4)
      const userIds = await Promise.all(browsers.map(async (b) => (await db.sessionRow(sessionTokenOf(b)!))!.userId))
      expect(new Set(userIds).size).toBe(1)
    })

    it("with authorizeReturnsAdapterUserId, a user authorize finds by the database's own id signs in as that user", async () => {
      const existing = await db.adapter.createUser!({ id: "", name: "Known", email: "known@example.test", emailVerified: null })
      const app = databaseApp(db.adapter, idp().issuer, {
        providers: [
          Credentials({
            credentials: { username: {}, password: {} },
            authorize: async (c: Record<string, unknown>) =>
              c.password === "right" ? await db.adapter.getUserByEmail!(String(c.username)) : null,
            authorizeReturnsAdapterUserId: true,
          } as any),
        ],
      })
      const browser = browserFor({ [appOrigin]: app })
      await signInWithCredentials(browser, { username: "known@example.test", password: "right" })
      expect((await db.sessionRow(sessionTokenOf(browser)!))!.userId).toBe(String(existing.id))
      expect(await db.count("users")).toBe(1)
      expect(app.events.of("createUser")).toEqual([])
    })

    it("users without an e-mail address (and ids the database does not use) are found again at the next sign-in", async () => {
      const app = databaseApp(db.adapter, idp().issuer, {
        providers: [credentials((c) => (c.password === "right" ? { id: `app-${String(c.username)}`, name: String(c.username) } : null))],
      })
      const owners = new Map<string, string>()
      for (const name of ["ann", "bob", "ann", "bob"]) {
        const browser = browserFor({ [appOrigin]: app })
        const response = await signInWithCredentials(browser, { username: name, password: "right" })
        expect(response.headers.get("location")).toBe(landing)
        const { body } = await readSession(browser)
        expect(body.user.name).toBe(name)
        if (owners.has(name)) expect(body.user.id).toBe(owners.get(name))
        owners.set(name, body.user.id)
      }
      expect(new Set(owners.values()).size).toBe(2)
      expect(await db.count("users")).toBe(2)
      expect(app.events.of("createUser")).toHaveLength(2)
      expect(loggedTypes(app)).toEqual([])
    })

    it("wrong credentials: CredentialsSignin, no user and no session row", async () => {
      const app = databaseApp(db.adapter, idp().issuer, { providers: [credentials()] })
      const browser = browserFor({ [appOrigin]: app })
      const response = await signInWithCredentials(browser, { username: "cred", password: "wrong" })
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(`${base}/signin?error=CredentialsSignin&code=credentials`)
      expect(sessionTokenOf(browser)).toBeUndefined()
      expect(await db.count("users")).toBe(0)
      expect(await db.count("sessions")).toBe(0)
      expect(loggedTypes(app)).toEqual(["CredentialsSignin"])
    })
  })

  describe("account linking", () => {
    it("the same e-mail from another provider is refused (OAuthAccountNotLinked), no new user, no session", async () => {
      const app = databaseApp(db.adapter, idp().issuer, { providers: [oidcProvider(idp().issuer), secondProvider()] })
      await signInThroughIdp(browserFor({ [appOrigin]: app }), "dev-oidc")

      const stranger = browserFor({ [appOrigin]: app })
      const { response } = await signInThroughIdp(stranger, "dev-oidc-b")
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(`${base}/signin?error=OAuthAccountNotLinked`)
      expect(sessionTokenOf(stranger)).toBeUndefined()
      expect(await db.count("users")).toBe(1)
      expect(await db.accountOwners("dev-oidc-b")).toEqual([])
      expect(await db.count("sessions")).toBe(1)
    })

    it("allowDangerousEmailAccountLinking links onto an existing user whose e-mail is verified", async () => {
      const existing = await db.adapter.createUser!({ id: "", name: "Owner", email: "dev@example.test", emailVerified: new Date() })
      const app = databaseApp(db.adapter, idp().issuer, {
        providers: [oidcProvider(idp().issuer, { allowDangerousEmailAccountLinking: true })],
      })
      const browser = browserFor({ [appOrigin]: app })
      const { response } = await signInThroughIdp(browser, "dev-oidc")
      expect(response.headers.get("location")).toBe(landing)
      expect(await db.accountOwners("dev-oidc")).toEqual([String(existing.id)])
      expect(await db.count("users")).toBe(1)
      expect((await db.sessionRow(sessionTokenOf(browser)!))!.userId).toBe(String(existing.id))
      expect(app.events.of("signIn")[0].isNewUser).toBe(false)
      expect(app.events.of("linkAccount")).toHaveLength(1)
    })

    it("allowDangerousEmailAccountLinking never links onto an unverified user (pre-account hijacking)", async () => {
      // An attacker registered the victim's address first, without proving they own it.
      const squatter = await db.adapter.createUser!({ id: "", name: "Squatter", email: "dev@example.test", emailVerified: null })
      const app = databaseApp(db.adapter, idp().issuer, {
        providers: [oidcProvider(idp().issuer, { allowDangerousEmailAccountLinking: true })],
      })
      const victim = browserFor({ [appOrigin]: app })
      const { response } = await signInThroughIdp(victim, "dev-oidc")
      expect(response.headers.get("location")).toBe(`${base}/signin?error=OAuthAccountNotLinked`)
      expect(await db.accountOwners("dev-oidc")).toEqual([])
      expect(await db.count("sessions")).toBe(0)
      expect(await db.count("users")).toBe(1)
      expect((await db.adapter.getUser!(String(squatter.id)))!.name).toBe("Squatter")
    })

    it("a signed-in user who signs in with another provider gets that account linked to them", async () => {
      const app = databaseApp(db.adapter, idp().issuer, { providers: [oidcProvider(idp().issuer), secondProvider()] })
      const browser = browserFor({ [appOrigin]: app })
      await signInThroughIdp(browser, "dev-oidc")
      const first = sessionTokenOf(browser)!
      const [userId] = await db.accountOwners("dev-oidc")

      // Another identity at the second provider (a different e-mail address), same browser.
      forgetIdpSession(browser, idp().issuer)
      const { response } = await signInThroughIdp(browser, "dev-oidc-b", { username: "dev-user-2" })
      expect(response.headers.get("location")).toBe(landing)
      expect(await db.accountOwners("dev-oidc-b")).toEqual([userId])
      expect(await db.count("users")).toBe(1)
      const [, linked] = app.events.of("linkAccount")
      expect(linked.account).toMatchObject({ provider: "dev-oidc-b", providerAccountId: "dev-user-2", userId })
      expect(app.events.of("signIn")[1].isNewUser).toBe(false)
      // Still a new session token for the new sign-in.
      expect(await db.sessionRow(first)).toBeNull()
      expect((await db.sessionRow(sessionTokenOf(browser)!))!.userId).toBe(userId)

      // The linked account now signs that same user in from a fresh browser.
      const elsewhere = new FetchBrowser({ handlers: { [appOrigin]: app.handler } })
      await signInThroughIdp(elsewhere, "dev-oidc-b", { username: "dev-user-2" })
      expect((await readSession(elsewhere)).body.user.id).toBe(userId)
    })

    it("an account already linked to someone else is refused for a signed-in user", async () => {
      const app = databaseApp(db.adapter, idp().issuer, { providers: [oidcProvider(idp().issuer), secondProvider()] })
      const owner = browserFor({ [appOrigin]: app })
      await signInThroughIdp(owner, "dev-oidc-b", { username: "dev-user-2" })
      const intruder = browserFor({ [appOrigin]: app })
      await signInThroughIdp(intruder, "dev-oidc")
      const intruderToken = sessionTokenOf(intruder)!

      forgetIdpSession(intruder, idp().issuer)
      const { response } = await signInThroughIdp(intruder, "dev-oidc-b", { username: "dev-user-2" })
      expect(response.headers.get("location")).toBe(`${base}/signin?error=OAuthAccountNotLinked`)
      expect(await db.count("users")).toBe(2)
      expect(await db.accountOwners("dev-oidc-b")).toHaveLength(1)
      expect(await db.accountOwners("dev-oidc-b")).not.toContain((await db.sessionRow(intruderToken))!.userId)
    })
  })
})
