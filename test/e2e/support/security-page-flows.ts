/**
 * The password-account and second-factor flows (issues 31 and 32) an example app with a "Security"
 * page must pass in Chromium, every mail through a real SMTP server. The SvelteKit and Qwik examples
 * run them (test/e2e/sveltekit-security.test.ts, qwik-security.test.ts); each says how its own pages
 * are reached (an `ExampleUnderTest`), the flows are the same:
 * - sign-up on the built-in page → verification mail → verified and signed in; the example's password
 *   form signs in; an unverified address does not;
 * - forgot → reset mail → reset: the other browser's session is refused, the old password too;
 * - TOTP turned on from the example's Security page (the QR code and the key shown, the code computed
 *   from the key with otpauth as an authenticator app would, the backup codes shown once); the next
 *   sign-in stops at the challenge with no session (GET {basePath}/session null), the code signs in; a
 *   backup code works once;
 * - turning it off once the sign-in is older than session.freshAge sends the browser through the
 *   built-in re-authentication; right after signing in again it works, and the next sign-in asks for
 *   no code.
 */
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { useSmtpSink } from "@gatehouse/test-kit/use-smtp-sink"
import { uniqueAddress } from "@gatehouse/test-kit/unique-address"
import { Secret, TOTP } from "otpauth"
import type { Browser, BrowserContext, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchChromium } from "./launch-chromium.js"
import { mailCode, mailLink } from "./password-app.js"
import { freePort } from "./free-port.js"
import { type RunningServer, spawnServer } from "./spawn-server.js"

/** What the flows need to know of one example app. Its auth routes are under /auth. */
export interface ExampleUnderTest {
  /** How the suite is named. */
  name: string
  /** Builds the example for production. */
  build(): Promise<void>
  /** How the built example's server is started: `node <args>` in `cwd`, listening on HOST and PORT. */
  server: { cwd: string; args: string[] }
  /** The Security page's path. */
  securityPath: string
  /** One of the example's own elements on its pages (sign-in form fields, the Security page's parts). */
  part(page: Page, name: ExamplePart): Locator
  /** Opens the example's sign-in page, set to go to `securityPath` afterwards. */
  openSignIn(page: Page, origin: string): Promise<void>
  /** Fills and submits the example's e-mail and password form on the page the browser is on. */
  submitPasswordForm(page: Page, email: string, password: string): Promise<void>
  /** Waits until the example's sign-in page shows a refused password sign-in. */
  expectRefused(page: Page): Promise<void>
  /** Signs the browser out with the example's own sign-out control. */
  signOut(page: Page, origin: string): Promise<void>
  /** True for the URL the example sends a browser with no session to, from the Security page. */
  isSignInRedirect(url: URL): boolean
  /** True for the example's sign-in page as re-authentication opens it (to come back to the Security page). */
  isReauthentication(url: URL): boolean
  /** Resolves once the page's client-side code runs (a no-op where clicks work before that). */
  ready(page: Page): Promise<void>
}

/** The example's elements the flows use. */
export type ExamplePart =
  | "password-signup-link"
  | "password-forgot-link"
  | "signed-in-as"
  | "totp-status"
  | "totp-enroll"
  | "enrolment"
  | "totp-qr"
  | "totp-secret"
  | "totp-code"
  | "totp-confirm"
  | "security-problem"
  | "backup-codes"
  | "totp-disable"

const sessionCookie = "authjs.session-token"
/** JWT sessions are checked against their rows at most this often (seconds): the bound on a revocation. */
const revocationCheckInterval = 1
/** How recent a sign-in turning the second factor off needs (seconds): short, so a test can outwait it. */
const freshAge = 12
const flowTimeout = 90_000

/** The code an authenticator app shows for `secret` at `timestamp` (RFC 6238: SHA-1, 6 digits, 30 s). */
function totpCode(secret: string, timestamp: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp })
}

export function securityPageFlows(example: ExampleUnderTest): void {
  const smtp = useSmtpSink()
  let browser: Browser
  let scratch: string
  let app: RunningServer
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), "gatehouse-security-page-"))
    const [, launched, port] = await Promise.all([example.build(), launchChromium(), freePort()])
    browser = launched
    const origin = `http://127.0.0.1:${port}`
    app = await spawnServer({
      command: process.execPath,
      ...example.server,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        // The site's public origin: SvelteKit (adapter-node) and Qwik (the example's server) refuse form posts
        // whose Origin is another.
        ORIGIN: origin,
        AUTH_SECRET: randomBytes(32).toString("base64url"),
        AUTH_TRUST_HOST: "true",
        AUTH_SESSION_STRATEGY: "jwt",
        SESSION_REVOCATION_CHECK_INTERVAL: String(revocationCheckInterval),
        SESSION_FRESH_AGE: String(freshAge),
        DATABASE_PATH: join(scratch, "security.db"),
        EMAIL_SERVER: `smtp://127.0.0.1:${smtp().port}?ignoreTLS=true`,
      },
      probeUrl: `${origin}/auth/providers`,
      origin,
      label: `The ${example.name}`,
    })
  }, 240_000)

  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser?.close()
    await app?.stop()
    if (scratch) rmSync(scratch, { recursive: true, force: true })
  })

  const securityUrl = () => `${app.origin}${example.securityPath}`

  async function newPage(): Promise<Page> {
    const context = await browser.newContext()
    contexts.push(context)
    return context.newPage()
  }

  /** The next mail, which must be to `address`. */
  async function mailTo(address: string) {
    const received = await smtp().nextMail()
    expect(received.envelope.to).toEqual([address])
    return received
  }

  /** GET /auth/session with the browser's cookies: what its next request gets. */
  async function sessionEmail(page: Page): Promise<string | null> {
    const response = await page.request.get(`${app.origin}/auth/session`)
    expect(response.status()).toBe(200)
    const session = (await response.json()) as { user?: { email?: string } } | null
    return session?.user?.email ?? null
  }

  async function cookieNames(page: Page): Promise<string[]> {
    return (await page.context().cookies(app.origin)).map((cookie) => cookie.name)
  }

  async function submitPasswordSignIn(page: Page, email: string, password: string) {
    await example.openSignIn(page, app.origin)
    await example.submitPasswordForm(page, email, password)
  }

  async function expectRefused(page: Page) {
    await example.expectRefused(page)
    expect(await sessionEmail(page)).toBeNull()
  }

  async function signOut(page: Page) {
    await example.signOut(page, app.origin)
    expect(await sessionEmail(page)).toBeNull()
  }

  /** The Security page's view of TOTP: "on", "off" (or "unknown" when it could not ask). */
  async function totpStatus(page: Page): Promise<string | null> {
    await page.goto(securityUrl())
    await example.ready(page)
    return example.part(page, "totp-status").getAttribute("data-totp")
  }

  /** Sign-up on the built-in page, then the link from the verification mail: signed in. */
  async function signUpAndVerify(page: Page, email: string, password: string) {
    await page.goto(`${app.origin}/auth/password/signup`)
    await page.fill('input[name="email"]', email)
    await page.fill('input[name="password"]', password)
    await page.click('button[type="submit"]')
    await page.waitForURL((url) => url.pathname === "/auth/password/verify")
    await page.goto(mailLink(await mailTo(email)).href)
    await page.click('button[type="submit"]')
    await page.waitForURL((url) => url.origin === app.origin && !url.pathname.startsWith("/auth"))
    expect(await sessionEmail(page)).toBe(email)
  }

  /** The built-in challenge page: a code (TOTP or backup) and its button. */
  async function answerChallenge(page: Page, code: string) {
    await page.fill('input[name="code"]', code)
    await page.getByRole("button", { name: "Verify" }).click()
  }

  describe(`${example.name}: password accounts and a second factor, in Chromium`, () => {
    // Two accounts: sign-ups and sign-ins count against a per-address limit (10 in 10 minutes).
    const email = uniqueAddress("security-page")
    const totpEmail = uniqueAddress("security-page-totp")
    const firstPassword = "violet kettle ninety 41"
    const newPassword = "amber lantern quietly 73"
    let secret = ""
    let backupCodes: string[] = []
    /** The TOTP step of the last code used: a code works once, so each sign-in needs a later step. */
    let lastStep = 0

    /**
     * A code of a step after the last one used, and no further ahead than the one step of clock drift
     * the server allows (waiting for the clock when the last code used was already a step ahead).
     */
    async function freshTotpCode(page: Page): Promise<string> {
      const step = lastStep + 1
      const wait = (step - 1) * 30_000 - Date.now()
      if (wait > 0) await page.waitForTimeout(wait + 250)
      lastStep = step
      return totpCode(secret, step * 30_000)
    }

    it(
      "signs up on the built-in page, verifies the address from the mail, then signs in with the example's form",
      async () => {
        const page = await newPage()
        await example.openSignIn(page, app.origin)
        await example.part(page, "password-signup-link").click()
        await page.waitForURL((url) => url.pathname === "/auth/password/signup")
        await page.fill('input[name="name"]', "Grace")
        await page.fill('input[name="email"]', email)
        await page.fill('input[name="password"]', firstPassword)
        await page.click('button[type="submit"]')
        await page.waitForURL((url) => url.pathname === "/auth/password/verify")
        // Not verified yet: no session, and the password alone does not sign in.
        expect(await cookieNames(page)).not.toContain(sessionCookie)
        const verifyMail = await mailTo(email)
        const stranger = await newPage()
        await submitPasswordSignIn(stranger, email, firstPassword)
        await expectRefused(stranger)

        // The link opens a page with one button (link scanners spend nothing); the button verifies and signs in.
        await page.goto(mailLink(verifyMail).href)
        await page.click('button[type="submit"]')
        await page.waitForURL((url) => url.origin === app.origin && !url.pathname.startsWith("/auth"))
        expect(await sessionEmail(page)).toBe(email)
        await signOut(page)

        await submitPasswordSignIn(page, email, firstPassword)
        await page.waitForURL(securityUrl())
        expect(await sessionEmail(page)).toBe(email)
        await expect(example.part(page, "signed-in-as").textContent()).resolves.toContain("Grace")
      },
      flowTimeout,
    )

    it(
      "forgot → reset mail → reset: signed in with the new password, the other browser's session refused, the old password too",
      async () => {
        const before = await newPage()
        await submitPasswordSignIn(before, email, firstPassword)
        await before.waitForURL(securityUrl())
        expect(await sessionEmail(before)).toBe(email)

        const page = await newPage()
        await example.openSignIn(page, app.origin)
        await example.part(page, "password-forgot-link").click()
        await page.waitForURL((url) => url.pathname === "/auth/password/forgot")
        await page.fill('input[name="email"]', email)
        await page.click('button[type="submit"]')
        await page.waitForURL((url) => url.pathname === "/auth/password/reset")
        const resetMail = await mailTo(email)
        // The code from the mail on the page the browser landed on (the link would do too).
        await page.fill('input[name="email"]', email)
        await page.fill('input[name="code"]', mailCode(resetMail))
        await page.fill('input[name="password"]', newPassword)
        await page.click('button[type="submit"]')
        await page.waitForURL((url) => url.origin === app.origin && !url.pathname.startsWith("/auth"))
        expect(await sessionEmail(page)).toBe(email)
        expect((await mailTo(email)).mail.subject ?? "").not.toBe("")

        await expect.poll(() => sessionEmail(before), { timeout: (revocationCheckInterval + 4) * 1000, interval: 250 }).toBeNull()
        await before.goto(securityUrl())
        await before.waitForURL(example.isSignInRedirect)

        const old = await newPage()
        await submitPasswordSignIn(old, email, firstPassword)
        await expectRefused(old)
      },
      flowTimeout,
    )

    it(
      "turns TOTP on from the Security page: QR code and key, a code from the key, backup codes shown once",
      async () => {
        const page = await newPage()
        await signUpAndVerify(page, totpEmail, firstPassword)
        expect(await totpStatus(page)).toBe("off")

        await example.part(page, "totp-enroll").click()
        await example.part(page, "enrolment").waitFor()
        expect(await example.part(page, "totp-qr").locator("svg").count()).toBe(1)
        secret = (await example.part(page, "totp-secret").textContent())?.trim() ?? ""
        expect(secret).toMatch(/^[A-Z2-7]{32}$/)
        // Nothing is active before the code: a sign-in elsewhere asks for none.
        const elsewhere = await newPage()
        await submitPasswordSignIn(elsewhere, totpEmail, firstPassword)
        await elsewhere.waitForURL(securityUrl())

        // A wrong code keeps it off.
        await example.part(page, "totp-code").fill("000000")
        await example.part(page, "totp-confirm").click()
        await example.part(page, "security-problem").waitFor()
        expect(await example.part(page, "backup-codes").count()).toBe(0)

        const now = Date.now()
        lastStep = Math.floor(now / 30_000)
        await example.part(page, "totp-code").fill(totpCode(secret, now))
        await example.part(page, "totp-confirm").click()
        await example.part(page, "backup-codes").waitFor()
        backupCodes = (await example.part(page, "backup-codes").locator("li code").allTextContents()).map((text) => text.trim())
        expect(backupCodes).toHaveLength(10)
        expect(new Set(backupCodes).size).toBe(10)
        await expect.poll(() => example.part(page, "totp-status").getAttribute("data-totp")).toBe("on")

        // Shown once: the page, loaded again, has the count only.
        expect(await totpStatus(page)).toBe("on")
        expect(await example.part(page, "totp-status").textContent()).toContain("Backup codes left: 10")
        expect(await example.part(page, "backup-codes").count()).toBe(0)
        for (const backupCode of backupCodes) expect(await page.content()).not.toContain(backupCode)
        await signOut(page)
      },
      flowTimeout,
    )

    it(
      "the next sign-in stops at the challenge with no session until the code; the code signs in",
      async () => {
        expect(secret).not.toBe("")
        const page = await newPage()
        await submitPasswordSignIn(page, totpEmail, firstPassword)
        await page.waitForURL((url) => url.pathname === "/auth/second-factor")
        expect(await cookieNames(page)).not.toContain(sessionCookie)
        expect(await page.getAttribute('input[name="code"]', "autocomplete")).toBe("one-time-code")
        expect(await sessionEmail(page)).toBeNull()
        // The pending sign-in opens none of the example's pages.
        await page.goto(securityUrl())
        await page.waitForURL(example.isSignInRedirect)

        await page.goto(`${app.origin}/auth/second-factor`)
        await answerChallenge(page, "000000")
        await page.waitForURL((url) => url.pathname === "/auth/second-factor" && url.searchParams.get("error") === "SecondFactorFailed")
        expect(await cookieNames(page)).not.toContain(sessionCookie)
        expect(await sessionEmail(page)).toBeNull()

        await answerChallenge(page, await freshTotpCode(page))
        await page.waitForURL(securityUrl())
        expect(await cookieNames(page)).toContain(sessionCookie)
        expect(await sessionEmail(page)).toBe(totpEmail)
        await signOut(page)
      },
      flowTimeout,
    )

    it(
      "a backup code signs in once; the second time it is refused",
      async () => {
        const [backupCode] = backupCodes
        expect(backupCode).toBeDefined()
        const page = await newPage()
        await submitPasswordSignIn(page, totpEmail, firstPassword)
        await page.waitForURL((url) => url.pathname === "/auth/second-factor")
        await answerChallenge(page, backupCode!)
        await page.waitForURL(securityUrl())
        expect(await sessionEmail(page)).toBe(totpEmail)
        expect(await example.part(page, "totp-status").textContent()).toContain("Backup codes left: 9")
        await signOut(page)

        await submitPasswordSignIn(page, totpEmail, firstPassword)
        await page.waitForURL((url) => url.pathname === "/auth/second-factor")
        await answerChallenge(page, backupCode!)
        await page.waitForURL((url) => url.pathname === "/auth/second-factor" && url.searchParams.get("error") === "SecondFactorFailed")
        expect(await cookieNames(page)).not.toContain(sessionCookie)
        expect(await sessionEmail(page)).toBeNull()
      },
      flowTimeout,
    )

    it(
      "turning TOTP off after session.freshAge goes through the built-in re-authentication; then it turns off",
      async () => {
        const page = await newPage()
        await submitPasswordSignIn(page, totpEmail, firstPassword)
        await page.waitForURL((url) => url.pathname === "/auth/second-factor")
        await answerChallenge(page, await freshTotpCode(page))
        await page.waitForURL(securityUrl())
        const signedInAt = Date.now()

        await page.waitForTimeout(Math.max(0, signedInAt + (freshAge + 1) * 1000 - Date.now()))
        expect(await totpStatus(page)).toBe("on")
        const refused = page.waitForResponse((response) => new URL(response.url()).pathname === "/auth/second-factor/disable")
        await example.part(page, "totp-disable").click()
        // The endpoint answered RFC 9470's 401; the page went to GET /auth/reauthenticate, which asks a user
        // who has a second factor for that alone (no password again) and comes back to the Security page.
        expect((await refused).status()).toBe(401)
        expect((await refused).headers()["www-authenticate"]).toContain('error="insufficient_user_authentication"')
        await page.waitForURL((url) => url.pathname === "/auth/second-factor")
        await answerChallenge(page, await freshTotpCode(page))
        await page.waitForURL(securityUrl())
        // Still on: the refused request changed nothing.
        await expect(example.part(page, "totp-status").getAttribute("data-totp")).resolves.toBe("on")
        await example.ready(page)
        const accepted = page.waitForResponse((response) => new URL(response.url()).pathname === "/auth/second-factor/disable")
        await example.part(page, "totp-disable").click()
        expect((await accepted).status()).toBe(200)
        await expect.poll(() => example.part(page, "totp-status").getAttribute("data-totp")).toBe("off")
        expect(await totpStatus(page)).toBe("off")

        await signOut(page)
        await submitPasswordSignIn(page, totpEmail, firstPassword)
        await page.waitForURL(securityUrl())
        expect(await sessionEmail(page)).toBe(totpEmail)
      },
      flowTimeout,
    )
  })
}
