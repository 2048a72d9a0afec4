/**
 * The built-in pages as a visitor meets them, in headless Chromium: axe-core (injected from the
 * npm package, no network) finds no serious or critical violation on any page, in light and in
 * dark; every input has a label; focus is visible; the keyboard alone signs in. Each page is
 * also saved as a screenshot under .tmp/screenshots/pages/ for a person to look at.
 */
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import Database from "better-sqlite3"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import { de, fr, ja } from "../../packages/core/src/locales/index.js"
import Credentials from "../../packages/core/src/providers/credentials.js"
import GitHub from "../../packages/core/src/providers/github.js"
import Google from "../../packages/core/src/providers/google.js"
import Nodemailer from "../../packages/core/src/providers/nodemailer.js"
import Passkey from "../../packages/core/src/providers/passkey.js"
import Password from "../../packages/core/src/providers/password.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import { type CoreAppServer, startCoreAppServer } from "./support/core-app-server.js"
import { useChromium } from "./support/launch-chromium.js"
import { seriousViolations } from "./support/serious-violations.js"
import { repoRoot } from "./support/clean-room-app.js"

const screenshots = join(repoRoot, ".tmp", "screenshots", "pages")

let db: Database.Database
let server: CoreAppServer
const browser = useChromium()
let origin: string

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true })
  db = new Database(":memory:")
  const config: AuthConfig = {
    secret: "gatehouse-accessibility-secret-with-32-chars-or-more",
    trustHost: true,
    adapter: SQLiteAdapter(db),
    experimental: { enableWebAuthn: true },
    providers: [
      GitHub({ clientId: "id", clientSecret: "secret" }),
      Google({ clientId: "id", clientSecret: "secret" }),
      // Port 1 refuses connections: a sign-in mail is never needed here, only the pages.
      Nodemailer({ server: "smtp://127.0.0.1:1", from: "Gatehouse <no-reply@gatehouse.test>" }),
      Credentials({
        credentials: {
          username: { label: "Username", autocomplete: "username" },
          password: { label: "Password", type: "password", autocomplete: "current-password" },
        },
        authorize: (c) => (c.username === "ada" && c.password === "lovelace" ? { id: "1", name: "Ada", email: "ada@example.test" } : null),
      }),
      Passkey({}),
      Password({ hashing: { ln: 10, r: 8, p: 1, keyLength: 32 } }),
    ],
    session: { strategy: "jwt" },
    pages: { locales: [de, fr, ja] },
    logger: silentLogger(),
  }
  server = await startCoreAppServer(config)
  origin = server.origin
})

afterAll(async () => {
  await server?.close()
  db?.close()
})

const pages: Array<[name: string, path: string]> = [
  ["signin", "/auth/signin"],
  ["signin-error", "/auth/signin?error=CredentialsSignin"],
  ["signout", "/auth/signout"],
  ["verify-request", "/auth/verify-request?provider=nodemailer&type=email"],
  ["verify-request-code-error", "/auth/verify-request?provider=nodemailer&type=email&error=Verification"],
  ["email-confirm", "/auth/callback/nodemailer?token=abc&email=ada%40example.test"],
  ["error-configuration", "/auth/error?error=Configuration"],
  ["error-access-denied", "/auth/error?error=AccessDenied"],
  ["error-verification", "/auth/error?error=Verification"],
  ["error-passkey", "/auth/error?error=WebAuthnVerificationError"],
  ["error-unknown", "/auth/error?error=Something"],
  ["signin-de", "/auth/signin?error=OAuthAccountNotLinked"],
  ["signin-ja", "/auth/signin"],
  ["password-signup", "/auth/password/signup"],
  ["password-signup-error", "/auth/password/signup?error=password_common"],
  ["password-verify", "/auth/password/verify"],
  ["password-forgot", "/auth/password/forgot"],
  ["password-reset-code", "/auth/password/reset?sent=1"],
  ["password-reset-link", "/auth/password/reset?token=abc"],
  [
    "password-confirm",
    "/auth/callback/password?token=YWRhQGV4YW1wbGUudGVzdA.0000000000000000000000000000000000000000000000000000000000000000",
  ],
  ["password-signup-de", "/auth/password/signup"],
]

async function openPage(path: string, colorScheme: "light" | "dark", locale = "en-US"): Promise<Page> {
  // bypassCSP only so that axe itself can be injected; the pages are otherwise as served.
  const context = await browser().newContext({ colorScheme, bypassCSP: true, locale, viewport: { width: 520, height: 900 } })
  const page = await context.newPage()
  await page.goto(`${origin}${path}`)
  return page
}

describe("built-in pages are accessible (axe-core in Chromium)", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    it.each(pages)(`%s (${colorScheme}): no serious or critical violations`, async (name, path) => {
      const locale = name.endsWith("-de") ? "de-DE" : name.endsWith("-ja") ? "ja-JP" : "en-US"
      const page = await openPage(path, colorScheme, locale)
      try {
        expect(await page.locator("h1").count()).toBe(1)
        await page.screenshot({ path: join(screenshots, `${name}-${colorScheme}.png`), fullPage: true })
        expect(await seriousViolations(page)).toEqual([])
      } finally {
        await page.context().close()
      }
    })
  }
})

describe("built-in pages work for keyboard and screen-reader users", () => {
  it("every visible input has a label naming it, in the page's language", async () => {
    const page = await openPage("/auth/signin", "light", "fr-FR")
    try {
      expect(await page.getAttribute("html", "lang")).toBe("fr")
      const inputs = page.locator("input:not([type=hidden])")
      expect(await inputs.count()).toBeGreaterThanOrEqual(3)
      for (const input of await inputs.all()) {
        const id = await input.getAttribute("id")
        expect(id).toBeTruthy()
        expect(await page.locator(`label[for="${id}"]`).count()).toBe(1)
      }
      // The e-mail form's field, the passkey form's (its default label, translated too) and the password form's.
      expect(await page.getByLabel("E-mail", { exact: true }).count()).toBe(3)
      await expect(page.getByRole("button", { name: "Se connecter avec GitHub" }).count()).resolves.toBe(1)
    } finally {
      await page.context().close()
    }
  })

  it("the password pages give password managers the autocomplete they need", async () => {
    const expectations: Array<[path: string, fields: Record<string, string>]> = [
      ["/auth/signin", { "#input-email-for-password-provider": "email", "#input-password-for-password-provider": "current-password" }],
      ["/auth/password/signup", { "#password-email": "email", "#password-new": "new-password", "#password-name": "name" }],
      ["/auth/password/reset?sent=1", { "#password-email": "email", "#password-code": "one-time-code", "#password-new": "new-password" }],
      ["/auth/password/verify", { "#password-email": "email", "#password-code": "one-time-code" }],
    ]
    for (const [path, fields] of expectations) {
      const page = await openPage(path, "light")
      try {
        for (const [selector, autocomplete] of Object.entries(fields)) {
          expect(await page.getAttribute(selector, "autocomplete"), `${path} ${selector}`).toBe(autocomplete)
          const id = (await page.getAttribute(selector, "id"))!
          expect(await page.locator(`label[for="${id}"]`).count(), `${path} ${selector}`).toBe(1)
        }
      } finally {
        await page.context().close()
      }
    }
  })

  it("the focused control shows a visible focus ring", async () => {
    const page = await openPage("/auth/signin", "light")
    try {
      await page.keyboard.press("Tab")
      const ring = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!)
        return { tag: document.activeElement!.tagName, style: style.outlineStyle, width: parseFloat(style.outlineWidth) }
      })
      expect(ring.tag).toBe("BUTTON")
      expect(ring.style).not.toBe("none")
      expect(ring.width).toBeGreaterThanOrEqual(2)
    } finally {
      await page.context().close()
    }
  })

  it("signing in with the keyboard alone works", async () => {
    const page = await openPage(`/auth/signin?callbackUrl=${encodeURIComponent("/account")}`, "light")
    try {
      // Tab from the top of the page until the username field has focus, as a keyboard user would.
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press("Tab")
        if ((await page.evaluate(() => document.activeElement?.getAttribute("name"))) === "username") break
      }
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("username")
      await page.keyboard.type("ada")
      await page.keyboard.press("Tab")
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("password")
      await page.keyboard.type("lovelace")
      await Promise.all([page.waitForURL(`${origin}/account`), page.keyboard.press("Enter")])
      expect(await page.textContent("body")).toBe("Signed in as ada@example.test")
    } finally {
      await page.context().close()
    }
  })
})
