/**
 * examples/sveltekit's password accounts and second factor in Chromium (issues 31 and 32), on a
 * production build (adapter-node), every mail through a real SMTP server:
 * - sign-up on the built-in page → verification mail → verified and signed in; the example's password
 *   form signs in; an unverified address does not;
 * - TOTP turned on from the example's Security page (the QR code and the key shown, the code computed
 *   from the key with otpauth as an authenticator app would, the backup codes shown once); the next
 *   sign-in stops at the challenge with no session (GET /auth/session null), the code signs in; a
 *   backup code works once;
 * - turning it off once the sign-in is older than session.freshAge sends the browser through the
 *   built-in re-authentication; right after signing in again it works, and the next sign-in asks for no code;
 * - forgot → reset mail → reset: the other browser's session is refused, the old password too.
 */
import { execFile } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { useSmtpSink } from "@gatehouse/test-kit/use-smtp-sink"
import { uniqueAddress } from "@gatehouse/test-kit/unique-address"
import { Secret, TOTP } from "otpauth"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freePort } from "./support/free-port.js"
import { launchChromium } from "./support/launch-chromium.js"
import { mailCode, mailLink } from "./support/password-app.js"
import { type RunningServer, spawnServer } from "./support/spawn-server.js"

const run = promisify(execFile)
const repoRoot = resolve(import.meta.dirname, "../..")
const exampleDir = join(repoRoot, "examples/sveltekit")
// Inside the example, so the built server resolves its external packages from the workspace.
const buildDir = join(exampleDir, ".tmp", `e2e-security-${process.pid}-${randomBytes(3).toString("hex")}`)
const sessionCookie = "authjs.session-token"
/** JWT sessions are checked against their rows at most this often (seconds): the bound on a revocation. */
const revocationCheckInterval = 1
/** How recent a sign-in turning the second factor off needs (seconds): short, so a test can outwait it. */
const freshAge = 12
const flowTimeout = 90_000

const smtp = useSmtpSink()
let browser: Browser
let scratch: string
let app: RunningServer
const contexts: BrowserContext[] = []

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "gatehouse-sveltekit-security-"))
  const [, launched, port] = await Promise.all([
    run("npm", ["run", "build"], { cwd: exampleDir, env: { ...process.env, EXAMPLE_OUT_DIR: buildDir }, maxBuffer: 16 * 1024 * 1024 }),
    launchChromium(),
    freePort(),
  ])
  browser = launched
  const origin = `http://127.0.0.1:${port}`
  const inherited: Record<string, string> = {}
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) inherited[name] = value
  app = await spawnServer({
    command: process.execPath,
    args: [join(buildDir, "build/index.js")],
    cwd: exampleDir,
    env: {
      ...inherited,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      // adapter-node builds event.url from ORIGIN; SvelteKit refuses form posts from any other origin.
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
    label: "The SvelteKit example",
  })
}, 240_000)

afterAll(async () => {
  for (const context of contexts) await context.close()
  await browser?.close()
  await app?.stop()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
  rmSync(buildDir, { recursive: true, force: true })
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

async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" })
}

/** The example's e-mail and password form on /signin (the signIn form action, provider "password"). */
async function submitPasswordSignIn(page: Page, email: string, password: string, callbackUrl = "/security") {
  await page.goto(`${app.origin}/signin?${new URLSearchParams({ callbackUrl })}`)
  await page.getByTestId("password-email").fill(email)
  await page.getByTestId("password-password").fill(password)
  await page.getByTestId("password-submit").click()
}

/** The form action caught signIn's CredentialsSignin and showed the form again with it: no session. */
async function expectRefused(page: Page) {
  await expect(page.getByTestId("sign-in-error").textContent()).resolves.toContain("CredentialsSignin")
  expect(new URL(page.url()).pathname).toBe("/signin")
  expect(await sessionEmail(page)).toBeNull()
}

async function signOut(page: Page) {
  await page.goto(`${app.origin}/`)
  await page.getByRole("button", { name: "Sign out", exact: true }).click()
  await page.getByText("Not signed in").waitFor()
  expect(await sessionEmail(page)).toBeNull()
}

/** The Security page's view of TOTP: "on", "off" (or "unknown" when it could not ask). */
async function totpStatus(page: Page): Promise<string | null> {
  await page.goto(`${app.origin}/security`)
  await hydrated(page)
  return page.getByTestId("totp-status").getAttribute("data-totp")
}

function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp })
}

/** The built-in challenge page: a code (TOTP or backup) and its button. */
async function answerChallenge(page: Page, code: string) {
  await page.fill('input[name="code"]', code)
  await page.getByRole("button", { name: "Verify" }).click()
}

describe("SvelteKit example: password accounts and a second factor, in Chromium", () => {
  const email = uniqueAddress("sveltekit-security")
  const firstPassword = "violet kettle ninety 41"
  const newPassword = "amber lantern quietly 73"
  let secret = ""
  let backupCodes: string[] = []
  /** The TOTP step of the last code used: a code works once, so each sign-in needs a later step. */
  let lastStep = 0

  /**
   * A code of a step after the last one used, and no further ahead than the one step of clock drift the
   * server allows (waiting for the clock when the last code used was already a step ahead).
   */
  async function freshTotpCode(page: Page): Promise<string> {
    const step = lastStep + 1
    const wait = step * 30_000 - 30_000 - Date.now()
    if (wait > 0) await page.waitForTimeout(wait + 250)
    lastStep = step
    return totpCode(secret, step * 30_000)
  }

  it(
    "signs up on the built-in page, verifies the address from the mail, then signs in with the example's form",
    async () => {
      const page = await newPage()
      await page.goto(`${app.origin}/signin`)
      await page.getByTestId("password-signup-link").click()
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
      await page.waitForURL(`${app.origin}/security`)
      expect(await sessionEmail(page)).toBe(email)
      await expect(page.getByTestId("status").textContent()).resolves.toContain("Grace")
    },
    flowTimeout,
  )

  it(
    "turns TOTP on from the Security page: QR code and key, a code from the key, backup codes shown once",
    async () => {
      const page = await newPage()
      await submitPasswordSignIn(page, email, firstPassword)
      await page.waitForURL(`${app.origin}/security`)
      expect(await totpStatus(page)).toBe("off")

      await page.getByTestId("totp-enroll").click()
      await page.getByTestId("enrolment").waitFor()
      expect(await page.locator('[data-testid="totp-qr"] svg').count()).toBe(1)
      secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? ""
      expect(secret).toMatch(/^[A-Z2-7]{32}$/)
      // Nothing is active before the code: a sign-in elsewhere asks for none.
      const elsewhere = await newPage()
      await submitPasswordSignIn(elsewhere, email, firstPassword)
      await elsewhere.waitForURL(`${app.origin}/security`)

      // A wrong code keeps it off.
      await page.getByTestId("totp-code").fill("000000")
      await page.getByTestId("totp-confirm").click()
      await page.getByTestId("security-problem").waitFor()
      expect(await page.getByTestId("backup-codes").count()).toBe(0)

      const now = Date.now()
      lastStep = Math.floor(now / 30_000)
      await page.getByTestId("totp-code").fill(totpCode(secret, now))
      await page.getByTestId("totp-confirm").click()
      await page.getByTestId("backup-codes").waitFor()
      backupCodes = (await page.locator('[data-testid="backup-codes"] li code').allTextContents()).map((code) => code.trim())
      expect(backupCodes).toHaveLength(10)
      expect(new Set(backupCodes).size).toBe(10)
      await expect.poll(() => page.getByTestId("totp-status").getAttribute("data-totp")).toBe("on")

      // Shown once: the page, loaded again, has the count only.
      expect(await totpStatus(page)).toBe("on")
      expect(await page.getByTestId("totp-status").textContent()).toContain("Backup codes left: 10")
      expect(await page.getByTestId("backup-codes").count()).toBe(0)
      for (const code of backupCodes) expect(await page.content()).not.toContain(code)
      await signOut(page)
    },
    flowTimeout,
  )

  it(
    "the next sign-in stops at the challenge with no session until the code; the code signs in",
    async () => {
      expect(secret).not.toBe("")
      const page = await newPage()
      await submitPasswordSignIn(page, email, firstPassword)
      await page.waitForURL((url) => url.pathname === "/auth/second-factor")
      expect(await cookieNames(page)).not.toContain(sessionCookie)
      expect(await page.getAttribute('input[name="code"]', "autocomplete")).toBe("one-time-code")
      expect(await sessionEmail(page)).toBeNull()
      // The pending sign-in opens none of the example's pages.
      await page.goto(`${app.origin}/security`)
      await page.waitForURL((url) => url.pathname === "/signin")
      expect(await (await page.request.get(`${app.origin}/api/session`)).json()).toBeNull()

      await page.goto(`${app.origin}/auth/second-factor`)
      await answerChallenge(page, "000000")
      await page.waitForURL((url) => url.pathname === "/auth/second-factor" && url.searchParams.get("error") === "SecondFactorFailed")
      expect(await cookieNames(page)).not.toContain(sessionCookie)
      expect(await sessionEmail(page)).toBeNull()

      await answerChallenge(page, await freshTotpCode(page))
      await page.waitForURL(`${app.origin}/security`)
      expect(await cookieNames(page)).toContain(sessionCookie)
      expect(await sessionEmail(page)).toBe(email)
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
      await submitPasswordSignIn(page, email, firstPassword)
      await page.waitForURL((url) => url.pathname === "/auth/second-factor")
      await answerChallenge(page, backupCode!)
      await page.waitForURL(`${app.origin}/security`)
      expect(await sessionEmail(page)).toBe(email)
      expect(await page.getByTestId("totp-status").textContent()).toContain("Backup codes left: 9")
      await signOut(page)

      await submitPasswordSignIn(page, email, firstPassword)
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
      await submitPasswordSignIn(page, email, firstPassword)
      await page.waitForURL((url) => url.pathname === "/auth/second-factor")
      await answerChallenge(page, await freshTotpCode(page))
      await page.waitForURL(`${app.origin}/security`)
      const signedInAt = Date.now()

      await page.waitForTimeout(Math.max(0, signedInAt + (freshAge + 1) * 1000 - Date.now()))
      expect(await totpStatus(page)).toBe("on")
      await page.getByTestId("totp-disable").click()
      // The endpoint answered 401 (RFC 9470); the page went to GET /auth/reauthenticate, which sends the
      // browser to sign in again and back to the Security page.
      await page.waitForURL((url) => url.pathname === "/signin" && (url.searchParams.get("callbackUrl") ?? "").endsWith("/security"))
      await page.getByTestId("password-email").fill(email)
      await page.getByTestId("password-password").fill(firstPassword)
      await page.getByTestId("password-submit").click()
      await page.waitForURL((url) => url.pathname === "/auth/second-factor")
      await answerChallenge(page, await freshTotpCode(page))
      await page.waitForURL(`${app.origin}/security`)
      // Still on: the refused request changed nothing.
      await expect(page.getByTestId("totp-status").getAttribute("data-totp")).resolves.toBe("on")
      await hydrated(page)
      await page.getByTestId("totp-disable").click()
      await expect.poll(() => page.getByTestId("totp-status").getAttribute("data-totp")).toBe("off")
      expect(await totpStatus(page)).toBe("off")

      await signOut(page)
      await submitPasswordSignIn(page, email, firstPassword)
      await page.waitForURL(`${app.origin}/security`)
      expect(await sessionEmail(page)).toBe(email)
    },
    flowTimeout,
  )

  it(
    "forgot → reset mail → reset: signed in with the new password, the other browser's session refused, the old password too",
    async () => {
      const before = await newPage()
      await submitPasswordSignIn(before, email, firstPassword)
      await before.waitForURL(`${app.origin}/security`)
      expect(await sessionEmail(before)).toBe(email)

      const page = await newPage()
      await page.goto(`${app.origin}/signin`)
      await page.getByTestId("password-forgot-link").click()
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
      await before.goto(`${app.origin}/security`)
      await before.waitForURL((url) => url.pathname === "/signin")

      const old = await newPage()
      await submitPasswordSignIn(old, email, firstPassword)
      await expectRefused(old)
    },
    flowTimeout,
  )
})
