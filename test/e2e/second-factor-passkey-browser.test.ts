/**
 * A passkey as the second factor in headless Chromium with a CDP virtual authenticator: the
 * challenge page's "Use a passkey" button runs the WebAuthn provider's page script (its CSP hash
 * allowed, nothing bypassed), the browser's own ceremony answers the pending sign-in, and only
 * then is there a session. A browser whose authenticator holds no passkey of the pending user gets
 * the page's error and no session. The page has no serious axe-core violation.
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import Database from "better-sqlite3"
import type { BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import type { Adapter } from "../../packages/core/src/adapters.js"
import Credentials from "../../packages/core/src/providers/credentials.js"
import Passkey from "../../packages/core/src/providers/passkey.js"
import { SecondFactor } from "../../packages/core/src/second-factor/index.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import { type CoreAppServer, startCoreAppServer } from "./support/core-app-server.js"
import { useChromium } from "./support/launch-chromium.js"
import { openPasskeyPage } from "./support/virtual-authenticator.js"

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")
const browser = useChromium()
const password = "correct horse battery staple"
let db: Database.Database
let adapter: Adapter
let server: CoreAppServer

beforeAll(async () => {
  db = new Database(":memory:")
  adapter = SQLiteAdapter(db)
  const config: AuthConfig = {
    secret: "gatehouse-second-factor-passkey-browser-secret-32-chars",
    trustHost: true,
    adapter,
    session: { strategy: "jwt" },
    experimental: { enableWebAuthn: true },
    // Required for everyone: a user with a passkey and no TOTP is asked for the passkey alone.
    secondFactor: SecondFactor({ methods: ["totp", "backup-code", "passkey"], required: true }),
    providers: [
      Credentials({
        authorizeReturnsAdapterUserId: true,
        credentials: {
          email: { label: "Email", autocomplete: "username" },
          password: { label: "Password", type: "password", autocomplete: "current-password" },
        },
        authorize: async ({ email, password: typed }) => {
          if (typeof email !== "string" || typed !== password) return null
          const user = await adapter.getUserByEmail!(email)
          return user ? { id: user.id, email: user.email, name: user.name } : null
        },
      }),
      Passkey({ enableConditionalUI: false }),
    ],
    logger: silentLogger(),
  }
  server = await startCoreAppServer(config)
})

afterAll(async () => {
  await server?.close()
  db?.close()
})

/** A browser context with its own virtual passkey authenticator. */
async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext()
  return { context, page: (await openPasskeyPage(context, [])).page }
}

async function signUpWithPasskey(page: Page, email: string) {
  await page.goto(`${server.origin}/auth/signin?callbackUrl=${encodeURIComponent("/account")}`)
  await page.fill("#input-email-for-passkey-provider", email)
  await Promise.all([page.waitForURL(`${server.origin}/account`), page.click("#passkey-form button[type=submit]")])
  expect(await page.textContent("body")).toBe(`Signed in as ${email}`)
  await page.context().clearCookies()
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto(`${server.origin}/auth/signin?callbackUrl=${encodeURIComponent("/account")}`)
  await page.fill("#input-email-for-credentials-provider", email)
  await page.fill("#input-password-for-credentials-provider", password)
  await Promise.all([page.waitForURL(`${server.origin}/auth/second-factor`), page.click("#credentials-form button[type=submit]")])
}

async function expectAccessible(page: Page) {
  // Injected through CDP's isolated evaluation: the page's CSP (one script hash) stays as served.
  const results = await page.evaluate(`(async () => { ${axeSource}; return axe.run(document, { resultTypes: ["violations"] }) })()`)
  const serious = (results as { violations: Array<{ id: string; impact: string }> }).violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  )
  expect(serious.map((v) => v.id)).toEqual([])
}

describe("a passkey as the second factor in Chromium", () => {
  it("the challenge page's button runs the ceremony, and the session comes only after it", async () => {
    const { context, page } = await newPage()
    try {
      await signUpWithPasskey(page, "ada@example.test")
      await signInWithPassword(page, "ada@example.test")
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("authjs.session-token")
      // No TOTP for this user: no code field, the passkey button only.
      expect(await page.locator('input[name="code"]').count()).toBe(0)
      await expectAccessible(page)
      await page.goto(`${server.origin}/account`)
      expect(await page.textContent("body")).toBe("Not signed in")

      await page.goto(`${server.origin}/auth/second-factor`)
      await Promise.all([page.waitForURL(`${server.origin}/account`), page.getByRole("button", { name: "Use a passkey" }).click()])
      expect(await page.textContent("body")).toBe("Signed in as ada@example.test")
      const session = await page.evaluate(async () => (await fetch("/auth/session")).json())
      expect(session.authentication).toMatchObject({ mfa: true })
      expect(session.authentication.methods).toEqual(expect.arrayContaining(["pwd", "mfa"]))
    } finally {
      await context.close()
    }
  })

  it("a browser without the pending user's passkey gets the page's error and no session", async () => {
    const owner = await newPage()
    const other = await newPage()
    try {
      await signUpWithPasskey(owner.page, "grace@example.test")
      // Another device, its own passkey for another user: not one the pending sign-in may use.
      await signUpWithPasskey(other.page, "mallory@example.test")
      await signInWithPassword(other.page, "grace@example.test")
      await other.page.getByRole("button", { name: "Use a passkey" }).click()
      const alert = other.page.locator("[data-webauthn-error]")
      await alert.waitFor({ state: "visible" })
      expect(await alert.textContent()).toBe("The passkey did not work. Please try again.")
      expect(other.page.url()).toBe(`${server.origin}/auth/second-factor`)
      expect(await other.page.evaluate(async () => (await fetch("/auth/session")).json())).toBeNull()
    } finally {
      await owner.context.close()
      await other.context.close()
    }
  })
})
