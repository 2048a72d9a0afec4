/**
 * Second factors (issue 31) end to end, on a real SQLite file and a real PostgreSQL database:
 * enrolment, the challenge after the first factor (no session before it, exactly one after),
 * codes claimed once across two browsers and a second process, backup codes once, the end of a
 * pending sign-in after five wrong codes, and pending cookies that cannot be swapped between users.
 */
import { join } from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { Auth } from "../../packages/core/src/index.js"
import Credentials from "../../packages/core/src/providers/credentials.js"
import { SecondFactor, totpCodeAt } from "../../packages/core/src/second-factor/index.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { FetchBrowser } from "../../packages/dev-idp/src/fetch-browser.js"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import { type InstanceDatabase, instanceDatabases } from "./support/instance-databases.js"
import { startReadyInstance } from "./support/ready-instance.js"
import { post, session } from "./support/second-factor-requests.js"
import { secondFactorConfig, userNamed } from "./support/second-factor-app.mjs"

const origin = "http://app.test"
const base = `${origin}/auth`
const pendingCookie = "authjs.pending-sign-in"
const sessionCookie = "authjs.session-token"

function signInWithPassword(browser: FetchBrowser, name: string, at = base): Promise<Response> {
  return post(browser, `${at}/callback/credentials`, {
    username: name,
    password: userNamed(name).password,
    callbackUrl: `${origin}/dashboard`,
  })
}

/** A user no other test has used: second-factor records and wrong-code counts are per user. */
const freshName = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}`
const ownerOf = (name: string) => `app:credentials:user-${name}`

/** Signs in with the password alone (no second factor yet), enrols TOTP, and signs out: the user's secret and backup codes. */
async function enrol(app: { browser: () => FetchBrowser }, name: string): Promise<{ secret: string; backupCodes: string[] }> {
  const browser = app.browser()
  await signInWithPassword(browser, name)
  const enrolled = await post(browser, `${base}/second-factor/totp/enroll`, {}, true)
  expect(enrolled.status).toBe(200)
  const { secret, uri, qr } = (await enrolled.json()) as { secret: string; uri: string; qr: string }
  expect(uri).toMatch(/^otpauth:\/\/totp\/Gatehouse%20test:/)
  expect(uri).toContain(`secret=${secret}`)
  expect(qr).toMatch(/^<svg/)
  const confirmed = await post(browser, `${base}/second-factor/totp/confirm`, { code: await totpCodeAt(secret) }, true)
  expect(confirmed.status).toBe(200)
  const { backupCodes } = (await confirmed.json()) as { backupCodes: string[] }
  expect(backupCodes).toHaveLength(10)
  return { secret, backupCodes }
}

/** A code of the secret's next time step: the current one was claimed by the enrolment. */
const nextCode = (secret: string, steps = 1) => totpCodeAt(secret, Date.now() + steps * 30_000)

describe.each(instanceDatabases)("second factor on $label", (kind) => {
  let database: InstanceDatabase
  let config: AuthConfig
  let logger: ReturnType<typeof silentLogger>
  const signIns: any[] = []

  beforeAll(async () => {
    database = await kind.open()
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(() => {
    logger = silentLogger()
    signIns.length = 0
    config = secondFactorConfig(database.adapter, Credentials, SecondFactor, {
      logger,
      events: { signIn: (message: unknown) => void signIns.push(message) },
    })
  })
  const app = { browser: () => new FetchBrowser({ handlers: { [origin]: (request) => Auth(request, config) } }) }

  it("issues no session after the password of a user with TOTP, and exactly one after the code", async () => {
    const ada = freshName("ada")
    const { secret } = await enrol(app, ada)
    signIns.length = 0
    const browser = app.browser()
    const first = await signInWithPassword(browser, ada)
    expect(first.status).toBe(302)
    expect(first.headers.get("location")).toBe(`${base}/second-factor`)
    expect(browser.cookiesFor(origin).has(pendingCookie)).toBe(true)
    expect(browser.cookiesFor(origin).has(sessionCookie)).toBe(false)
    expect(first.headers.getSetCookie().some((header) => header.startsWith(`${sessionCookie}=`))).toBe(false)
    // Meanwhile nobody is signed in, whatever asks.
    expect(await session(browser)).toBeNull()
    expect(
      (await browser.request(`${base}/second-factor`, { headers: { accept: "application/json" } }).then((r) => r.json())) as object,
    ).toEqual({
      pending: true,
      mustEnrol: false,
      passkey: false,
    })
    expect((await post(browser, `${base}/second-factor/disable`, {}, true)).status).toBe(401)
    expect(signIns).toEqual([])

    const page = await browser.request(`${base}/second-factor`)
    const html = await page.text()
    expect(html).toContain('autocomplete="one-time-code"')
    expect(html).toContain(`action="${base}/callback/second-factor"`)

    const done = await post(browser, `${base}/callback/second-factor`, { code: await nextCode(secret) })
    expect(done.status).toBe(302)
    expect(done.headers.get("location")).toBe(`${origin}/dashboard`)
    expect(
      done.headers.getSetCookie().filter((header) => header.startsWith(`${sessionCookie}=`) && !/max-age=0/i.test(header)),
    ).toHaveLength(1)
    expect(browser.cookiesFor(origin).has(pendingCookie)).toBe(false)
    const signedIn = await session(browser)
    expect(signedIn.user.email).toBe(userNamed(ada).email)
    expect(signedIn.authentication).toMatchObject({ methods: ["pwd", "otp", "mfa"], mfa: true })
    expect(signIns).toHaveLength(1)
    expect(signIns[0]).toMatchObject({ secondFactor: "totp", user: { email: userNamed(ada).email } })

    // The JSON view of the signed-in user's methods.
    const methods = await browser.request(`${base}/second-factor`, { headers: { accept: "application/json" } })
    expect(await methods.json()).toEqual({ totp: true, backupCodesLeft: 10, passkeys: 0 })
  })

  it("refuses a used code in a second browser, and on a second process sharing the database", async () => {
    const ada = freshName("ada")
    const { secret, backupCodes } = await enrol(app, ada)
    const code = await nextCode(secret)
    const first = app.browser()
    await signInWithPassword(first, ada)
    expect((await post(first, `${base}/callback/second-factor`, { code })).headers.get("location")).toBe(`${origin}/dashboard`)

    const second = app.browser()
    await signInWithPassword(second, ada)
    const replayed = await post(second, `${base}/callback/second-factor`, { code })
    expect(replayed.headers.get("location")).toBe(`${base}/second-factor?error=SecondFactorFailed`)
    expect(second.cookiesFor(origin).has(sessionCookie)).toBe(false)
    expect(await session(second)).toBeNull()

    const instance = await startInstance(database)
    try {
      const other = new FetchBrowser()
      const otherBase = `${instance.origin}/auth`
      const pending = await signInWithPassword(other, ada, otherBase)
      expect(pending.headers.get("location")).toBe(`${otherBase}/second-factor`)
      const there = await post(other, `${otherBase}/callback/second-factor`, { code })
      expect(there.headers.get("location")).toBe(`${otherBase}/second-factor?error=SecondFactorFailed`)
      expect(await session(other, otherBase)).toBeNull()
      // A backup code works there: the refusal was the replay, not the instance.
      const next = await post(other, `${otherBase}/callback/second-factor`, { code: backupCodes[0]! })
      expect(next.headers.get("location")).not.toContain("error")
      expect((await session(other, otherBase)).user.email).toBe(userNamed(ada).email)
    } finally {
      await instance.stop()
    }
  })

  it("accepts a backup code once", async () => {
    const ada = freshName("ada")
    const { backupCodes } = await enrol(app, ada)
    const first = app.browser()
    await signInWithPassword(first, ada)
    // As typed from paper: upper case, no dash.
    const typed = backupCodes[3]!.toUpperCase().replace("-", "")
    expect((await post(first, `${base}/callback/second-factor`, { code: typed })).headers.get("location")).toBe(`${origin}/dashboard`)
    expect((await session(first)).authentication.mfa).toBe(true)
    expect(signIns.at(-1)).toMatchObject({ secondFactor: "backup-code" })

    const second = app.browser()
    await signInWithPassword(second, ada)
    const again = await post(second, `${base}/callback/second-factor`, { code: backupCodes[3]! })
    expect(again.headers.get("location")).toBe(`${base}/second-factor?error=SecondFactorFailed`)
    expect(await session(second)).toBeNull()
    const methods = await first.request(`${base}/second-factor`, { headers: { accept: "application/json" } })
    expect(((await methods.json()) as { backupCodesLeft: number }).backupCodesLeft).toBe(9)
  })

  it("ends the pending sign-in after five wrong codes: the sixth attempt, right or not, opens nothing", async () => {
    const ada = freshName("ada")
    const { secret } = await enrol(app, ada)
    const browser = app.browser()
    await signInWithPassword(browser, ada)
    const pending = browser.cookiesFor(origin).get(pendingCookie)!
    for (let attempt = 1; attempt <= 4; attempt++) {
      const wrong = await post(browser, `${base}/callback/second-factor`, { code: "000000" })
      expect(wrong.headers.get("location")).toBe(`${base}/second-factor?error=SecondFactorFailed`)
    }
    const fifth = await post(browser, `${base}/callback/second-factor`, { code: "000000" })
    expect(fifth.headers.get("location")).toBe(`${base}/signin?error=SecondFactorFailed`)
    expect(browser.cookiesFor(origin).has(pendingCookie)).toBe(false)
    // The cookie put back (a replay of the pending sign-in) with the right code: still nothing.
    browser.setCookie(origin, pendingCookie, pending)
    const sixth = await post(browser, `${base}/callback/second-factor`, { code: await nextCode(secret) })
    expect(sixth.headers.get("location")).toBe(`${base}/signin?error=SecondFactorFailed`)
    expect(await session(browser)).toBeNull()
    expect(logger.errors.map((error) => (error as { type?: string }).type)).toContain("SecondFactorFailed")
  })

  it("a pending cookie of user A cannot be completed with user B's code, nor become B's session", async () => {
    const [adaName, bobName] = [freshName("ada"), freshName("bob")]
    const ada = await enrol(app, adaName)
    const bob = await enrol(app, bobName)
    const browser = app.browser()
    await signInWithPassword(browser, adaName)
    const withBobsCode = await post(browser, `${base}/callback/second-factor`, { code: await nextCode(bob.secret) })
    expect(withBobsCode.headers.get("location")).toBe(`${base}/second-factor?error=SecondFactorFailed`)
    expect(await session(browser)).toBeNull()
    // Bob's own code still works for Bob (it was not spent on Ada's pending sign-in).
    const bobBrowser = app.browser()
    await signInWithPassword(bobBrowser, bobName)
    await post(bobBrowser, `${base}/callback/second-factor`, { code: await nextCode(bob.secret) })
    expect((await session(bobBrowser)).user.email).toBe(userNamed(bobName).email)
    // Ada's pending cookie in Bob's browser (beside Bob's session) is Ada's, completed by Ada's code only.
    bobBrowser.setCookie(origin, pendingCookie, browser.cookiesFor(origin).get(pendingCookie)!)
    const swapped = await post(bobBrowser, `${base}/callback/second-factor`, { code: bob.backupCodes[0]! })
    expect(swapped.headers.get("location")).toBe(`${base}/second-factor?error=SecondFactorFailed`)
    expect((await session(bobBrowser)).user.email).toBe(userNamed(bobName).email)
    // Bob's backup code was not spent on Ada's pending sign-in.
    expect((await database.adapter.getSecondFactor!(ownerOf(bobName)))?.backupCodesLeft).toBe(10)
    expect(ada.secret).not.toBe(bob.secret)
  })

  it("turning the second factor off needs a recent sign-in, and enrolment needs the CSRF token", async () => {
    const ada = freshName("ada")
    const { secret } = await enrol(app, ada)
    const browser = app.browser()
    await signInWithPassword(browser, ada)
    await post(browser, `${base}/callback/second-factor`, { code: await nextCode(secret) })
    const noCsrf = await browser.request(`${base}/second-factor/disable`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: "",
    })
    expect(noCsrf.status).not.toBe(200)
    config = { ...config, session: { ...config.session, freshAge: 1 } }
    await new Promise((resolve) => setTimeout(resolve, 2100))
    const stale = await post(browser, `${base}/second-factor/disable`, {}, true)
    expect(stale.status).toBe(401)
    expect(stale.headers.get("www-authenticate")).toContain('error="insufficient_user_authentication"')
    expect((await database.adapter.getSecondFactor!(ownerOf(ada)))?.totpSecret).toBeTruthy()
    config = { ...config, session: { ...config.session, freshAge: 600 } }
    const fresh = await post(browser, `${base}/second-factor/disable`, {}, true)
    expect(fresh.status).toBe(200)
    expect(await database.adapter.getSecondFactor!(ownerOf(ada))).toBeNull()
    // Signing in again needs the password only.
    const again = app.browser()
    expect((await signInWithPassword(again, ada)).headers.get("location")).toBe(`${origin}/dashboard`)
  })

  it("a user who must have a second factor enrols during the sign-in, and gets the session only then", async () => {
    config = { ...config, secondFactor: SecondFactor({ issuer: "Gatehouse test", required: true }) }
    const browser = app.browser()
    const first = await signInWithPassword(browser, freshName("bob"))
    expect(first.headers.get("location")).toBe(`${base}/second-factor`)
    expect(await session(browser)).toBeNull()
    expect(await (await browser.request(`${base}/second-factor`)).text()).toContain(`action="${base}/second-factor/totp/enroll"`)
    const { secret } = (await (await post(browser, `${base}/second-factor/totp/enroll`, {}, true)).json()) as { secret: string }
    expect(await session(browser)).toBeNull()
    const wrong = await post(browser, `${base}/second-factor/totp/confirm`, { code: "123456" }, true)
    expect(wrong.status).toBe(400)
    expect(await session(browser)).toBeNull()
    const confirmed = await post(browser, `${base}/second-factor/totp/confirm`, { code: await totpCodeAt(secret) }, true)
    expect(await confirmed.json()).toMatchObject({ backupCodes: expect.any(Array), url: `${origin}/dashboard` })
    expect((await session(browser)).authentication.mfa).toBe(true)
  })
})

/** A second instance in its own process, on the built packages and the same database. */
function startInstance(database: InstanceDatabase): Promise<{ origin: string; stop(): Promise<void> }> {
  return startReadyInstance(join(import.meta.dirname, "support/second-factor-server.mjs"), { DB_KIND: database.kind, DB: database.name })
}
