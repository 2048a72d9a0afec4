/**
 * The second factor after each first factor that is not a password (issue 31): an OpenID Connect
 * sign-in at the real dev IdP (oidc-provider on loopback) and an e-mail link through a real SMTP
 * server, with database sessions on a SQLite file and PostgreSQL. Each gets no session until the
 * code, exactly one session row after it, and `amr` naming both factors.
 */
import { describe, expect, it } from "vitest"
import Nodemailer from "../../packages/core/src/providers/nodemailer.js"
import { SecondFactor, totpCodeAt } from "../../packages/core/src/second-factor/index.js"
import { FetchBrowser } from "../../packages/dev-idp/src/fetch-browser.js"
import { pageForms } from "@gatehouse/test-kit/html-form"
import { linkFromMail } from "@gatehouse/test-kit/smtp-sink"
import { uniqueAddress } from "@gatehouse/test-kit/unique-address"
import { useSmtpSink } from "@gatehouse/test-kit/use-smtp-sink"
import { appOrigin, base, makeApp, oidcProvider, signInThroughIdp, type TestApp, useDevIdp } from "./oauth-app.js"
import { sessionDatabases, useSessionDatabase } from "./support/session-databases.js"

const idp = useDevIdp()
const sink = useSmtpSink()
const sessionCookie = "authjs.session-token"
const pendingCookie = "authjs.pending-sign-in"

async function post(browser: FetchBrowser, url: string, fields: Record<string, string> = {}, json = false): Promise<Response> {
  const { csrfToken } = (await (await browser.request(`${base}/csrf`)).json()) as { csrfToken: string }
  return browser.request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(json ? { accept: "application/json" } : {}) },
    body: new URLSearchParams({ csrfToken, ...fields }),
  })
}

const session = async (browser: FetchBrowser) => (await browser.request(`${base}/session`)).json() as Promise<any>

/** Turns TOTP on for the browser's signed-in user; its secret. */
async function enrol(browser: FetchBrowser): Promise<string> {
  const { secret } = (await (await post(browser, `${base}/second-factor/totp/enroll`, {}, true)).json()) as { secret: string }
  expect((await post(browser, `${base}/second-factor/totp/confirm`, { code: await totpCodeAt(secret) }, true)).status).toBe(200)
  return secret
}

/** The code of the next time step (the current one went to the enrolment). */
const nextCode = (secret: string) => totpCodeAt(secret, Date.now() + 30_000)

/** The pending answer of a first factor: a redirect to the challenge, a pending cookie, no session cookie. */
function expectPending(response: Response, browser: FetchBrowser) {
  expect(response.status).toBe(302)
  expect(response.headers.get("location")).toBe(`${base}/second-factor`)
  expect(response.headers.getSetCookie().some((header) => header.startsWith(`${sessionCookie}=`) && !/max-age=0/i.test(header))).toBe(false)
  expect(browser.cookiesFor(appOrigin).has(pendingCookie)).toBe(true)
}

describe.each(sessionDatabases)("second factor after other first factors, database sessions on $label", (kind) => {
  const database = useSessionDatabase(kind)

  function app(): TestApp {
    return makeApp([oidcProvider(idp().issuer), Nodemailer({ server: sink().server, from: "Gatehouse <no-reply@gatehouse.test>" })], {
      adapter: database().adapter,
      secondFactor: SecondFactor({ issuer: "Gatehouse" }),
    })
  }
  const browserOf = (testApp: TestApp) => new FetchBrowser({ handlers: { [appOrigin]: testApp.handler } })

  it("OpenID Connect: no session until the code, then exactly one", async () => {
    const testApp = app()
    const first = browserOf(testApp)
    await signInThroughIdp(first, "dev-oidc")
    const secret = await enrol(first)
    const rowsBefore = await database().count("sessions")

    const browser = browserOf(testApp)
    const { response } = await signInThroughIdp(browser, "dev-oidc")
    expectPending(response, browser)
    expect(await session(browser)).toBeNull()
    expect(await database().count("sessions")).toBe(rowsBefore)

    const done = await post(browser, `${base}/callback/second-factor`, { code: await nextCode(secret) })
    expect(done.headers.get("location")).toBe(`${appOrigin}/dashboard`)
    expect(await database().count("sessions")).toBe(rowsBefore + 1)
    const signedIn = await session(browser)
    expect(signedIn.user.email).toBe("dev@example.test")
    expect(signedIn.authentication).toMatchObject({ methods: ["fed", "otp", "mfa"], mfa: true })
  })

  it("e-mail link: no session until the code, then exactly one", async () => {
    const testApp = app()
    const email = uniqueAddress("second-factor")
    const signInByMail = async (browser: FetchBrowser) => {
      await post(browser, `${base}/signin/nodemailer`, { email, callbackUrl: `${appOrigin}/dashboard` })
      const link = linkFromMail(await sink().nextMail())
      const [form] = pageForms(await (await browser.request(link.href)).text())
      return browser.request(form!.action, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form!.fields),
      })
    }
    const first = browserOf(testApp)
    expect((await signInByMail(first)).headers.get("location")).toBe(`${appOrigin}/dashboard`)
    const secret = await enrol(first)
    const rowsBefore = await database().count("sessions")

    const browser = browserOf(testApp)
    expectPending(await signInByMail(browser), browser)
    expect(await session(browser)).toBeNull()
    expect(await database().count("sessions")).toBe(rowsBefore)
    const done = await post(browser, `${base}/callback/second-factor`, { code: await nextCode(secret) })
    expect(done.headers.get("location")).toBe(`${appOrigin}/dashboard`)
    expect(await database().count("sessions")).toBe(rowsBefore + 1)
    expect((await session(browser)).authentication).toMatchObject({ methods: ["email", "otp", "mfa"], mfa: true })
  })

  it("a second factor put on an unverified user before its owner proved the address goes with the other attachments", async () => {
    const testApp = app()
    const email = uniqueAddress("pre-hijacked")
    // Someone made a user with the owner's address (never verified) and turned TOTP on for it.
    const planted = await database().adapter.createUser!({ id: "", email, emailVerified: null })
    await database().adapter.setSecondFactor!({ ownerKey: String(planted.id), totpSecret: "the attacker's sealed secret" })
    // The owner proves the address: signed in, not asked for the planted factor.
    const browser = browserOf(testApp)
    await post(browser, `${base}/signin/nodemailer`, { email, callbackUrl: `${appOrigin}/dashboard` })
    const link = linkFromMail(await sink().nextMail())
    const [form] = pageForms(await (await browser.request(link.href)).text())
    const landed = await browser.request(form!.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form!.fields),
    })
    expect(landed.headers.get("location")).toBe(`${appOrigin}/dashboard`)
    expect((await session(browser)).user.email).toBe(email)
    expect(await database().adapter.getSecondFactor!(String(planted.id))).toBeNull()
  })
})
