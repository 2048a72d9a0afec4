/**
 * Step-up answered with the second factor alone (issue 31): GET /reauthenticate sends a signed-in
 * user who has a second factor to the challenge, and the code refreshes the EXISTING session's
 * `auth_time`/`amr` in place — JWT sessions re-encoded with everything the app's jwt callback
 * stored, database sessions updated in their row — on a real SQLite file and a real PostgreSQL
 * database. Attacked: another user's code, a step-up cookie moved into another user's browser, a
 * replay on a second process, five wrong codes, no CSRF token.
 */
import { join } from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { Auth } from "../../packages/core/src/index.js"
import Credentials from "../../packages/core/src/providers/credentials.js"
import { SecondFactor, totpCodeAt } from "../../packages/core/src/second-factor/index.js"
import { requireRecentAuthentication } from "../../packages/core/src/server/require-recent-authentication.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { FetchBrowser } from "../../packages/dev-idp/src/fetch-browser.js"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import { type InstanceDatabase, instanceDatabases } from "./support/instance-databases.js"
import { startReadyInstance } from "./support/ready-instance.js"
import { post, session } from "./support/second-factor-requests.js"
import { secondFactorConfig, userNamed } from "./support/second-factor-app.mjs"

const origin = "http://app.test"
const base = `${origin}/auth`
const settings = `${origin}/settings/security`
const sessionCookie = "authjs.session-token"
const stepUpCookie = "authjs.step-up"

const freshName = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}`
const nextCode = (secret: string, steps = 1) => totpCodeAt(secret, Date.now() + steps * 30_000)

/** Enrols TOTP for the browser's signed-in user: their secret and backup codes. The session stays as it was signed in. */
async function enrolSignedIn(browser: FetchBrowser): Promise<{ secret: string; backupCodes: string[] }> {
  const { secret } = (await (await post(browser, `${base}/second-factor/totp/enroll`, {}, true)).json()) as { secret: string }
  const confirmed = await post(browser, `${base}/second-factor/totp/confirm`, { code: await totpCodeAt(secret) }, true)
  expect(confirmed.status).toBe(200)
  return { secret, backupCodes: ((await confirmed.json()) as { backupCodes: string[] }).backupCodes }
}

/** GET /reauthenticate as a page would be sent there: where it goes. */
async function reauthenticate(browser: FetchBrowser, at = base, callbackUrl = settings): Promise<string | null> {
  const url = new URL(`${at}/reauthenticate`)
  url.searchParams.set("callbackUrl", callbackUrl)
  return (await browser.request(url.href, { redirect: "manual" })).headers.get("location")
}

/** The step-up check a protected page makes: null when it lets the request through. */
async function guard(browser: FetchBrowser, config: AuthConfig, need: { maxAge?: number; secondFactor?: boolean }) {
  const request = new Request(settings, { headers: { cookie: browser.cookieHeader(origin), accept: "application/json" } })
  return requireRecentAuthentication(request, config, need)
}

describe.each(instanceDatabases)("step-up with the second factor alone on $label", (kind) => {
  let database: InstanceDatabase
  let config: AuthConfig
  let logger: ReturnType<typeof silentLogger>
  const signIns: unknown[] = []

  beforeAll(async () => {
    database = await kind.open()
  })
  afterAll(async () => {
    await database?.close()
  })

  describe("JWT sessions", () => {
    beforeEach(() => {
      logger = silentLogger()
      signIns.length = 0
      config = secondFactorConfig(database.adapter, Credentials, SecondFactor, {
        logger,
        events: { signIn: (message: unknown) => void signIns.push(message) },
        callbacks: {
          // What an app stores in its token at sign-in: it must survive the refresh.
          jwt: ({ token, user }: any) => (user ? { ...token, role: `editor-of-${user.id}` } : token),
          session: ({ session, token }: any) => ({ ...session, role: token.role }),
        },
      })
    })
    const browser = () => new FetchBrowser({ handlers: { [origin]: (request) => Auth(request, config) } })

    /** A user signed in with the password alone (TOTP enrolled afterwards): a session without `mfa`. */
    async function signedInWithoutSecondFactor(name: string) {
      const user = browser()
      await post(user, `${base}/callback/credentials`, { username: name, password: userNamed(name).password, callbackUrl: `${origin}/` })
      const factor = await enrolSignedIn(user)
      return { browser: user, ...factor }
    }

    it("refreshes the session in place: same user, same session id, the jwt callback's claims kept, amr + otp + mfa", async () => {
      const name = freshName("ada")
      const ada = await signedInWithoutSecondFactor(name)
      const before = await session(ada.browser)
      expect(before.authentication).toMatchObject({ methods: ["pwd"], mfa: false })
      expect(before.role).toBe(`editor-of-user-${name}`)
      expect((await guard(ada.browser, config, { secondFactor: true }))?.status).toBe(401)
      const sessionsBefore = await database.adapter.listOwnedSessions!(`app:credentials:user-${name}`)
      signIns.length = 0

      expect(await reauthenticate(ada.browser)).toBe(`${base}/second-factor`)
      expect(ada.browser.cookiesFor(origin).has(stepUpCookie)).toBe(true)
      const json = await ada.browser.request(`${base}/second-factor`, { headers: { accept: "application/json" } })
      // The challenge waiting, and the user's own methods still readable while it waits.
      expect(await json.json()).toMatchObject({ pending: true, mustEnrol: false, passkey: false, stepUp: true, totp: true })
      const page = await (await ada.browser.request(`${base}/second-factor`)).text()
      expect(page).toContain('autocomplete="one-time-code"')
      expect(page).toContain(`action="${base}/callback/second-factor"`)
      // A full sign-in stays on offer.
      expect(page).toContain(`href="${base}/signin?callbackUrl=${encodeURIComponent(settings)}"`)

      // No CSRF token: nothing happens.
      const forged = await ada.browser.request(`${base}/callback/second-factor`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ code: await nextCode(ada.secret) }),
      })
      expect(forged.headers.get("location") ?? "").not.toBe(settings)
      expect((await session(ada.browser)).authentication.mfa).toBe(false)

      const done = await post(ada.browser, `${base}/callback/second-factor`, { code: await nextCode(ada.secret) })
      expect(done.status).toBe(302)
      expect(done.headers.get("location")).toBe(settings)
      expect(ada.browser.cookiesFor(origin).has(stepUpCookie)).toBe(false)
      const after = await session(ada.browser)
      expect(after.user).toEqual(before.user)
      expect(after.role).toBe(`editor-of-user-${name}`)
      expect(after.authentication).toMatchObject({ methods: ["pwd", "otp", "mfa"], mfa: true })
      expect(Date.parse(after.authentication.time)).toBeGreaterThanOrEqual(Date.parse(before.authentication.time))
      expect(after.expires).toBe(before.expires)
      expect(await guard(ada.browser, config, { secondFactor: true, maxAge: 60 })).toBeNull()
      // The same recorded session, no new one; and no sign-in happened.
      expect(await database.adapter.listOwnedSessions!(`app:credentials:user-${name}`)).toEqual(sessionsBefore)
      expect(signIns).toEqual([])
    })

    it("accepts a backup code once, and offers only a full sign-in to a user without a second factor", async () => {
      const name = freshName("ada")
      const ada = await signedInWithoutSecondFactor(name)
      await reauthenticate(ada.browser)
      const used = await post(ada.browser, `${base}/callback/second-factor`, { code: ada.backupCodes[0]! })
      expect(used.headers.get("location")).toBe(settings)
      await reauthenticate(ada.browser)
      const again = await post(ada.browser, `${base}/callback/second-factor`, { code: ada.backupCodes[0]! })
      expect(again.headers.get("location")).toBe(`${base}/second-factor?error=SecondFactorFailed`)

      const plain = browser()
      const other = freshName("bob")
      await post(plain, `${base}/callback/credentials`, { username: other, password: userNamed(other).password })
      expect(await reauthenticate(plain)).toBe(`${base}/signin?callbackUrl=${encodeURIComponent(settings)}`)
    })

    it("a code of user A cannot upgrade B's session, nor can A's step-up cookie in B's browser", async () => {
      const [adaName, bobName] = [freshName("ada"), freshName("bob")]
      const ada = await signedInWithoutSecondFactor(adaName)
      const bob = await signedInWithoutSecondFactor(bobName)
      await reauthenticate(bob.browser)
      const withAdasCode = await post(bob.browser, `${base}/callback/second-factor`, { code: await nextCode(ada.secret) })
      expect(withAdasCode.headers.get("location")).toBe(`${base}/second-factor?error=SecondFactorFailed`)
      expect((await session(bob.browser)).authentication.mfa).toBe(false)

      // Ada's step-up, moved into Bob's browser (beside Bob's session), with Ada's right code.
      await reauthenticate(ada.browser)
      bob.browser.setCookie(origin, stepUpCookie, ada.browser.cookiesFor(origin).get(stepUpCookie)!)
      const moved = await post(bob.browser, `${base}/callback/second-factor`, { code: await nextCode(ada.secret) })
      expect(moved.headers.get("location")).not.toBe(settings)
      const bobs = await session(bob.browser)
      expect(bobs.user.email).toBe(userNamed(bobName).email)
      expect(bobs.authentication.mfa).toBe(false)
      // Ada's code was not spent there: it still answers Ada's own step-up.
      const own = await post(ada.browser, `${base}/callback/second-factor`, { code: await nextCode(ada.secret) })
      expect(own.headers.get("location")).toBe(settings)
      expect((await session(ada.browser)).authentication.mfa).toBe(true)
    })

    it("ends the step-up after five wrong codes: the right one afterwards upgrades nothing", async () => {
      const ada = await signedInWithoutSecondFactor(freshName("ada"))
      await reauthenticate(ada.browser)
      const stepUp = ada.browser.cookiesFor(origin).get(stepUpCookie)!
      for (let attempt = 1; attempt <= 4; attempt++) {
        const wrong = await post(ada.browser, `${base}/callback/second-factor`, { code: "000000" })
        expect(wrong.headers.get("location")).toBe(`${base}/second-factor?error=SecondFactorFailed`)
      }
      const fifth = await post(ada.browser, `${base}/callback/second-factor`, { code: "000000" })
      expect(fifth.headers.get("location")).toBe(`${base}/signin?callbackUrl=${encodeURIComponent(settings)}&error=SecondFactorFailed`)
      expect(ada.browser.cookiesFor(origin).has(stepUpCookie)).toBe(false)
      ada.browser.setCookie(origin, stepUpCookie, stepUp)
      const sixth = await post(ada.browser, `${base}/callback/second-factor`, { code: await nextCode(ada.secret) })
      expect(sixth.headers.get("location")).not.toBe(settings)
      expect((await session(ada.browser)).authentication.mfa).toBe(false)
      expect(logger.errors.map((error) => (error as { type?: string }).type)).toContain("SecondFactorFailed")
    })

    it("refuses a replay on a second process sharing the database: the used code, and the answered step-up", async () => {
      const ada = await signedInWithoutSecondFactor(freshName("ada"))
      await reauthenticate(ada.browser)
      const copied = new Map(ada.browser.cookiesFor(origin))
      const code = await nextCode(ada.secret)
      expect((await post(ada.browser, `${base}/callback/second-factor`, { code })).headers.get("location")).toBe(settings)

      const instance = await startInstance(database)
      try {
        const otherBase = `${instance.origin}/auth`
        // The browser's cookies as they were before the answer, replayed there with the same code, then a fresh one.
        const replay = new FetchBrowser()
        for (const [cookie, value] of copied) replay.setCookie(instance.origin, cookie, value)
        const same = await post(replay, `${otherBase}/callback/second-factor`, { code })
        expect(same.headers.get("location")).not.toBe(settings)
        // An unused backup code: right, yet the step-up was answered already.
        const fresh = await post(replay, `${otherBase}/callback/second-factor`, { code: ada.backupCodes[0]! })
        expect(fresh.headers.get("location")).not.toBe(settings)
        expect((await session(replay, otherBase)).authentication.mfa).toBe(false)
        // The refusal was the replay, not the instance: a new step-up there is answered.
        expect(await reauthenticate(replay, otherBase)).toBe(`${otherBase}/second-factor`)
        const anew = await post(replay, `${otherBase}/callback/second-factor`, { code: ada.backupCodes[1]! })
        expect(anew.headers.get("location")).not.toContain("error")
        expect((await session(replay, otherBase)).authentication.mfa).toBe(true)
      } finally {
        await instance.stop()
      }
    })
  })

  describe("database sessions", () => {
    beforeEach(() => {
      logger = silentLogger()
      config = secondFactorConfig(database.adapter, Credentials, SecondFactor, { logger, session: { strategy: "database" } })
    })
    const browser = () => new FetchBrowser({ handlers: { [origin]: (request) => Auth(request, config) } })

    it("updates the row's authenticatedAt/authenticationMethods through the adapter, keeping the same session token", async () => {
      const adapter = database.adapter
      const user = await adapter.createUser!({
        id: crypto.randomUUID(),
        email: `${freshName("eve")}@example.test`,
        emailVerified: new Date(),
      })
      const signedInAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 3600_000)
      const sessionToken = crypto.randomUUID()
      await adapter.createSession!({
        sessionToken,
        userId: user.id,
        expires: new Date(Date.now() + 86400_000),
        createdAt: signedInAt,
        authenticatedAt: signedInAt,
        authenticationMethods: ["email"],
      })
      const eve = browser()
      eve.setCookie(origin, sessionCookie, sessionToken)
      const { secret } = await enrolSignedIn(eve)
      expect((await guard(eve, config, { maxAge: 600 }))?.status).toBe(401)

      expect(await reauthenticate(eve)).toBe(`${base}/second-factor`)
      const done = await post(eve, `${base}/callback/second-factor`, { code: await nextCode(secret) })
      expect(done.headers.get("location")).toBe(settings)
      expect(eve.cookiesFor(origin).get(sessionCookie)).toBe(sessionToken)
      const row = (await adapter.getSessionAndUser!(sessionToken))!.session
      expect(row.authenticationMethods).toEqual(["email", "otp", "mfa"])
      expect(row.authenticatedAt!.valueOf()).toBeGreaterThan(signedInAt.valueOf() + 3000_000)
      expect((await session(eve)).authentication).toMatchObject({ methods: ["email", "otp", "mfa"], mfa: true })
      expect(await guard(eve, config, { maxAge: 600, secondFactor: true })).toBeNull()
    })
  })
})

function startInstance(database: InstanceDatabase): Promise<{ origin: string; stop(): Promise<void> }> {
  return startReadyInstance(join(import.meta.dirname, "support/second-factor-server.mjs"), { DB_KIND: database.kind, DB: database.name })
}
