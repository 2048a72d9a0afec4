/**
 * Issue 22, items 2 and 3, attacked through `Auth` with a real SMTP server and real databases:
 * padding an address must not escape its per-address limit, and many mails must not multiply the
 * guesses at codes (a new mail supersedes the earlier codes; the attempt budget belongs to the
 * address for the window, whatever the number of mails).
 */
import { adapterDatabaseKinds, useAdapterDatabase } from "@gatehouse/test-kit/adapter-databases"
import { describe, expect, test } from "vitest"
import { Auth } from "../../packages/core/src/handler/auth.js"
import Nodemailer from "../../packages/core/src/providers/nodemailer.js"
import type { AuthConfig, RateLimitOptions } from "../../packages/core/src/types.js"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import { pageForms } from "@gatehouse/test-kit/html-form"
import { codeFromMail, linkFromMail, type ReceivedMail } from "@gatehouse/test-kit/smtp-sink"
import { uniqueAddress } from "@gatehouse/test-kit/unique-address"
import { useSmtpSink } from "@gatehouse/test-kit/use-smtp-sink"

const origin = "http://localhost:3000"
const base = `${origin}/auth`
const landing = `${origin}/dashboard`

const sink = useSmtpSink()

/** Takes every mail that has arrived so far (the sink keeps them in order). */
async function mailsFor(email: string, count: number): Promise<ReceivedMail[]> {
  const mails: ReceivedMail[] = []
  while (mails.length < count) {
    const mail = await sink().nextMail()
    if (mail.envelope.to.includes(email)) mails.push(mail)
  }
  return mails
}

describe.each(adapterDatabaseKinds)("e-mail limits on %s", (kind) => {
  const database = useAdapterDatabase(kind, "limits")

  function app(rateLimit: RateLimitOptions | false = false) {
    const logger = silentLogger()
    const config: AuthConfig = {
      secret: "gatehouse-limits-test-secret-with-more-than-32-chars",
      trustHost: true,
      basePath: "/auth",
      adapter: database().adapter,
      providers: [Nodemailer({ server: sink().server, from: "Gatehouse <no-reply@gatehouse.test>" })],
      logger,
      rateLimit,
    }
    return { config, logger, browser: new TestBrowser((request) => Auth(request, config)) }
  }

  const requestMail = (browser: TestBrowser, email: string) =>
    browser.post(`${base}/signin/nodemailer`, { email, callbackUrl: landing }, base)

  async function postCode(browser: TestBrowser, email: string, code: string): Promise<string | null> {
    const page = await browser.fetch(`${base}/verify-request?provider=nodemailer&type=email`)
    const form = pageForms(await page.text()).find((f) => f.action.endsWith("/callback/nodemailer"))!
    const response = await browser.fetch(form.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...form.fields, email, code }),
    })
    return response.headers.get("location")
  }

  async function confirmLink(browser: TestBrowser, link: URL): Promise<string | null> {
    const [form] = pageForms(await (await browser.fetch(link.href)).text())
    const response = await browser.fetch(form.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form.fields),
    })
    return response.headers.get("location")
  }

  test("padding the address (1,100 spaces) does not escape its per-address limit: no mail past it", async () => {
    const { browser } = app({ perIp: false, perAccount: { limit: 3, window: 60 } })
    const victim = uniqueAddress("padded")
    const before = sink().received.length
    const statuses = []
    for (const pad of [0, 1100, 1100, 1200, 1279 - victim.length])
      statuses.push((await requestMail(browser, " ".repeat(pad) + victim)).status)
    expect(statuses).toEqual([302, 302, 302, 429, 429])
    await mailsFor(victim, 3)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(
      sink()
        .received.slice(before)
        .filter((m) => m.envelope.to.includes(victim)),
    ).toHaveLength(3)
  })

  test("an address padded past the flow's length limit is refused without a mail, and counted", async () => {
    const { browser, logger } = app({ perIp: false, perAccount: { limit: 2, window: 60 } })
    const victim = uniqueAddress("overlong")
    const before = sink().received.length
    const locations = []
    for (let i = 0; i < 3; i++) {
      const response = await requestMail(browser, " ".repeat(1300) + victim)
      locations.push(response.status === 429 ? "429" : response.headers.get("location"))
    }
    expect(locations).toEqual([`${base}/signin?error=EmailSignin`, `${base}/signin?error=EmailSignin`, "429"])
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(sink().received.length).toBe(before)
    expect(logger.errors.some((e) => /too long/.test(e.message))).toBe(true)
  })

  test("a new mail supersedes the earlier code; the earlier link still works", async () => {
    const email = uniqueAddress("supersede")
    const { browser } = app()
    await requestMail(browser, email)
    const [first] = await mailsFor(email, 1)
    await requestMail(browser, email)
    const [second] = await mailsFor(email, 1)
    expect(codeFromMail(first!)).not.toBe(codeFromMail(second!))

    expect(await postCode(app().browser, email, codeFromMail(first!))).toContain("error=Verification")
    expect(await postCode(browser, email, codeFromMail(second!))).toBe(landing)

    // Links carry 256 bits: an earlier mail's link stays usable (here: a third mail's first link).
    await requestMail(browser, email)
    const [third] = await mailsFor(email, 1)
    await requestMail(browser, email)
    await mailsFor(email, 1)
    expect(await confirmLink(browser, linkFromMail(third!))).toBe(landing)
  })

  test("M mails give five guesses in all, not 5·M: after five wrong codes even the latest right one is refused", async () => {
    const email = uniqueAddress("many-mails")
    const { browser } = app()
    for (let i = 0; i < 4; i++) await requestMail(browser, email)
    const mails = await mailsFor(email, 4)
    const attacker = app().browser
    const codes = new Set(mails.map(codeFromMail))
    const wrong = ["2222-2222", "3333-3333", "4444-4444", "5555-5555", "6666-6666", "7777-7777"].filter((c) => !codes.has(c))
    for (const guess of wrong.slice(0, 5)) expect(await postCode(attacker, email, guess)).toContain("error=Verification")
    // More mails add no attempts.
    for (let i = 0; i < 3; i++) await requestMail(browser, email)
    const [latest] = (await mailsFor(email, 3)).slice(-1)
    expect(await postCode(attacker, email, codeFromMail(latest!))).toContain("error=Verification")
    expect(await postCode(browser, email, codeFromMail(latest!))).toContain("error=Verification")
  })

  test("mails sent at once: at most one of their codes signs in", async () => {
    for (let round = 0; round < 3; round++) {
      const email = uniqueAddress("race")
      const { browser } = app()
      await browser.csrfToken(base) // one CSRF cookie first, so the five posts race on the mails, not on minting cookies
      await Promise.all(Array.from({ length: 5 }, () => requestMail(browser, email)))
      const mails = await mailsFor(email, 5)
      const results = []
      for (const mail of mails) results.push(await postCode(app().browser, email, codeFromMail(mail)))
      // A browser that did not ask lands on the site's origin.
      expect(results.filter((location) => location === origin)).toHaveLength(1)
      expect(results.filter((location) => location?.includes("error=Verification"))).toHaveLength(4)
    }
  })
})
