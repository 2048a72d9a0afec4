// The README's demo, driven as a person would: start it, sign in with each provider in Chromium.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Browser } from "playwright-core"
import { launchChromium } from "./support/launch-chromium.js"
import { startDemo, type RunningDemo } from "./support/demo-server.js"

let demo: RunningDemo
let browser: Browser
let origin: string

beforeAll(async () => {
  demo = await startDemo()
  origin = demo.origin
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  demo?.stop()
})

describe("the demo", () => {
  it("signs in with credentials, shows the session, signs out", async () => {
    const page = await browser.newPage()
    await page.goto(`${origin}/`)
    expect(await page.textContent("body")).toContain("You are not signed in")
    await page.click("text=Sign in")
    await page.fill("#input-username-for-credentials-provider", "demo")
    await page.fill("#input-password-for-credentials-provider", "wrong")
    await page.click("#credentials-form button")
    await page.waitForURL(/error=CredentialsSignin/)
    expect(await page.textContent(".error")).toContain("Check the details")
    await page.fill("#input-username-for-credentials-provider", "demo")
    await page.fill("#input-password-for-credentials-provider", "demo")
    await page.click("#credentials-form button")
    await page.waitForURL(`${origin}/`)
    expect(await page.textContent("body")).toContain("Signed in as Demo User")
    await page.click("text=Sign out")
    await page.click("button:has-text('Sign out')")
    await page.waitForURL(`${origin}/`)
    expect(await page.textContent("body")).toContain("You are not signed in")
    await page.close()
  })

  it("signs in with an e-mail link printed to the console, after a one-click confirmation", async () => {
    const page = await browser.newPage()
    await page.goto(`${origin}/auth/signin`)
    await page.fill("input[name=email]", "reader@example.test")
    await page.click("button:has-text('Sign in with')>>nth=1")
    await page.waitForURL(/verify-request/)
    await expect.poll(() => /Link: (\S+)/.exec(demo.output())?.[1], { timeout: 10_000 }).toBeTruthy()
    const link = /Link: (\S+)/.exec(demo.output())![1]
    expect(demo.output()).toContain("reader@example.test")
    await page.goto(link)
    expect(await page.textContent("body")).not.toContain("Signed in as")
    await page.click("button[type=submit]")
    await page.waitForURL(`${origin}/`)
    expect(await page.textContent("body")).toContain("reader@example.test")
    await page.close()
  })

  it("signs in through the local OpenID provider", async () => {
    const page = await browser.newPage()
    await page.goto(`${origin}/auth/signin`)
    await page.click("text=Sign in with Dev IdP")
    await page.click("#sign-in")
    await page.waitForURL(`${origin}/`)
    expect(await page.textContent("body")).toContain("Signed in as Dev User")
    expect(await page.textContent("body")).toContain("dev@example.test")
    await page.close()
  })
})
