/**
 * examples/qwik's Account page in Chromium (issue 33): the flows of support/account-page-flows.ts on a
 * production build (node-server adapter) of the example. The sign-in page is the home page, "/" (useSignIn;
 * a refused password comes back there with ?error=), the Account page /account/.
 */
import { execFile } from "node:child_process"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { expect } from "vitest"
import { accountPageFlows, startNodeServer } from "./support/account-page-flows.js"

const run = promisify(execFile)
const exampleDir = join(resolve(import.meta.dirname, "../.."), "examples/qwik")

accountPageFlows({
  name: "Qwik example",
  basePath: "/auth",
  accountPath: "/account/",
  async build() {
    // vitest sets NODE_ENV=test, which would make Vite build a development bundle.
    await run("npm", ["run", "build"], { cwd: exampleDir, env: { ...process.env, NODE_ENV: "production" }, maxBuffer: 16 * 1024 * 1024 })
  },
  start: startNodeServer("The Qwik example", exampleDir, ["server/entry.node-server.js"]),
  part: (page, name) => page.locator(`#${name}`),
  async openSignIn(page, origin) {
    await page.goto(`${origin}/?${new URLSearchParams({ redirectTo: "/account/" })}`)
  },
  async submitPasswordForm(page, email, password) {
    const form = page.locator("#password-form")
    await form.locator('input[name="options.email"]').fill(email)
    await form.locator('input[name="options.password"]').fill(password)
    await form.locator('button[type="submit"]').click()
  },
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
  // Core's ?callbackUrl= makes the home page show its sign-in forms to a signed-in browser too.
  isReauthentication: (url) => url.pathname === "/" && (url.searchParams.get("callbackUrl") ?? "").endsWith("/account/"),
})
