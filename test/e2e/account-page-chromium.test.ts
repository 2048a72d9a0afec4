/**
 * The built-in account page (issue 33) as a person meets it, in headless Chromium: axe-core finds no
 * serious or critical violation in light and dark, in English and Japanese; every visible input has
 * its label; the deletion form cannot be sent before its checkbox is ticked; and the unlink button,
 * pressed with the keyboard alone, unlinks and says so. Screenshots go to .tmp/screenshots/pages/.
 */
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import Database from "better-sqlite3"
import type { BrowserContext } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import { Account } from "../../packages/core/src/account/index.js"
import ja from "../../packages/core/src/locales/ja.js"
import GitHub from "../../packages/core/src/providers/github.js"
import Passkey from "../../packages/core/src/providers/passkey.js"
import Password from "../../packages/core/src/providers/password.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import { repoRoot } from "./support/clean-room-app.js"
import { type CoreAppServer, startCoreAppServer } from "./support/core-app-server.js"
import { useChromium } from "./support/launch-chromium.js"
import { seriousViolations } from "./support/serious-violations.js"
import { cheapHashing, seedPasskey, seedPasswordUser } from "./support/account-app.js"

const screenshots = join(repoRoot, ".tmp", "screenshots", "pages")
const browser = useChromium()
let db: Database.Database
let server: CoreAppServer
let adapter: ReturnType<typeof SQLiteAdapter>

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true })
  db = new Database(":memory:")
  adapter = SQLiteAdapter(db)
  const config: AuthConfig = {
    secret: "gatehouse-account-page-secret-with-32-chars-or-more",
    trustHost: true,
    adapter,
    experimental: { enableWebAuthn: true },
    providers: [GitHub({ clientId: "id", clientSecret: "secret" }), Passkey({}), Password({ hashing: cheapHashing, send: async () => {} })],
    session: { strategy: "database" },
    account: Account(),
    pages: { locales: [ja] },
    logger: silentLogger(),
  }
  server = await startCoreAppServer(config)
})

afterAll(async () => {
  await server?.close()
  db?.close()
})

/** A user with a password, a GitHub account and a passkey, signed in in a new browser context. */
async function signedInContext(colorScheme: "light" | "dark", locale: string): Promise<BrowserContext> {
  const email = `page-${crypto.randomUUID().slice(0, 8)}@example.test`
  const user = await seedPasswordUser(adapter, email, "a long enough passphrase")
  await adapter.linkAccount!({ userId: user.id, type: "oauth", provider: "github", providerAccountId: crypto.randomUUID() })
  await seedPasskey(adapter, user.id)
  const context = await browser().newContext({ colorScheme, bypassCSP: true, locale, viewport: { width: 520, height: 1200 } })
  const page = await context.newPage()
  await page.goto(`${server.origin}/auth/signin`)
  await page.fill("#input-email-for-password-provider", email)
  await page.fill("#input-password-for-password-provider", "a long enough passphrase")
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith("/auth/")),
    page.press("#input-password-for-password-provider", "Enter"),
  ])
  await page.close()
  return context
}

describe("the account page in Chromium", () => {
  const views: Array<[name: string, colorScheme: "light" | "dark", locale: string, query: string]> = [
    ["account", "light", "en-US", ""],
    ["account", "dark", "en-US", ""],
    ["account-ja", "light", "ja-JP", ""],
    ["account-error", "light", "en-US", "?error=last-method"],
    ["account-done", "dark", "en-US", "?done=email-sent"],
  ]

  it.each(views)("%s (%s, %s): no serious or critical violations; every input labelled", async (name, colorScheme, locale, query) => {
    const context = await signedInContext(colorScheme, locale)
    try {
      const page = await context.newPage()
      await page.goto(`${server.origin}/auth/account${query}`)
      expect(await page.locator("h1").count()).toBe(1)
      expect(await page.getAttribute("html", "lang")).toBe(locale.slice(0, 2))
      for (const input of await page.locator("input:not([type=hidden])").all()) {
        const id = await input.getAttribute("id")
        expect(id).toBeTruthy()
        expect(await page.locator(`label[for="${id}"]`).count()).toBe(1)
      }
      await page.screenshot({ path: join(screenshots, `${name}-${colorScheme}.png`), fullPage: true })
      expect(await seriousViolations(page)).toEqual([])
    } finally {
      await context.close()
    }
  })

  it("deleting needs the checkbox; unlinking works from the keyboard and says so", async () => {
    const context = await signedInContext("light", "en-US")
    try {
      const page = await context.newPage()
      await page.goto(`${server.origin}/auth/account`)
      await page.getByRole("button", { name: "Delete my account" }).click()
      // The browser refuses to send the form: the page has not moved, and the user is still there.
      expect(new URL(page.url()).pathname).toBe("/auth/account")
      expect(await page.evaluate(() => (document.querySelector("#account-delete-understood") as HTMLInputElement).validity.valid)).toBe(
        false,
      )

      await page.getByRole("button", { name: "Unlink GitHub" }).focus()
      await Promise.all([page.waitForURL(/done=unlinked/), page.keyboard.press("Enter")])
      expect(await page.getByRole("status").textContent()).toBe("The account was unlinked.")
      expect(await page.getByRole("button", { name: "Unlink GitHub" }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })
})
