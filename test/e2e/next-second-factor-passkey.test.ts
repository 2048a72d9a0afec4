/**
 * A passkey as the second factor in the Next.js example (production build), in headless Chromium
 * with a CDP virtual authenticator, every mail through a real SMTP server: a user signed in by
 * e-mail link adds a passkey from the Security page and turns TOTP on; their next e-mail sign-in
 * stops at the challenge with no session cookie, and the built-in page's "Use a passkey" finishes it.
 * The browser uses http://localhost:<port>: WebAuthn refuses IP addresses as relying party ids.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { uniqueAddress } from "@gatehouse/test-kit/unique-address"
import { useSmtpSink } from "@gatehouse/test-kit/use-smtp-sink"
import { Secret, TOTP } from "otpauth"
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildExampleAndLaunchChromium, newSecret, type RunningApp, startExample } from "./support/next-example.js"
import { mailLink } from "./support/password-app.js"
import { openPasskeyPage } from "./support/virtual-authenticator.js"

const sessionCookie = "authjs.session-token"
const smtp = useSmtpSink()
let browser: Browser
let scratch: string
let app: RunningApp
let context: BrowserContext
let page: Page
let cdp: CDPSession
let authenticatorId: string
/** What the page did, printed when a test fails. */
const trace: string[] = []

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "gatehouse-next-passkey-2fa-"))
  browser = await buildExampleAndLaunchChromium()
  app = await startExample(
    {
      AUTH_SECRET: newSecret(),
      AUTH_URL: undefined,
      AUTH_TRUST_HOST: "true",
      AUTH_SESSION_STRATEGY: "jwt",
      DATABASE_PATH: join(scratch, "passkey-2fa.db"),
      EMAIL_SERVER: `smtp://127.0.0.1:${smtp().port}?ignoreTLS=true`,
    },
    { hostname: "localhost" },
  )
  context = await browser.newContext()
  ;({ page, cdp, authenticatorId } = await openPasskeyPage(context, trace))
}, 300_000)

afterAll(async (suite) => {
  if (suite.tasks.some((task) => task.result?.state === "fail")) console.log(`Browser trace:\n${trace.join("\n")}`)
  await context?.close()
  await browser?.close()
  await app?.stop()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

async function sessionEmail(): Promise<string | null> {
  const session = (await (await page.request.get(`${app.origin}/api/auth/session`)).json()) as { user?: { email?: string } } | null
  return session?.user?.email ?? null
}

/** The example's e-mail form, then the link from the mail and its page's button: where the browser lands. */
async function signInByEmail(email: string) {
  await page.goto(`${app.origin}/signin?callbackUrl=${encodeURIComponent("/security")}`)
  await page.getByTestId("email").fill(email)
  await page.getByTestId("email-submit").click()
  await page.waitForURL((url) => url.pathname === "/api/auth/verify-request")
  const received = await smtp().nextMail()
  expect(received.envelope.to).toEqual([email])
  await page.goto(mailLink(received).href)
  await page.getByRole("button", { name: "Sign in" }).click()
}

/**
 * Whether the virtual authenticator answers by itself. Off while the sign-in page is open: the page
 * starts passkey autofill, which Chromium's authenticator would answer with its passkey (a passkey
 * sign-in, two factors already) before the e-mail form is used.
 */
function authenticatorAnswers(enabled: boolean) {
  return cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled })
}

function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp })
}

describe("Next.js example: a passkey as the second factor, in Chromium", () => {
  const email = uniqueAddress("next-passkey-2fa")

  it("adds a passkey from the Security page and turns TOTP on", async () => {
    await signInByEmail(email)
    await page.waitForURL(`${app.origin}/security`)
    expect(await page.getByTestId("passkey-count").getAttribute("data-passkeys")).toBe("0")
    await page.getByTestId("add-passkey").click()
    await expect.poll(async () => page.getByTestId("passkey-count").getAttribute("data-passkeys"), { timeout: 15_000 }).toBe("1")
    expect(await sessionEmail()).toBe(email)

    await page.getByTestId("manage-second-factor").click()
    await page.waitForURL(`${app.origin}/api/auth/second-factor`)
    await page.getByRole("button", { name: "Set up an authenticator app" }).click()
    await page.waitForURL(`${app.origin}/api/auth/second-factor/totp/enroll`)
    const secret = (await page.locator("code.secret").textContent())?.trim() ?? ""
    await page.fill('input[name="code"]', totpCode(secret))
    await page.getByRole("button", { name: "Turn on" }).click()
    await page.waitForURL(`${app.origin}/api/auth/second-factor/totp/confirm`)
    expect(await page.locator("ul.backup-codes li").count()).toBe(10)
  })

  it("the next e-mail sign-in stops at the challenge, and the user's passkey finishes it", async () => {
    await context.clearCookies()
    expect(await sessionEmail()).toBeNull()
    await authenticatorAnswers(false)
    await signInByEmail(email)
    await page.waitForURL(`${app.origin}/api/auth/second-factor`)
    await authenticatorAnswers(true)
    expect((await context.cookies(app.origin)).map((cookie) => cookie.name)).not.toContain(sessionCookie)
    expect(await sessionEmail()).toBeNull()
    // The code field and the passkey: either answers.
    expect(await page.getAttribute('input[name="code"]', "autocomplete")).toBe("one-time-code")
    await page.getByRole("button", { name: "Use a passkey" }).click()
    await page.waitForURL(`${app.origin}/security`)
    expect(await sessionEmail()).toBe(email)
  })
})
