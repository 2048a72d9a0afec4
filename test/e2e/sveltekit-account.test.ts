/**
 * examples/sveltekit's Account page in Chromium (issue 33): the flows of support/account-page-flows.ts on
 * a production build (adapter-node) of the example. The sign-in page is /signin (the signIn form action;
 * a refused password comes back as the form with CredentialsSignin), the Account page /account.
 */
import { execFile } from "node:child_process"
import { randomBytes } from "node:crypto"
import { rmSync } from "node:fs"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { afterAll, expect } from "vitest"
import { accountPageFlows, startNodeServer } from "./support/account-page-flows.js"

const run = promisify(execFile)
const exampleDir = join(resolve(import.meta.dirname, "../.."), "examples/sveltekit")
// Inside the example, so the built server resolves its external packages from the workspace.
const buildDir = join(exampleDir, ".tmp", `e2e-account-${process.pid}-${randomBytes(3).toString("hex")}`)

afterAll(() => rmSync(buildDir, { recursive: true, force: true }))

accountPageFlows({
  name: "SvelteKit example",
  basePath: "/auth",
  accountPath: "/account",
  async build() {
    await run("npm", ["run", "build"], { cwd: exampleDir, env: { ...process.env, EXAMPLE_OUT_DIR: buildDir }, maxBuffer: 16 * 1024 * 1024 })
  },
  start: startNodeServer("The SvelteKit example", exampleDir, [join(buildDir, "build/index.js")]),
  part: (page, name) => page.getByTestId(name),
  async openSignIn(page, origin) {
    await page.goto(`${origin}/signin?${new URLSearchParams({ callbackUrl: "/account" })}`)
  },
  async submitPasswordForm(page, email, password) {
    await page.getByTestId("password-email").fill(email)
    await page.getByTestId("password-password").fill(password)
    await page.getByTestId("password-submit").click()
  },
  // The form action caught signIn's CredentialsSignin and showed the form again with it.
  async expectRefused(page) {
    await expect(page.getByTestId("sign-in-error").textContent()).resolves.toContain("CredentialsSignin")
    expect(new URL(page.url()).pathname).toBe("/signin")
  },
  async signOut(page, origin) {
    await page.goto(`${origin}/`)
    await page.getByRole("button", { name: "Sign out", exact: true }).click()
    await page.getByText("Not signed in").waitFor()
  },
  isReauthentication: (url) => url.pathname === "/signin" && (url.searchParams.get("callbackUrl") ?? "").endsWith("/account"),
})
