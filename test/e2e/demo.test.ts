// The README's demo, driven as a person would: start it, sign in with each provider in Chromium; its
// "Sign out everywhere, including the identity provider": a federated sign-out through the dev IdP's
// end-session page, its back-channel logout token accepted by the demo, and a next sign-in that
// shows the IdP's login form again.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { useChromium } from "./support/launch-chromium.js"
import { startDemo, type RunningDemo } from "./support/demo-server.js"
import { signInWithDemoCredentials, signInWithDevIdp } from "./support/demo-sign-in.js"

let demo: RunningDemo
const browser = useChromium()
let origin: string

beforeAll(async () => {
  demo = await startDemo()
  origin = demo.origin
})

afterAll(async () => {
  demo?.stop()
})

describe("the demo", () => {
  it("signs in with credentials, shows the session, signs out", async () => {
    const page = await browser().newPage()
    await page.goto(`${origin}/`)
    expect(await page.textContent("body")).toContain("You are not signed in")
    await page.click("text=Sign in")
    await page.fill("#input-username-for-credentials-provider", "demo")
    await page.fill("#input-password-for-credentials-provider", "wrong")
    await page.click("#credentials-form button")
    await page.waitForURL(/error=CredentialsSignin/)
    expect(await page.textContent(".error")).toContain("Check the details")
    await signInWithDemoCredentials(page, origin)
    await page.click("text=Sign out")
    await page.click("button:has-text('Sign out')")
    await page.waitForURL(`${origin}/`)
    expect(await page.textContent("body")).toContain("You are not signed in")
    await page.close()
  })

  it("signs in with an e-mail link printed to the console, after a one-click confirmation", async () => {
    const page = await browser().newPage()
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
    const page = await browser().newPage()
    await signInWithDevIdp(page, origin)
    expect(await page.textContent("body")).toContain("dev@example.test")
    await page.close()
  })
})

describe("the demo's sign-out everywhere", () => {
  it("is offered to Dev IdP sessions only", async () => {
    const page = await browser().newPage()
    await page.goto(`${origin}/auth/signin`)
    await signInWithDemoCredentials(page, origin)
    expect(await page.locator("#sign-out-everywhere").count()).toBe(0)
    await page.close()
  })

  it("ends the session here and at the IdP; the IdP's logout token is accepted; the next sign-in asks to log in", async () => {
    const page = await browser().newPage()
    await signInWithDevIdp(page, origin)

    await page.click("#sign-out-everywhere")
    await page.waitForURL(/\/session\/end/)
    await page.click("button[value=yes]")
    await page.waitForURL(`${origin}/`)
    expect(await page.textContent("body")).toContain("You are not signed in")
    expect(demo.output()).toContain("Dev IdP: logout token for dev-user-1 to gatehouse-demo: accepted")

    await page.goto(`${origin}/auth/signin`)
    await page.click("text=Sign in with Dev IdP")
    await page.waitForSelector("#sign-in")
    expect(new URL(page.url()).pathname).toMatch(/^\/interaction\//)
    await page.close()
  })
})
