/**
 * E-mail sign-in through the HTTP senders (Resend, Postmark, SendGrid: their servers cannot run
 * here, so a stand-in on 127.0.0.1 answers), and the pages of the flow: the confirmation page,
 * the code form, custom pages, disabled codes. The real SQLite adapter keeps the tokens.
 */
import Database from "better-sqlite3"
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest"
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import { Auth } from "../../packages/core/src/handler/auth.js"
import Email, { type EmailUserConfig } from "../../packages/core/src/providers/email.js"
import Postmark from "../../packages/core/src/providers/postmark.js"
import Resend from "../../packages/core/src/providers/resend.js"
import SendGrid from "../../packages/core/src/providers/sendgrid.js"
import type { Provider, SendVerificationRequestParams } from "../../packages/core/src/providers/types.js"
import { customFetch, skipCSRFCheck } from "../../packages/core/src/auth-options.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import { pageForms } from "@gatehouse/test-kit/html-form"
import { startMailApiStandIn, type MailApiStandIn } from "@gatehouse/test-kit/mail-api-stand-in"
import { uniqueAddress } from "@gatehouse/test-kit/unique-address"

const origin = "http://localhost:3000"
const base = `${origin}/auth`
const secret = "gatehouse-email-test-secret-with-more-than-32-chars"

let api: MailApiStandIn
let db: Database.Database
let adapter: ReturnType<typeof SQLiteAdapter>

beforeAll(async () => {
  api = await startMailApiStandIn()
  db = new Database(":memory:")
  adapter = SQLiteAdapter(db)
})
afterAll(async () => {
  await api.close()
  db.close()
})
afterEach(() => {
  vi.unstubAllEnvs()
})

function tokenRows(identifier: string): number {
  return db
    .prepare("SELECT count(*) FROM verification_tokens WHERE identifier IN (?, ?)")
    .pluck()
    .get(identifier, `gatehouse:code:${identifier}`) as number
}

function app(provider: Provider, overrides: Partial<AuthConfig> = {}) {
  const logger = silentLogger()
  const config: AuthConfig = { secret, trustHost: true, basePath: "/auth", adapter, providers: [provider], logger, ...overrides }
  return { config, logger, browser: new TestBrowser((request) => Auth(request, config)) }
}

/** The link as the mail API was asked to deliver it, from the text part of the last request. */
function linkFromApi(textField: (body: any) => string): URL {
  const text = textField(api.requests.at(-1)!.body)
  return new URL(text.split("\n").find((line) => line.includes("/callback/"))!)
}

async function followLink(browser: TestBrowser, link: URL): Promise<Response> {
  const [form] = pageForms(await (await browser.fetch(link.href)).text())
  return browser.fetch(form.action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form.fields),
  })
}

async function sessionEmail(browser: TestBrowser): Promise<string | undefined> {
  const session = (await (await browser.fetch(`${base}/session`)).json()) as { user?: { email?: string } } | null
  return session?.user?.email
}

describe.each([
  ["resend", Resend, "AUTH_RESEND_KEY", (body: any) => body.text as string, (body: any) => body.to as string],
  ["postmark", Postmark, "AUTH_POSTMARK_KEY", (body: any) => body.TextBody as string, (body: any) => body.To as string],
  [
    "sendgrid",
    SendGrid,
    "AUTH_SENDGRID_KEY",
    (body: any) => body.content[0].value as string,
    (body: any) => body.personalizations[0].to[0].email as string,
  ],
] as const)("%s end to end", (id, factory, envKey, textOf, recipientOf) => {
  test(`the API key comes from ${envKey}; the mailed link signs in`, async () => {
    vi.stubEnv(envKey, `${id}-key-from-env`)
    api.answer(200)
    const { browser } = app(factory({ [customFetch]: api.fetch } as any))
    const email = uniqueAddress(id)
    const sent = await browser.post(`${base}/signin/${id}`, { email, callbackUrl: `${origin}/home` }, base)
    expect(sent.headers.get("location")).toBe(`${base}/verify-request?provider=${id}&type=email`)
    const request = api.requests.at(-1)!
    expect(JSON.stringify(request.headers)).toContain(`${id}-key-from-env`)
    expect(recipientOf(request.body)).toBe(email)

    const signedIn = await followLink(browser, linkFromApi(textOf))
    expect(signedIn.headers.get("location")).toBe(`${origin}/home`)
    expect(await sessionEmail(browser)).toBe(email)
  })

  test("the API refusing the mail: back to sign-in with EmailSignin, no token left", async () => {
    api.answer(500)
    const { browser, logger } = app(factory({ apiKey: "k", [customFetch]: api.fetch } as any))
    const email = uniqueAddress(`${id}-down`)
    const sent = await browser.post(`${base}/signin/${id}`, { email }, base)
    expect(sent.headers.get("location")).toBe(`${base}/signin?error=EmailSignin`)
    expect(logger.errors[0].message).toMatch(/error: 500/)
    expect(tokenRows(email)).toBe(0)
    api.answer(200)
  })
})

describe("the flow's pages", () => {
  function capturing(options: Partial<EmailUserConfig> = {}) {
    const sent: SendVerificationRequestParams[] = []
    const provider = Email({ sendVerificationRequest: (params) => void sent.push(params), ...options })
    return { provider, sent }
  }

  test("the confirmation page escapes whatever the link carries and posts it back unchanged", async () => {
    const { provider } = capturing()
    const { browser } = app(provider)
    const hostile = '"><script>alert(1)</script>@example.test'
    const page = await browser.fetch(`${base}/callback/email?${new URLSearchParams({ token: 'x"><b>', email: hostile })}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).not.toContain("<script>")
    expect(html).not.toContain("<b>")
    expect(page.headers.get("content-security-policy")).toContain("script-src 'none'")
    const [form] = pageForms(html)
    expect(form.action).toBe(`${base}/callback/email`)
    expect(form.fields).toMatchObject({ token: 'x"><b>', email: hostile, callbackUrl: origin })
    expect(form.fields.csrfToken).toMatch(/^[0-9a-f]{64}$/)
    // And posting it is just a failed verification.
    const posted = await browser.fetch(form.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form.fields),
    })
    expect(posted.headers.get("location")).toBe(`${base}/error?error=Verification`)
  })

  test("a link without token or email is a Verification error, never a 500", async () => {
    const { browser } = app(capturing().provider)
    for (const query of ["", "?token=abc", "?email=a%40example.test"]) {
      const response = await browser.fetch(`${base}/callback/email${query}`)
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(`${base}/error?error=Verification`)
    }
  })

  test("sendVerificationRequest gets Auth.js's parameters plus the code", async () => {
    const { provider, sent } = capturing()
    const { browser } = app(provider, { theme: { brandColor: "#123456" } })
    const email = uniqueAddress("params")
    await browser.post(`${base}/signin/email`, { email, callbackUrl: `${origin}/x` }, base)
    expect(sent).toHaveLength(1)
    const params = sent[0]
    expect(params.identifier).toBe(email)
    expect(params.token).toMatch(/^[0-9a-f]{64}$/)
    expect(params.code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/)
    expect(params.url).toBe(`${base}/callback/email?${new URLSearchParams({ callbackUrl: `${origin}/x`, token: params.token, email })}`)
    expect(params.expires.valueOf() - Date.now()).toBeGreaterThan(86_000_000)
    expect(params.provider.id).toBe("email")
    expect(params.theme.brandColor).toBe("#123456")
    expect(params.request).toBeInstanceOf(Request)
    expect(await params.request.json()).toMatchObject({ email })
  })

  test("generateVerificationToken and maxAge are honoured; the token is stored as sha256(token + secret)", async () => {
    const { provider, sent } = capturing({ generateVerificationToken: () => "my-own-token-0123456789", maxAge: 600 })
    const { browser } = app(provider)
    const email = uniqueAddress("custom-token")
    await browser.post(`${base}/signin/email`, { email }, base)
    expect(sent[0].token).toBe("my-own-token-0123456789")
    expect(Math.round((sent[0].expires.valueOf() - Date.now()) / 1000)).toBeGreaterThan(595)
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`my-own-token-0123456789${secret}`))
    const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")
    const row = db.prepare("SELECT token, expires FROM verification_tokens WHERE identifier = ?").get(email) as {
      token: string
      expires: number
    }
    expect(row.token).toBe(hash)
    expect(row.expires).toBe(sent[0].expires.valueOf())
  })

  test("with signInCode: false there is no code, no code form, and codes are refused", async () => {
    const { provider, sent } = capturing({ signInCode: false })
    const { browser } = app(provider)
    const email = uniqueAddress("nocode")
    await browser.post(`${base}/signin/email`, { email }, base)
    expect(sent[0].code).toBeUndefined()
    const page = await (await browser.fetch(`${base}/verify-request?provider=email&type=email`)).text()
    expect(page).toContain("Check your email")
    expect(page).not.toContain('name="code"')
    const refused = await browser.post(`${base}/callback/email`, { email, code: "ABCD-EFGH" }, base)
    expect(refused.headers.get("location")).toContain("error=Verification")
    // The link works on its own.
    expect((await followLink(browser, new URL(sent[0].url))).headers.get("location")).toBe(origin)
  })

  test("the code form shows a refused code's error and carries a CSRF token", async () => {
    const { browser } = app(capturing().provider)
    const response = await browser.fetch(`${base}/verify-request?provider=email&type=email&error=Verification`)
    const html = await response.text()
    expect(html).toContain("That code is wrong or no longer valid")
    const form = pageForms(html).find((f) => f.action === `${base}/callback/email`)!
    expect(form.fields.csrfToken).toMatch(/^[0-9a-f]{64}$/)
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.csrf-token="))).toBe(true)
  })

  test("a code posted without the CSRF token is refused and uses no attempt", async () => {
    const { provider, sent } = capturing({ maxCodeAttempts: 1 })
    const { browser } = app(provider)
    const email = uniqueAddress("code-csrf")
    await browser.post(`${base}/signin/email`, { email }, base)
    const forged = await new TestBrowser((request) => Auth(request, app(provider).config)).fetch(`${base}/callback/email`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, code: sent[0].code! }),
    })
    expect(forged.headers.get("location")).toBe(`${base}/signin?error=MissingCSRF`)
    // The one allowed attempt is still there.
    const real = await browser.post(`${base}/callback/email`, { email, code: sent[0].code! }, base)
    expect(real.headers.get("location")).toBe(origin)
  })

  test("malformed codes are refused without using up an attempt", async () => {
    const { provider, sent } = capturing({ maxCodeAttempts: 1 })
    const { browser } = app(provider)
    const email = uniqueAddress("malformed")
    await browser.post(`${base}/signin/email`, { email }, base)
    for (const code of ["", "123", "ABCD-EFG0", "x".repeat(70)]) {
      const response = await browser.post(`${base}/callback/email`, { email, code }, base)
      expect(response.headers.get("location")).toContain("error=Verification")
    }
    expect((await browser.post(`${base}/callback/email`, { email, code: sent[0].code! }, base)).headers.get("location")).toBe(origin)
  })

  test("custom pages: a refused address goes to the app's sign-in page, verify-request to the app's page", async () => {
    const { provider } = capturing()
    const { browser } = app(provider, { pages: { signIn: "/login", verifyRequest: "/check-mail" } })
    const refused = await browser.post(`${base}/signin/email`, { email: "a@b@example.test" }, base)
    expect(refused.headers.get("location")).toBe(`${origin}/login?error=EmailSignin`)
    const sent = await browser.post(`${base}/signin/email`, { email: uniqueAddress("custom") }, base)
    expect(sent.headers.get("location")).toBe(`${base}/verify-request?provider=email&type=email`)
    const page = await browser.fetch(sent.headers.get("location")!)
    expect(page.headers.get("location")).toBe(`${origin}/check-mail?provider=email&type=email`)
  })

  test("with skipCSRFCheck the pages carry no CSRF field and the posts still work", async () => {
    const { provider, sent } = capturing()
    const { browser } = app(provider, { skipCSRFCheck } as Partial<AuthConfig>)
    const email = uniqueAddress("skip")
    await browser.fetch(`${base}/signin/email`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email }),
    })
    const [form] = pageForms(await (await browser.fetch(sent[0].url)).text())
    expect(form.fields.csrfToken).toBeUndefined()
    const response = await browser.fetch(form.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form.fields),
    })
    expect(response.headers.get("location")).toBe(origin)
  })

  test("a signIn callback that returns a URL sends the browser there and no mail", async () => {
    const { provider, sent } = capturing()
    const { browser } = app(provider, { callbacks: { signIn: ({ email }) => (email?.verificationRequest ? "/waitlist" : true) } })
    const response = await browser.post(`${base}/signin/email`, { email: uniqueAddress("waitlist") }, base)
    expect(response.headers.get("location")).toBe(`${origin}/waitlist`)
    expect(sent).toHaveLength(0)
  })

  test("an adapter that matches on the identifier only (CVE-2022-39263) still cannot sign in with a bogus token", async () => {
    // A faulty adapter: consumes whatever row the identifier has, ignoring the token.
    const faulty = {
      ...adapter,
      useVerificationToken({ identifier }: { identifier: string; token: string }) {
        const row = db.prepare("DELETE FROM verification_tokens WHERE identifier = ? RETURNING *").get(identifier) as
          | { identifier: string; token: string; expires: number }
          | undefined
        return row ? { identifier: row.identifier, token: row.token, expires: new Date(row.expires) } : null
      },
    }
    const { provider } = capturing({ signInCode: false })
    const { browser } = app(provider, { adapter: faulty })
    const victim = uniqueAddress("victim")
    await app(provider, { adapter: faulty }).browser.post(`${base}/signin/email`, { email: victim }, base)
    const response = await browser.post(`${base}/callback/email`, { email: victim, token: "guessed" }, base)
    expect(response.headers.get("location")).toBe(`${base}/error?error=Verification`)
    expect(await sessionEmail(browser)).toBeUndefined()
  })

  test("a JSON sign-in request (X-Auth-Return-Redirect) gets the same answers as JSON", async () => {
    const { provider } = capturing()
    const { browser } = app(provider)
    const csrfToken = await browser.csrfToken(base)
    const json = (email: string) =>
      browser.fetch(`${base}/signin/email`, {
        method: "POST",
        headers: { "content-type": "application/json", "X-Auth-Return-Redirect": "1" },
        body: JSON.stringify({ email, csrfToken }),
      })
    expect(await (await json(uniqueAddress("json"))).json()).toEqual({ url: `${base}/verify-request?provider=email&type=email` })
    expect(await (await json("x,y@example.test")).json()).toEqual({ url: `${base}/signin?error=EmailSignin` })
  })
})
