/**
 * examples/sveltekit as the Chromium flows drive it (support/security-page-flows.ts, account-page-flows.ts):
 * its production build (adapter-node) in a directory of its own, and its own sign-in and sign-out. The
 * sign-in page is /signin (the signIn form action; a refused password comes back as the form with
 * CredentialsSignin).
 */
import { execFile } from "node:child_process"
import { randomBytes } from "node:crypto"
import { rmSync } from "node:fs"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import type { Page } from "playwright-core"
import { afterAll, expect } from "vitest"

const run = promisify(execFile)
export const sveltekitExampleDir = join(resolve(import.meta.dirname, "../../.."), "examples/sveltekit")

/** A production build of the example for this test file, removed after it; `server` is what `node` runs. */
export function sveltekitBuild(name: string): { build(): Promise<void>; server: string } {
  // Inside the example, so the built server resolves its external packages from the workspace.
  const buildDir = join(sveltekitExampleDir, ".tmp", `e2e-${name}-${process.pid}-${randomBytes(3).toString("hex")}`)
  afterAll(() => rmSync(buildDir, { recursive: true, force: true }))
  return {
    async build() {
      const env = { ...process.env, EXAMPLE_OUT_DIR: buildDir }
      await run("npm", ["run", "build"], { cwd: sveltekitExampleDir, env, maxBuffer: 16 * 1024 * 1024 })
    },
    server: join(buildDir, "build/index.js"),
  }
}

/** The example's sign-in and sign-out, for flows that come back to `path` (e.g. "/security"). */
export function sveltekitSignInPages(path: string) {
  return {
    async openSignIn(page: Page, origin: string) {
      await page.goto(`${origin}/signin?${new URLSearchParams({ callbackUrl: path })}`)
    },
    async submitPasswordForm(page: Page, email: string, password: string) {
      await page.getByTestId("password-email").fill(email)
      await page.getByTestId("password-password").fill(password)
      await page.getByTestId("password-submit").click()
    },
    // The form action caught signIn's CredentialsSignin and showed the form again with it.
    async expectRefused(page: Page) {
      await expect(page.getByTestId("sign-in-error").textContent()).resolves.toContain("CredentialsSignin")
      expect(new URL(page.url()).pathname).toBe("/signin")
    },
    async signOut(page: Page, origin: string) {
      await page.goto(`${origin}/`)
      await page.getByRole("button", { name: "Sign out", exact: true }).click()
      await page.getByText("Not signed in").waitFor()
    },
    isReauthentication: (url: URL) => url.pathname === "/signin" && (url.searchParams.get("callbackUrl") ?? "").endsWith(path),
  }
}
