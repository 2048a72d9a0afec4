/**
 * The built-in second-factor pages in headless Chromium (issue 31): a user turns TOTP on from the
 * page (QR code, key, confirmation, backup codes shown once), and the next sign-in is asked for the
 * code before any session; each step has no serious or critical axe-core violation, every input a
 * label, and the code field `autocomplete="one-time-code"`.
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import Database from "better-sqlite3"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import ja from "../../packages/core/src/locales/ja.js"
import Credentials from "../../packages/core/src/providers/credentials.js"
import { SecondFactor, totpCodeAt } from "../../packages/core/src/second-factor/index.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import { type CoreAppServer, startCoreAppServer } from "./support/core-app-server.js"
import { useChromium } from "./support/launch-chromium.js"

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")
const browser = useChromium()
let db: Database.Database
let server: CoreAppServer

beforeAll(async () => {
  db = new Database(":memory:")
  const config: AuthConfig = {
    secret: "gatehouse-second-factor-pages-secret-32-chars-or-more",
    trustHost: true,
    adapter: SQLiteAdapter(db),
    session: { strategy: "jwt" },
    secondFactor: SecondFactor({ issuer: "Gatehouse pages" }),
    pages: { locales: [ja] },
    providers: [
      Credentials({
        credentials: {
          username: { label: "Username", autocomplete: "username" },
          password: { label: "Password", type: "password", autocomplete: "current-password" },
        },
        authorize: (c) => (c.username === "ada" && c.password === "lovelace" ? { id: "1", name: "Ada", email: "ada@example.test" } : null),
      }),
    ],
    logger: silentLogger(),
  }
  server = await startCoreAppServer(config)
})

afterAll(async () => {
  await server?.close()
  db?.close()
})

async function newPage(locale = "en-US"): Promise<Page> {
  // bypassCSP only so that axe itself can be injected; the pages are otherwise as served.
  const context = await browser().newContext({ bypassCSP: true, locale, viewport: { width: 520, height: 900 } })
  return context.newPage()
}

async function expectAccessible(page: Page) {
  expect(await page.locator("h1").count()).toBe(1)
  for (const input of await page.locator("input:not([type=hidden])").all()) {
    expect(await page.locator(`label[for="${await input.getAttribute("id")}"]`).count()).toBe(1)
  }
  await page.addScriptTag({ content: axeSource })
  const results = await page.evaluate(() => (window as any).axe.run(document, { resultTypes: ["violations"] }))
  const serious = (results.violations as Array<{ id: string; impact: string }>).filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  )
  expect(serious.map((v) => v.id)).toEqual([])
}

async function signIn(page: Page) {
  await page.goto(`${server.origin}/auth/signin?callbackUrl=${encodeURIComponent("/account")}`)
  await page.fill('input[name="username"]', "ada")
  await page.fill('input[name="password"]', "lovelace")
  await page.click('button[type="submit"]')
}

describe("second-factor pages in Chromium", () => {
  let secret = ""

  it("enrolment from the page: QR code, key, confirmation, backup codes once", async () => {
    const page = await newPage()
    try {
      await signIn(page)
      await page.waitForURL(`${server.origin}/account`)
      await page.goto(`${server.origin}/auth/second-factor`)
      await expectAccessible(page)
      await page.getByRole("button", { name: "Set up an authenticator app" }).click()
      await page.waitForURL(`${server.origin}/auth/second-factor/totp/enroll`)
      expect(await page.locator("figure.qr svg").count()).toBe(1)
      secret = (await page.locator("code.secret").textContent())!.trim()
      expect(secret).toMatch(/^[A-Z2-7]{32}$/)
      await expectAccessible(page)
      await page.fill('input[name="code"]', await totpCodeAt(secret))
      await page.getByRole("button", { name: "Turn on" }).click()
      await page.waitForURL(`${server.origin}/auth/second-factor/totp/confirm`)
      expect(await page.locator("ul.backup-codes li").count()).toBe(10)
      await expectAccessible(page)
      await page.getByRole("link", { name: "Continue" }).click()
      await page.waitForURL(`${server.origin}/auth/second-factor`)
      expect(await page.textContent("main")).toContain("Backup codes left: 10")
    } finally {
      await page.context().close()
    }
  })

  it("the next sign-in asks for the code on an accessible page before any session", async () => {
    expect(secret).not.toBe("")
    const page = await newPage()
    try {
      await signIn(page)
      await page.waitForURL(`${server.origin}/auth/second-factor`)
      const cookies = await page.context().cookies()
      expect(cookies.map((cookie) => cookie.name)).not.toContain("authjs.session-token")
      expect(await page.getAttribute('input[name="code"]', "autocomplete")).toBe("one-time-code")
      await expectAccessible(page)
      await page.goto(`${server.origin}/account`)
      expect(await page.textContent("body")).toBe("Not signed in")
      await page.goto(`${server.origin}/auth/second-factor`)
      await page.fill('input[name="code"]', "000000")
      await page.getByRole("button", { name: "Verify" }).click()
      await page.waitForURL(`${server.origin}/auth/second-factor?error=SecondFactorFailed`)
      expect(await page.getByRole("alert").count()).toBe(1)
      await expectAccessible(page)
      await page.fill('input[name="code"]', await totpCodeAt(secret, Date.now() + 30_000))
      await page.getByRole("button", { name: "Verify" }).click()
      await page.waitForURL(`${server.origin}/account`)
      expect(await page.textContent("body")).toBe("Signed in as ada@example.test")
    } finally {
      await page.context().close()
    }
  })

  it("the challenge speaks the visitor's language", async () => {
    const page = await newPage("ja-JP")
    try {
      await signIn(page)
      await page.waitForURL(`${server.origin}/auth/second-factor`)
      expect(await page.getAttribute("html", "lang")).toBe("ja")
      expect(await page.textContent("h1")).toBe("確認コードを入力してください")
      await expectAccessible(page)
    } finally {
      await page.context().close()
    }
  })
})
