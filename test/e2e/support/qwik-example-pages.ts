/**
 * examples/qwik as the Chromium flows drive it (support/security-page-flows.ts, account-page-flows.ts): its
 * production build (node-server adapter) and its own sign-in and sign-out. The sign-in page is the home
 * page, "/" (useSignIn; a refused password comes back there with ?error=).
 */
import { execFile } from "node:child_process"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import type { Page } from "playwright-core"
import { expect } from "vitest"

const run = promisify(execFile)
export const qwikExampleDir = join(resolve(import.meta.dirname, "../../.."), "examples/qwik")
/** What `node` runs in `qwikExampleDir` to serve the build. */
export const qwikServer = "server/entry.node-server.js"

export async function buildQwikExample(): Promise<void> {
  // vitest sets NODE_ENV=test, which would make Vite build a development bundle.
  await run("npm", ["run", "build"], { cwd: qwikExampleDir, env: { ...process.env, NODE_ENV: "production" }, maxBuffer: 16 * 1024 * 1024 })
}

/** The example's sign-in and sign-out, for flows that come back to `path` (e.g. "/security/"). */
export function qwikSignInPages(path: string) {
  return {
    async openSignIn(page: Page, origin: string) {
      await page.goto(`${origin}/?${new URLSearchParams({ redirectTo: path })}`)
    },
    async submitPasswordForm(page: Page, email: string, password: string) {
      const form = page.locator("#password-form")
      await form.locator('input[name="options.email"]').fill(email)
      await form.locator('input[name="options.password"]').fill(password)
      await form.locator('button[type="submit"]').click()
    },
    // Core sent the refused sign-in back to the sign-in page (pages.signIn, "/") with ?error=.
    async expectRefused(page: Page) {
      await page.waitForURL((url) => url.pathname === "/" && url.searchParams.get("error") === "CredentialsSignin")
      await expect(page.locator("#sign-in-error-type").textContent()).resolves.toBe("CredentialsSignin")
    },
    async signOut(page: Page, origin: string) {
      await page.goto(`${origin}/`)
      await page.locator("#sign-out-form button").click()
      await page.locator("#session-status", { hasText: "Not signed in" }).waitFor()
    },
    // Core's ?callbackUrl= makes the home page show its sign-in forms to a signed-in browser too.
    isReauthentication: (url: URL) => url.pathname === "/" && (url.searchParams.get("callbackUrl") ?? "").endsWith(path),
  }
}
