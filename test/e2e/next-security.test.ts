/**
 * examples/next's password accounts and second factor in Chromium (issues 31 and 32), on the shared
 * production build of the example, every mail through a real SMTP server:
 * - sign-up on the built-in page → verification mail → verified and signed in; signed out, the
 *   example's own password form signs in; forgotten password → reset mail → reset, and the session
 *   signed in before the reset is refused (and the old password too);
 * - TOTP turned on from the built-in page the Security page links to (the secret read from the page,
 *   codes computed with otpauth as an authenticator app would); the next sign-in stops at the
 *   challenge with no session cookie, a wrong code opens nothing, the right one signs in; turning it
 *   off right after a sign-in passes the step-up check, and the sign-in after that asks for no code.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { useSmtpSink } from "@gatehouse/test-kit/use-smtp-sink"
import { uniqueAddress } from "@gatehouse/test-kit/unique-address"
import { Secret, TOTP } from "otpauth"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  buildExampleAndLaunchChromium,
  newSecret,
  type RunningApp,
  screenshotInBothColorSchemes,
  startExample,
} from "./support/next-example.js"
import { mailCode, mailLink } from "./support/password-app.js"

const sessionCookie = "authjs.session-token"
/** JWT sessions are checked against their rows at most this often (seconds): the bound on a revocation. */
const revocationCheckInterval = 1
/** How recent a sign-in turning the second factor off needs (seconds): short, so a test can outwait it. */
const freshAge = 12

const smtp = useSmtpSink()
let browser: Browser
let scratch: string
let app: RunningApp
const contexts: BrowserContext[] = []

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "gatehouse-next-security-"))
  browser = await buildExampleAndLaunchChromium()
  app = await startExample({
    AUTH_SECRET: newSecret(),
    AUTH_URL: undefined,
    AUTH_TRUST_HOST: "true",
    AUTH_SESSION_STRATEGY: "jwt",
    SESSION_REVOCATION_CHECK_INTERVAL: String(revocationCheckInterval),
    SESSION_FRESH_AGE: String(freshAge),
    DATABASE_PATH: join(scratch, "security.db"),
    EMAIL_SERVER: `smtp://127.0.0.1:${smtp().port}?ignoreTLS=true`,
  })
}, 240_000)

afterAll(async () => {
  for (const context of contexts) await context.close()
  await browser?.close()
  await app?.stop()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

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

/** GET /api/auth/session with the browser's cookies: what its next request gets. */
async function sessionEmail(page: Page): Promise<string | null> {
  const response = await page.request.get(`${app.origin}/api/auth/session`)
  expect(response.status()).toBe(200)
  const session = (await response.json()) as { user?: { email?: string } } | null
  return session?.user?.email ?? null
}

async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies(app.origin)).map((cookie) => cookie.name)
}

/** The example's e-mail and password form on /signin (a server action calling signIn("password")). */
async function submitPasswordSignIn(page: Page, email: string, password: string, callbackUrl = "/security") {
  await page.goto(`${app.origin}/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`)
  await page.getByTestId("password-email").fill(email)
  await page.getByTestId("password-password").fill(password)
  await page.getByTestId("password-submit").click()
}

async function signOut(page: Page) {
  await page.goto(`${app.origin}/protected`)
  await page.getByTestId("sign-out").click()
  await page.waitForURL(`${app.origin}/`)
  await page.getByTestId("sign-in-link").waitFor()
  expect(await sessionEmail(page)).toBeNull()
}

/** The Security page's view of TOTP: "on", "off" (or "unknown" when it could not ask). */
async function totpStatus(page: Page): Promise<string | null> {
  await page.goto(`${app.origin}/security`)
  return page.getByTestId("totp-status").getAttribute("data-totp")
}

function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp })
}

describe("Next.js example: password accounts and a second factor, in Chromium", () => {
  const email = uniqueAddress("next-security")
  const firstPassword = "violet kettle ninety 41"
  const newPassword = "amber lantern quietly 73"
  let secret = ""

  it("signs up on the built-in page, verifies the address from the mail, then signs in with the example's form", async () => {
    const page = await newPage()
    await page.goto(`${app.origin}/signin`)
    await page.getByTestId("password-signup-link").click()
    await page.waitForURL((url) => url.pathname === "/api/auth/password/signup")
    await page.fill('input[name="name"]', "Grace")
    await page.fill('input[name="email"]', email)
    await page.fill('input[name="password"]', firstPassword)
    await page.click('button[type="submit"]')
    await page.waitForURL((url) => url.pathname === "/api/auth/password/verify")
    // Not verified yet: no session, and the password alone does not sign in.
    expect(await cookieNames(page)).not.toContain(sessionCookie)
    const verifyMail = await mailTo(email)
    const stranger = await newPage()
    await submitPasswordSignIn(stranger, email, firstPassword)
    await stranger.waitForURL((url) => url.pathname === "/signin" && url.searchParams.get("error") === "CredentialsSignin")
    expect(await sessionEmail(stranger)).toBeNull()

    // The link opens a page with one button (link scanners spend nothing); the button verifies and signs in.
    await page.goto(mailLink(verifyMail).href)
    await page.click('button[type="submit"]')
    await page.waitForURL((url) => url.origin === app.origin && !url.pathname.startsWith("/api/auth"))
    expect(await sessionEmail(page)).toBe(email)
    await signOut(page)

    await submitPasswordSignIn(page, email, firstPassword)
    await page.waitForURL(`${app.origin}/security`)
    expect(await sessionEmail(page)).toBe(email)
    expect(await page.getByTestId("security-link").count()).toBe(1)
  })

  it("forgot → reset mail → reset: signed in with the new password, the session from before refused, the old password too", async () => {
    const before = await newPage()
    await submitPasswordSignIn(before, email, firstPassword)
    await before.waitForURL(`${app.origin}/security`)
    expect(await sessionEmail(before)).toBe(email)

    const page = await newPage()
    await page.goto(`${app.origin}/signin`)
    await page.getByTestId("password-forgot-link").click()
    await page.waitForURL((url) => url.pathname === "/api/auth/password/forgot")
    await page.fill('input[name="email"]', email)
    await page.click('button[type="submit"]')
    await page.waitForURL((url) => url.pathname === "/api/auth/password/reset")
    const resetMail = await mailTo(email)
    // The code from the mail on the page the browser landed on (the link would do too).
    await page.fill('input[name="email"]', email)
    await page.fill('input[name="code"]', mailCode(resetMail))
    await page.fill('input[name="password"]', newPassword)
    await page.click('button[type="submit"]')
    await page.waitForURL((url) => url.origin === app.origin && !url.pathname.startsWith("/api/auth"))
    expect(await sessionEmail(page)).toBe(email)
    expect((await mailTo(email)).mail.subject ?? "").not.toBe("")

    await expect.poll(() => sessionEmail(before), { timeout: (revocationCheckInterval + 4) * 1000, interval: 250 }).toBeNull()
    const old = await newPage()
    await submitPasswordSignIn(old, email, firstPassword)
    await old.waitForURL((url) => url.pathname === "/signin" && url.searchParams.get("error") === "CredentialsSignin")
    expect(await sessionEmail(old)).toBeNull()
  })

  it("turns TOTP on from the built-in page the Security page links to; turning it off later needs a fresh sign-in", async () => {
    const page = await newPage()
    await submitPasswordSignIn(page, email, newPassword)
    await page.waitForURL(`${app.origin}/security`)
    const signedInAt = Date.now()
    expect(await totpStatus(page)).toBe("off")
    await page.getByTestId("manage-second-factor").click()
    await page.waitForURL(`${app.origin}/api/auth/second-factor`)
    await page.getByRole("button", { name: "Set up an authenticator app" }).click()
    await page.waitForURL(`${app.origin}/api/auth/second-factor/totp/enroll`)
    expect(await page.locator("figure.qr svg").count()).toBe(1)
    secret = (await page.locator("code.secret").textContent())?.trim() ?? ""
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await page.fill('input[name="code"]', totpCode(secret))
    await page.getByRole("button", { name: "Turn on" }).click()
    await page.waitForURL(`${app.origin}/api/auth/second-factor/totp/confirm`)
    expect(await page.locator("ul.backup-codes li").count()).toBe(10)
    await page.getByRole("link", { name: "Continue" }).click()
    await page.waitForURL(`${app.origin}/api/auth/second-factor`)
    expect(await totpStatus(page)).toBe("on")
    expect(await page.getByTestId("totp-status").textContent()).toContain("Backup codes left: 10")
    await screenshotInBothColorSchemes(page, "security")

    // Step-up: once the sign-in is older than session.freshAge, "turn off" is refused and the browser is asked
    // for the second factor again (the user has one: the code alone re-authenticates, no password).
    await page.waitForTimeout(Math.max(0, signedInAt + (freshAge + 1) * 1000 - Date.now()))
    await page.goto(`${app.origin}/api/auth/second-factor`)
    expect(await page.locator('input[name="code"]').count()).toBe(0)
    await page.getByRole("button", { name: "Turn off two-step verification" }).click()
    await page.locator('input[name="code"]').waitFor()
    expect(new URL(page.url()).pathname).toBe("/api/auth/second-factor")
    expect(await totpStatus(page)).toBe("on")
    await signOut(page)
  }, 90_000) // it waits out session.freshAge (12 s) between its steps: too long for the default 30 s on a loaded machine

  it("the next sign-in stops at the challenge with no session; a wrong code opens nothing, the right one signs in", async () => {
    expect(secret).not.toBe("")
    const page = await newPage()
    await submitPasswordSignIn(page, email, newPassword)
    await page.waitForURL((url) => url.pathname === "/api/auth/second-factor")
    expect(await cookieNames(page)).not.toContain(sessionCookie)
    expect(await page.getAttribute('input[name="code"]', "autocomplete")).toBe("one-time-code")
    expect(await sessionEmail(page)).toBeNull()
    // The pending sign-in opens none of the example's pages.
    await page.goto(`${app.origin}/security`)
    await page.waitForURL((url) => url.pathname === "/signin")

    await page.goto(`${app.origin}/api/auth/second-factor`)
    await page.fill('input[name="code"]', "000000")
    await page.getByRole("button", { name: "Verify" }).click()
    await page.waitForURL((url) => url.pathname === "/api/auth/second-factor" && url.searchParams.get("error") === "SecondFactorFailed")
    expect(await cookieNames(page)).not.toContain(sessionCookie)

    // The next time step: the enrolment's step is spent (a code works once).
    await page.fill('input[name="code"]', totpCode(secret, Date.now() + 30_000))
    await page.getByRole("button", { name: "Verify" }).click()
    await page.waitForURL(`${app.origin}/security`)
    expect(await cookieNames(page)).toContain(sessionCookie)
    expect(await sessionEmail(page)).toBe(email)

    // Turning it off right after a sign-in: the step-up check (session.freshAge) passes.
    await page.getByTestId("manage-second-factor").click()
    await page.waitForURL(`${app.origin}/api/auth/second-factor`)
    const answered = page.waitForEvent("framenavigated")
    await page.getByRole("button", { name: "Turn off two-step verification" }).click()
    await answered
    await page.waitForLoadState()
    expect(new URL(page.url()).pathname).toMatch(/^\/api\/auth\/second-factor/)
    expect(await totpStatus(page)).toBe("off")

    await signOut(page)
    await submitPasswordSignIn(page, email, newPassword)
    await page.waitForURL(`${app.origin}/security`)
    expect(await sessionEmail(page)).toBe(email)
  })
})
