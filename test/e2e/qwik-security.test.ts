/**
 * examples/qwik's password accounts and Security page in Chromium (issues 31 and 32): the flows of
 * support/security-page-flows.ts on a production build (node-server adapter) of the example. The
 * sign-in page is the home page, "/" (useSignIn; a refused password comes back there with ?error=),
 * the Security page /security/.
 */
import { execFile } from "node:child_process"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import type { Page } from "playwright-core"
import { expect } from "vitest"
import { type ExamplePart, securityPageFlows } from "./support/security-page-flows.js"

const run = promisify(execFile)
const exampleDir = join(resolve(import.meta.dirname, "../.."), "examples/qwik")

/** The layout's status line is the one part that is not the Security page's or the sign-in page's. */
const ids: Partial<Record<ExamplePart, string>> = { "signed-in-as": "session-status" }

async function submitPasswordForm(page: Page, email: string, password: string) {
  const form = page.locator("#password-form")
  await form.locator('input[name="options.email"]').fill(email)
  await form.locator('input[name="options.password"]').fill(password)
  await form.locator('button[type="submit"]').click()
}

securityPageFlows({
  name: "Qwik example",
  async build() {
    // vitest sets NODE_ENV=test, which would make Vite build a development bundle.
    await run("npm", ["run", "build"], { cwd: exampleDir, env: { ...process.env, NODE_ENV: "production" }, maxBuffer: 16 * 1024 * 1024 })
  },
  server: { cwd: exampleDir, args: ["server/entry.node-server.js"] },
  securityPath: "/security/",
  part: (page, name) => page.locator(`#${ids[name] ?? name}`),
  async openSignIn(page, origin) {
    await page.goto(`${origin}/?${new URLSearchParams({ redirectTo: "/security/" })}`)
  },
  submitPasswordForm,
  // Core sent the refused sign-in back to the sign-in page (pages.signIn, "/") with ?error=.
  async expectRefused(page) {
    await page.waitForURL((url) => url.pathname === "/" && url.searchParams.get("error") === "CredentialsSignin")
    await expect(page.locator("#sign-in-error-type").textContent()).resolves.toBe("CredentialsSignin")
  },
  async signOut(page, origin) {
    await page.goto(`${origin}/`)
    await page.locator("#sign-out-form button").click()
    await page.locator("#session-status", { hasText: "Not signed in" }).waitFor()
  },
  isSignInRedirect: (url) => url.pathname === "/" && url.searchParams.get("redirectTo") === "/security/",
  // Core's ?callbackUrl= makes the home page show its sign-in forms to a signed-in browser too.
  isReauthentication: (url) => url.pathname === "/" && (url.searchParams.get("callbackUrl") ?? "").endsWith("/security/"),
  // Qwik resumes: its event handlers work as soon as the page is there.
  ready: async () => {},
})
