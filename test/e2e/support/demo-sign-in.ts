/** Signing in to examples/demo in Chromium as a person would, for the tests that start from a signed-in page. */
import type { Page } from "playwright-core"
import { expect } from "vitest"

/** Signs in with the demo's credentials (demo/demo) and checks the home page says so. */
export async function signInWithDemoCredentials(page: Page, origin: string): Promise<void> {
  await page.fill("#input-username-for-credentials-provider", "demo")
  await page.fill("#input-password-for-credentials-provider", "demo")
  await page.click("#credentials-form button")
  await page.waitForURL(`${origin}/`)
  expect(await page.textContent("body")).toContain("Signed in as Demo User")
}

/** Signs in through the demo's local OpenID provider (Dev IdP) and checks the home page says so. */
export async function signInWithDevIdp(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/auth/signin`)
  await page.click("text=Sign in with Dev IdP")
  await page.click("#sign-in")
  await page.waitForURL(`${origin}/`)
  expect(await page.textContent("body")).toContain("Signed in as Dev User")
}
