/**
 * E-mail sign-in as a person does it, in headless Chromium: the built-in sign-in page, a real
 * mail over SMTP, the confirmation page's button, and the code typed on the verify-request page.
 * The app is a plain Node server around the core handler, with the real SQLite adapter.
 */
import Database from "better-sqlite3"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import Nodemailer from "../../packages/core/src/providers/nodemailer.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import { codeFromMail, linkFromMail, startSmtpSink, type SmtpSink } from "@gatehouse/test-kit/smtp-sink"
import { type CoreAppServer, startCoreAppServer } from "./support/core-app-server.js"
import { useChromium } from "./support/launch-chromium.js"

let sink: SmtpSink
let db: Database.Database
let server: CoreAppServer
const browser = useChromium()
let origin: string
let config: AuthConfig

beforeAll(async () => {
  sink = await startSmtpSink()
  db = new Database(":memory:")
  config = {
    secret: "gatehouse-email-chromium-secret-with-32-chars-or-more",
    trustHost: true,
    adapter: SQLiteAdapter(db),
    providers: [Nodemailer({ server: sink.server, from: "Gatehouse <no-reply@gatehouse.test>" })],
    logger: silentLogger(),
  }
  server = await startCoreAppServer(config)
  origin = server.origin
})

afterAll(async () => {
  await server?.close()
  await sink?.close()
  db?.close()
})

describe("e-mail sign-in in Chromium", () => {
  it("the link opens a confirmation page; its button signs in; the link then is spent", async () => {
    const context = await browser().newContext()
    const page = await context.newPage()
    await page.goto(`${origin}/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/account`)}`)
    await page.fill("#input-email-for-nodemailer-provider", "Grace@Example.test")
    await page.click("button:has-text('Sign in with Nodemailer')")
    await page.waitForURL(/\/auth\/verify-request\?provider=nodemailer&type=email$/)
    expect(await page.textContent("h1")).toBe("Check your email")

    const received = await sink.nextMail()
    expect(received.envelope.to).toEqual(["grace@example.test"])
    const link = linkFromMail(received)
    await page.goto(link.href)
    expect(await page.textContent("body")).toContain("as grace@example.test")
    await page.click("button:has-text('Sign in')")
    await page.waitForURL(`${origin}/account`)
    expect(await page.textContent("body")).toBe("Signed in as grace@example.test")

    const again = await page.goto(link.href)
    expect(again?.status()).toBe(200)
    await page.click("button:has-text('Sign in')")
    await page.waitForURL(/\/auth\/error\?error=Verification/)
    expect(await page.textContent("h1")).toBe("Unable to sign in")
    await context.close()
  })

  it("the code from the mail, typed on the verify-request page, signs this browser in", async () => {
    const context = await browser().newContext()
    const page = await context.newPage()
    await page.goto(`${origin}/auth/signin`)
    await page.fill("#input-email-for-nodemailer-provider", "alan@example.test")
    await page.click("button:has-text('Sign in with Nodemailer')")
    await page.waitForURL(/\/auth\/verify-request/)
    const code = codeFromMail(await sink.nextMail())

    await page.fill("#verify-email", "alan@example.test")
    await page.fill("#verify-code", "WRONG-CODE")
    await page.click("button:has-text('Sign in with code')")
    await page.waitForURL(/error=Verification/)
    expect(await page.textContent(".error")).toContain("That code is wrong")

    await page.fill("#verify-email", "alan@example.test")
    await page.fill("#verify-code", code)
    await page.click("button:has-text('Sign in with code')")
    await page.waitForURL(`${origin}/`)
    expect(await page.textContent("body")).toBe("Signed in as alan@example.test")
    await context.close()
  })

  it("an address with a second (full-width) @ is refused on the sign-in page and no mail goes out", async () => {
    const context = await browser().newContext()
    const page = await context.newPage()
    await page.goto(`${origin}/auth/signin`)
    const before = sink.received.length
    // type="email" would stop the browser itself; the server must refuse it on its own.
    await page.$eval("#input-email-for-nodemailer-provider", (input) => input.setAttribute("type", "text"))
    await page.fill("#input-email-for-nodemailer-provider", "attacker@evil.test＠example.test")
    await page.click("button:has-text('Sign in with Nodemailer')")
    await page.waitForURL(/\/auth\/signin\?error=EmailSignin/)
    expect(await page.textContent(".error")).toContain("The e-mail could not be sent.")
    expect(sink.received.length).toBe(before)
    await context.close()
  })

  it("attack: a confirmation that fails (no CSRF cookie) keeps the still-valid link out of the next page's Referer", async () => {
    // The app's own sign-in page receives the failure; its scripts (analytics, say) could read the Referer.
    const withLoginPage = await startCoreAppServer({ ...config, pages: { signIn: "/login" } })
    try {
      const context = await browser().newContext()
      const page = await context.newPage()
      // Asked for on the first app (same database and secret): this one's sign-in page is the app's /login.
      await page.goto(`${origin}/auth/signin`)
      await page.fill("#input-email-for-nodemailer-provider", "ada@example.test")
      await page.click("button:has-text('Sign in with Nodemailer')")
      await page.waitForURL(/\/auth\/verify-request/)
      const link = linkFromMail(await sink.nextMail())
      await page.goto(link.href.replace(origin, withLoginPage.origin))
      await context.clearCookies({ name: /csrf-token/ })
      const loginRequest = page.waitForRequest((request) => new URL(request.url()).pathname === "/login")
      await page.click("button:has-text('Sign in')")
      const landed = await loginRequest
      expect(new URL(landed.url()).searchParams.get("error")).toBe("MissingCSRF")
      expect(await landed.headerValue("referer")).toBeNull()
      await context.close()
    } finally {
      await withLoginPage.close()
    }
  })
})
