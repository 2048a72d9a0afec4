/**
 * E-mail sign-in end to end: the core handler, a real SMTP server on 127.0.0.1 (smtp-server,
 * mails parsed with mailparser), and the real SQLite and PostgreSQL adapters. Every flow runs on
 * both databases.
 */
import { type AdapterDatabase, adapterDatabaseKinds, useAdapterDatabase } from "@gatehouse/test-kit/adapter-databases"
import { describe, expect, test } from "vitest"
import { Auth } from "../../packages/core/src/handler/auth.js"
import Nodemailer, { type NodemailerUserConfig } from "../../packages/core/src/providers/nodemailer.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import { pageForms } from "@gatehouse/test-kit/html-form"
import { codeFromMail, linkFromMail, deadPort } from "@gatehouse/test-kit/smtp-sink"
import { uniqueAddress } from "@gatehouse/test-kit/unique-address"
import { useSmtpSink } from "@gatehouse/test-kit/use-smtp-sink"

const origin = "http://localhost:3000"
const base = `${origin}/auth`
const secret = "gatehouse-email-test-secret-with-more-than-32-chars"
const landing = `${origin}/dashboard`

/** Verification rows of one address: its link rows and its code rows (attempt rows aside). */
async function tokenRows(database: AdapterDatabase, identifier: string): Promise<number> {
  const identifiers = [identifier, `gatehouse:code:${identifier}`]
  if (database.kind === "SQLite") {
    return database.sqlite
      .prepare("SELECT count(*) FROM verification_tokens WHERE identifier IN (?, ?)")
      .pluck()
      .get(...identifiers) as number
  }
  const result = await database.pool.query("SELECT count(*)::int AS n FROM verification_token WHERE identifier = ANY($1)", [identifiers])
  return result.rows[0].n
}

/** The user's stored `emailVerified`; undefined when there is no user with that address. */
async function emailVerified(database: AdapterDatabase, identifier: string): Promise<Date | null | undefined> {
  if (database.kind === "SQLite") {
    const row = database.sqlite.prepare("SELECT email_verified FROM users WHERE email = ?").get(identifier) as
      | { email_verified: number | null }
      | undefined
    return row === undefined ? undefined : row.email_verified === null ? null : new Date(row.email_verified)
  }
  const result = await database.pool.query(`SELECT "emailVerified" FROM users WHERE email = $1`, [identifier])
  return result.rows.length ? result.rows[0].emailVerified : undefined
}

const sink = useSmtpSink()

describe.each(adapterDatabaseKinds)("e-mail sign-in on %s", (kind) => {
  const database = useAdapterDatabase(kind, "email")

  function app(provider: NodemailerUserConfig = {}, overrides: Partial<AuthConfig> = {}) {
    const signInCalls: Array<{ email?: { verificationRequest?: boolean }; user: { email?: string | null } }> = []
    const events: string[] = []
    const logger = silentLogger()
    const config: AuthConfig = {
      secret,
      trustHost: true,
      basePath: "/auth",
      adapter: database().adapter,
      providers: [Nodemailer({ server: sink().server, from: "Gatehouse <no-reply@gatehouse.test>", ...provider })],
      logger,
      callbacks: {
        signIn(params) {
          signInCalls.push({ email: params.email, user: params.user })
          return true
        },
      },
      events: {
        createUser: () => void events.push("createUser"),
        updateUser: () => void events.push("updateUser"),
        signIn: ({ isNewUser }) => void events.push(isNewUser ? "signIn:new" : "signIn"),
      },
      ...overrides,
    }
    const browser = new TestBrowser((request) => Auth(request, config))
    return { config, browser, signInCalls, events, logger }
  }

  async function requestMail(browser: TestBrowser, email: string): Promise<Response> {
    return browser.post(`${base}/signin/nodemailer`, { email, callbackUrl: landing }, base)
  }

  async function sessionEmail(browser: TestBrowser): Promise<string | undefined> {
    const session = (await (await browser.fetch(`${base}/session`)).json()) as { user?: { email?: string } } | null
    return session?.user?.email
  }

  /** Opens the link like a browser: the confirmation page, then its button. */
  async function confirmLink(browser: TestBrowser, link: URL): Promise<Response> {
    const page = await browser.fetch(link.href)
    expect(page.status).toBe(200)
    const [form] = pageForms(await page.text())
    return browser.fetch(form.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form.fields),
    })
  }

  async function postCode(browser: TestBrowser, email: string, code: string): Promise<Response> {
    const page = await browser.fetch(`${base}/verify-request?provider=nodemailer&type=email`)
    const form = pageForms(await page.text()).find((f) => f.action.endsWith("/callback/nodemailer"))!
    return browser.fetch(form.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...form.fields, email, code }),
    })
  }

  test("the link opens a confirmation page; only its POST signs in, creating the user", async () => {
    const { browser, signInCalls, events } = app()
    const email = uniqueAddress("link")
    const sent = await requestMail(browser, email)
    expect(sent.status).toBe(302)
    expect(sent.headers.get("location")).toBe(`${base}/verify-request?provider=nodemailer&type=email`)

    const received = await sink().nextMail()
    expect(received.envelope.to).toEqual([email])
    expect(received.mail.subject).toBe("Sign in to localhost:3000")
    expect(received.mail.from?.value[0].address).toBe("no-reply@gatehouse.test")
    const link = linkFromMail(received)
    expect(link.origin + link.pathname).toBe(`${base}/callback/nodemailer`)
    expect(link.searchParams.get("email")).toBe(email)
    expect(link.searchParams.get("callbackUrl")).toBe(landing)
    expect(link.searchParams.get("token")).toMatch(/^[0-9a-f]{64}$/)
    // The token is stored hashed, never as mailed.
    expect(await database().adapter.useVerificationToken!({ identifier: email, token: link.searchParams.get("token")! })).toBeNull()
    expect(signInCalls).toEqual([{ email: { verificationRequest: true }, user: expect.objectContaining({ email }) }])

    // A mail scanner fetching the link (twice) neither signs in nor uses the link up.
    const scanner = new TestBrowser((request) => Auth(request, app().config))
    for (let i = 0; i < 2; i++) {
      const scanned = await scanner.fetch(link.href)
      expect(scanned.status).toBe(200)
      expect(scanned.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(false)
      expect(scanned.headers.get("cache-control")).toContain("no-store")
      expect(scanned.headers.get("referrer-policy")).toBe("same-origin")
    }
    expect(await tokenRows(database(), email)).toBe(2)

    const signedIn = await confirmLink(browser, link)
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get("location")).toBe(landing)
    expect(await sessionEmail(browser)).toBe(email)
    expect(await emailVerified(database(), email)).toBeInstanceOf(Date)
    expect(await tokenRows(database(), email)).toBe(0)
    expect(events).toEqual(["createUser", "signIn:new"])
    expect(signInCalls[1]).toEqual({ email: undefined, user: expect.objectContaining({ email }) })
  })

  test("an existing verified user is updated, not created, and the link cannot be used twice", async () => {
    const email = uniqueAddress("again")
    await database().adapter.createUser!({ id: crypto.randomUUID(), email, emailVerified: new Date(0) })
    const { browser, events } = app()
    await requestMail(browser, email)
    const link = linkFromMail(await sink().nextMail())
    const page = await browser.fetch(link.href)
    const [form] = pageForms(await page.text())
    const post = () =>
      browser.fetch(form.action, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form.fields),
      })

    expect((await post()).headers.get("location")).toBe(landing)
    expect(events).toEqual(["updateUser", "signIn"])
    expect((await emailVerified(database(), email))!.valueOf()).toBeGreaterThan(0)

    const replay = await post()
    expect(replay.status).toBe(302)
    expect(replay.headers.get("location")).toBe(`${base}/error?error=Verification`)
    const errorPage = await browser.fetch(replay.headers.get("location")!)
    expect(errorPage.status).toBe(403)
  })

  test("consumeOnGet: true signs in on the GET itself, once", async () => {
    const { browser } = app({ consumeOnGet: true })
    const email = uniqueAddress("onget")
    await requestMail(browser, email)
    const link = linkFromMail(await sink().nextMail())
    const first = await browser.fetch(link.href)
    expect(first.status).toBe(302)
    expect(first.headers.get("location")).toBe(landing)
    expect(await sessionEmail(browser)).toBe(email)

    const again = await new TestBrowser((request) => Auth(request, app({ consumeOnGet: true }).config)).fetch(link.href)
    expect(again.headers.get("location")).toBe(`${base}/error?error=Verification`)
  })

  test("the code from the mail (read on a phone) signs in the browser that asked, and then the link is dead", async () => {
    const { browser: laptop } = app()
    const email = uniqueAddress("code")
    await requestMail(laptop, email)
    const received = await sink().nextMail()
    const code = codeFromMail(received)
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/)
    expect(received.mail.html).toContain(code)

    const page = await laptop.fetch(`${base}/verify-request?provider=nodemailer&type=email`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('name="code"')
    // Typed loosely: lower case, a space instead of the dash.
    const signedIn = await postCode(laptop, email, code.toLowerCase().replace("-", " "))
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get("location")).toBe(landing)
    expect(await sessionEmail(laptop)).toBe(email)

    const viaLink = await confirmLink(app().browser, linkFromMail(received))
    expect(viaLink.headers.get("location")).toBe(`${base}/error?error=Verification`)
    const replayCode = await postCode(app().browser, email, code)
    expect(replayCode.headers.get("location")).toBe(`${base}/verify-request?provider=nodemailer&type=email&error=Verification`)
  })

  test("a code also works in a browser that never asked (it lands on the site's origin)", async () => {
    const { browser } = app()
    const email = uniqueAddress("elsewhere")
    await requestMail(browser, email)
    const other = app().browser
    const response = await postCode(other, email, codeFromMail(await sink().nextMail()))
    expect(response.headers.get("location")).toBe(origin)
    expect(await sessionEmail(other)).toBe(email)
  })

  test("after the link was used, its code is dead", async () => {
    const { browser } = app()
    const email = uniqueAddress("linkfirst")
    await requestMail(browser, email)
    const received = await sink().nextMail()
    expect((await confirmLink(browser, linkFromMail(received))).headers.get("location")).toBe(landing)
    const other = app().browser
    const refused = await postCode(other, email, codeFromMail(received))
    expect(refused.headers.get("location")).toContain("error=Verification")
    expect(await sessionEmail(other)).toBeUndefined()
  })

  test("wrong codes are limited per address: after five, even the right code is refused", async () => {
    const { browser } = app()
    const email = uniqueAddress("guess")
    await requestMail(browser, email)
    const received = await sink().nextMail()
    const code = codeFromMail(received)
    const wrong = code.startsWith("2") ? "3333-3333" : "2222-2222"
    const attacker = app().browser
    for (let i = 0; i < 5; i++) {
      const response = await postCode(attacker, email, wrong)
      expect(response.headers.get("location")).toBe(`${base}/verify-request?provider=nodemailer&type=email&error=Verification`)
    }
    const right = await postCode(attacker, email, code)
    expect(right.headers.get("location")).toContain("error=Verification")
    expect(await sessionEmail(attacker)).toBeUndefined()
    // The link carries 256 bits and has no attempt limit: its owner can still use it.
    expect((await confirmLink(browser, linkFromMail(received))).headers.get("location")).toBe(landing)

    // The attempts belong to the address for the window, not to a mail: a new mail's right code
    // is refused too, and its link still works.
    await requestMail(browser, email)
    const next = await sink().nextMail()
    expect((await postCode(browser, email, codeFromMail(next))).headers.get("location")).toContain("error=Verification")
    expect((await confirmLink(browser, linkFromMail(next))).headers.get("location")).toBe(landing)
  })

  test("a token only signs in the address it was mailed to (CVE-2021-21310)", async () => {
    const victim = uniqueAddress("victim")
    const attackerEmail = uniqueAddress("attacker")
    const { browser: attacker } = app()
    await requestMail(attacker, attackerEmail)
    const link = linkFromMail(await sink().nextMail())
    const token = link.searchParams.get("token")!

    for (const email of [victim, attackerEmail.toUpperCase(), ` ${attackerEmail}`]) {
      const forged = new URL(link)
      forged.searchParams.set("email", email)
      const response = await confirmLink(attacker, forged)
      expect(response.headers.get("location")).toBe(`${base}/error?error=Verification`)
    }
    expect(await emailVerified(database(), victim)).toBeUndefined()
    expect(await sessionEmail(attacker)).toBeUndefined()
    // The foreign attempts did not burn the real link.
    const real = await attacker.fetch(`${base}/callback/nodemailer`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...pageForms(await (await attacker.fetch(link.href)).text())[0].fields, token }),
    })
    expect(real.headers.get("location")).toBe(landing)
  })

  test("an expired link and an expired code are refused", async () => {
    const { browser } = app({ maxAge: 1 })
    const email = uniqueAddress("expired")
    await requestMail(browser, email)
    const received = await sink().nextMail()
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await postCode(app({ maxAge: 1 }).browser, email, codeFromMail(received))).headers.get("location")).toContain(
      "error=Verification",
    )
    expect((await confirmLink(browser, linkFromMail(received))).headers.get("location")).toBe(`${base}/error?error=Verification`)
    expect(await sessionEmail(browser)).toBeUndefined()
  })

  test("the confirmation POST needs the page's CSRF token; without it nothing is used up", async () => {
    const { browser } = app()
    const email = uniqueAddress("csrf")
    await requestMail(browser, email)
    const link = linkFromMail(await sink().nextMail())
    const forged = await new TestBrowser((request) => Auth(request, app().config)).fetch(`${base}/callback/nodemailer`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: link.searchParams.get("token")!, email, callbackUrl: landing }),
    })
    expect(forged.headers.get("location")).toBe(`${base}/signin?error=MissingCSRF`)
    expect(await tokenRows(database(), email)).toBe(2)
    expect((await confirmLink(browser, link)).headers.get("location")).toBe(landing)
  })

  const maliciousAddresses: Array<[string, string]> = [
    ["a comma-separated list", "victim@corp.example,attacker@evil.example"],
    ["a list with a space", "victim@corp.example, attacker@evil.example"],
    ["a semicolon list", "victim@corp.example;attacker@evil.example"],
    ["two @", "attacker@evil.example@corp.example"],
    ["a quoted local part (GHSA-5jpx-9hw9-2fx4)", '"attacker@evil.example"@corp.example'],
    ["a quoted local part without @ inside", '"victim"@corp.example'],
    ["a full-width ＠ (CVE-2026-73420)", "attacker@evil.example\uFF20corp.example"],
    ["a small ﹫", "attacker\uFE6Bevil.example@corp.example"],
    ["HTML", '<img src=x onerror="alert(1)">@corp.example'],
    ["a display name", "Victim <attacker@evil.example>"],
    ["a comment", "victim@corp.example(attacker@evil.example)"],
    ["CR/LF header injection", "victim@corp.example\r\nBcc: attacker@evil.example"],
    ["an inner space", "vic tim@corp.example"],
    ["a zero-width space", "victim\u200B@corp.example"],
    ["no local part", "@corp.example"],
    ["no domain", "victim@"],
    ["no @", "victim.corp.example"],
    ["an IP literal", "victim@[127.0.0.1]"],
    ["more than 320 characters", `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(63)}.example`],
  ]

  test.each(maliciousAddresses)("%s is refused: no mail, no token, a clear error", async (_label, email) => {
    const { browser, signInCalls, logger } = app()
    const before = sink().received.length
    const response = await requestMail(browser, email)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${base}/signin?error=EmailSignin`)
    expect(sink().received.length).toBe(before)
    expect(signInCalls).toEqual([])
    expect(logger.errors.map((e) => e.name)).toEqual(["EmailSignInError"])
    const page = await browser.fetch(response.headers.get("location")!)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain("The e-mail could not be sent.")
  })

  test("addresses are normalized before they are checked: case, spaces, full-width letters", async () => {
    const { browser } = app()
    const email = uniqueAddress("norm")
    const typed = `  ${email.toUpperCase().replace("EXAMPLE", "ＥＸＡＭＰＬＥ")} `
    await requestMail(browser, typed)
    const received = await sink().nextMail()
    expect(received.envelope.to).toEqual([email])
    expect(linkFromMail(received).searchParams.get("email")).toBe(email)
  })

  test("the address and the site name are escaped in the mail", async () => {
    const { browser } = app({}, { theme: { brandColor: 'red" onmouseover="alert(1)' } })
    const email = `o'neil&co+${crypto.randomUUID().slice(0, 6)}@example.test`
    await requestMail(browser, email)
    const received = await sink().nextMail()
    expect(received.envelope.to).toEqual([email])
    const html = received.mail.html as string
    expect(html).toContain(`o&#39;neil&amp;co+`)
    expect(html).not.toContain(`o'neil&co`)
    expect(html).not.toContain("onmouseover")
    // The host is the site's name; its dots are broken so that clients do not turn it into a link.
    expect(html).toContain("Sign in to <strong>localhost:3000</strong>")
    expect(received.mail.text).toContain(`This sign-in was requested for ${email}.`)
    expect(received.mail.headers.get("bcc")).toBeUndefined()
  })

  test("SMTP down: a clear error page and no usable token left behind", async () => {
    const port = await deadPort()
    const { browser, logger } = app({ server: { host: "127.0.0.1", port, secure: false, ignoreTLS: true, connectionTimeout: 2000 } })
    const email = uniqueAddress("down")
    const response = await requestMail(browser, email)
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${base}/signin?error=EmailSignin`)
    expect(logger.errors.map((e) => e.name)).toEqual(["EmailSignInError"])
    expect(await tokenRows(database(), email)).toBe(0)
  })

  test("a server that refuses the recipient: the same clear error, no token left", async () => {
    const { browser } = app()
    const email = uniqueAddress("refused")
    sink().rejectRecipients(true)
    try {
      const response = await requestMail(browser, email)
      expect(response.headers.get("location")).toBe(`${base}/signin?error=EmailSignin`)
    } finally {
      sink().rejectRecipients(false)
    }
    expect(await tokenRows(database(), email)).toBe(0)
  })

  test("a signIn callback that refuses the address sends nothing", async () => {
    const { browser } = app({}, { callbacks: { signIn: ({ email }) => !email?.verificationRequest } })
    const before = sink().received.length
    const response = await requestMail(browser, uniqueAddress("denied"))
    expect(response.headers.get("location")).toBe(`${base}/error?error=AccessDenied`)
    expect(sink().received.length).toBe(before)
  })

  test("with JWT sessions the sign-in ends in a JWT session for the stored user", async () => {
    const { browser } = app({}, { session: { strategy: "jwt" } })
    const email = uniqueAddress("jwt")
    await requestMail(browser, email)
    expect((await confirmLink(browser, linkFromMail(await sink().nextMail()))).headers.get("location")).toBe(landing)
    expect(await sessionEmail(browser)).toBe(email)
    expect(await emailVerified(database(), email)).toBeInstanceOf(Date)
  })
})
