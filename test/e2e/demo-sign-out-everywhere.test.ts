// The demo's "Sign out everywhere, including the identity provider" in Chromium: a federated sign-out
// through the dev IdP's end-session page, its back-channel logout token accepted by the demo, and a
// next sign-in that shows the IdP's login form again.
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freePort } from "./support/free-port.js"
import { launchChromium } from "./support/launch-chromium.js"

let demo: ChildProcess
let browser: Browser
let origin: string
let output = ""

beforeAll(async () => {
  const port = await freePort()
  origin = `http://localhost:${port}`
  demo = spawn(process.execPath, ["examples/demo/server.mjs"], {
    env: { ...process.env, PORT: String(port), DEMO_DATA_DIR: mkdtempSync(join(tmpdir(), "gatehouse-demo-")) },
    stdio: ["ignore", "pipe", "pipe"],
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`demo did not start:\n${output}`)), 30_000)
    demo.stdout!.on("data", (chunk) => {
      output += chunk
      if (output.includes("Gatehouse demo on")) {
        clearTimeout(timer)
        resolve()
      }
    })
    demo.once("exit", (code) => reject(new Error(`demo exited with ${code}:\n${output}`)))
  })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  demo?.kill("SIGTERM")
})

describe("the demo's sign-out everywhere", () => {
  it("is offered to Dev IdP sessions only", async () => {
    const page = await browser.newPage()
    await page.goto(`${origin}/auth/signin`)
    await page.fill("#input-username-for-credentials-provider", "demo")
    await page.fill("#input-password-for-credentials-provider", "demo")
    await page.click("#credentials-form button")
    await page.waitForURL(`${origin}/`)
    expect(await page.textContent("body")).toContain("Signed in as Demo User")
    expect(await page.locator("#sign-out-everywhere").count()).toBe(0)
    await page.close()
  })

  it("ends the session here and at the IdP; the IdP's logout token is accepted; the next sign-in asks to log in", async () => {
    const page = await browser.newPage()
    await page.goto(`${origin}/auth/signin`)
    await page.click("text=Sign in with Dev IdP")
    await page.click("#sign-in")
    await page.waitForURL(`${origin}/`)
    expect(await page.textContent("body")).toContain("Signed in as Dev User")

    await page.click("#sign-out-everywhere")
    await page.waitForURL(/\/session\/end/)
    await page.click("button[value=yes]")
    await page.waitForURL(`${origin}/`)
    expect(await page.textContent("body")).toContain("You are not signed in")
    expect(output).toContain("Dev IdP: logout token for dev-user-1 to gatehouse-demo: accepted")

    await page.goto(`${origin}/auth/signin`)
    await page.click("text=Sign in with Dev IdP")
    await page.waitForSelector("#sign-in")
    expect(new URL(page.url()).pathname).toMatch(/^\/interaction\//)
    await page.close()
  })
})
