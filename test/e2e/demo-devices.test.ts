/**
 * The demo's "Your devices" page (core's listSessions and POST /auth/sessions/revoke, database sessions in
 * SQLite), driven in Chromium: two browsers signed in as one user see each other, one signs the other out.
 */
import type { BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startDemo, type RunningDemo } from "./support/demo-server.js"
import { useChromium } from "./support/launch-chromium.js"

let demo: RunningDemo
const browser = useChromium()

beforeAll(async () => {
  demo = await startDemo()
}, 60_000)

afterAll(async () => {
  demo?.stop()
})

/** A browser of its own (cookie jar and user agent), as a second device would be. */
async function device(name: string): Promise<{ context: BrowserContext; page: Page; userAgent: string }> {
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) GatehouseTest/${name}`
  const context = await browser().newContext({ userAgent })
  // Fail at the step that waits, well within the test's own timeout.
  context.setDefaultTimeout(10_000)
  return { context, page: await context.newPage(), userAgent }
}

async function signIn(page: Page): Promise<void> {
  // An explicit callbackUrl: the one a redirect to sign-in left in the callback-url cookie would win otherwise.
  await page.goto(`${demo.origin}/auth/signin?callbackUrl=%2F`)
  await page.fill("#input-username-for-credentials-provider", "demo")
  await page.fill("#input-password-for-credentials-provider", "demo")
  await page.click("#credentials-form button")
  await page.waitForURL(`${demo.origin}/`)
  expect(await page.textContent("body")).toContain("Signed in as Demo User")
}

/** What the devices page lists: each entry's id, "current" mark and user agent. */
async function listedDevices(page: Page) {
  await page.goto(`${demo.origin}/devices`)
  return page.getByTestId("device").evaluateAll((items) =>
    items.map((item) => ({
      id: item.getAttribute("data-session-id"),
      current: item.getAttribute("data-current") === "true",
      text: item.textContent ?? "",
    })),
  )
}

/** GET /auth/session with the page's cookies, as the browser's next request would send them. */
async function sessionOf(page: Page): Promise<unknown> {
  const response = await page.request.get(`${demo.origin}/auth/session`)
  expect(response.status()).toBe(200)
  return response.json()
}

describe("the demo's devices page", () => {
  let a: Awaited<ReturnType<typeof device>>
  let b: Awaited<ReturnType<typeof device>>

  beforeAll(async () => {
    a = await device("A")
    b = await device("B")
    await signIn(a.page)
    await signIn(b.page)
  }, 60_000)

  afterAll(async () => {
    await a?.context.close()
    await b?.context.close()
  })

  it("lists both sessions in each browser, marking that browser's own as current", async () => {
    const seenByA = await listedDevices(a.page)
    const seenByB = await listedDevices(b.page)
    expect(seenByA).toHaveLength(2)
    expect(new Set(seenByA.map((entry) => entry.id))).toEqual(new Set(seenByB.map((entry) => entry.id)))
    const currentOfA = seenByA.filter((entry) => entry.current)
    const currentOfB = seenByB.filter((entry) => entry.current)
    expect(currentOfA).toHaveLength(1)
    expect(currentOfB).toHaveLength(1)
    expect(currentOfA[0].id).not.toBe(currentOfB[0].id)
    // Each session shows the browser it was signed in from and the provider.
    expect(currentOfA[0].text).toContain(a.userAgent)
    expect(currentOfB[0].text).toContain(b.userAgent)
    expect(currentOfA[0].text).toContain("credentials")
    // The page shows the same list GET /auth/sessions answers, with opaque ids (never the session cookie).
    const fromEndpoint = (await (await a.page.request.get(`${demo.origin}/auth/sessions`)).json()) as { id: string; current: boolean }[]
    expect(fromEndpoint.map((entry) => entry.id).sort()).toEqual(seenByA.map((entry) => entry.id).sort())
    const cookieValues = (await a.context.cookies(demo.origin)).map((cookie) => cookie.value)
    for (const entry of fromEndpoint) expect(cookieValues).not.toContain(entry.id)
  })

  it("A signs B out: B's next request has no session, A stays signed in", async () => {
    const ofB = (await listedDevices(b.page)).find((entry) => entry.current)!
    await listedDevices(a.page)
    // The current device has no revoke button; the other one has.
    await expect(a.page.locator(`[data-testid=device][data-current=true] [data-testid=device-revoke]`).count()).resolves.toBe(0)
    await a.page.locator(`[data-session-id="${ofB.id}"] [data-testid=device-revoke]`).click()
    await a.page.waitForURL(`${demo.origin}/devices`)
    const left = await a.page.getByTestId("device").evaluateAll((items) => items.map((item) => item.getAttribute("data-current")))
    expect(left).toEqual(["true"])

    await expect(sessionOf(b.page)).resolves.toBeNull()
    await b.page.goto(`${demo.origin}/`)
    expect(await b.page.textContent("body")).toContain("You are not signed in")
    await b.page.goto(`${demo.origin}/devices`)
    expect(new URL(b.page.url()).pathname).toBe("/auth/signin")

    await expect(sessionOf(a.page)).resolves.toMatchObject({ user: { name: "Demo User" } })
  })

  it("'sign out everywhere else' ends the other sessions only; 'everywhere' ends this one too", async () => {
    await signIn(b.page)
    expect(await listedDevices(a.page)).toHaveLength(2)
    await a.page.getByTestId("revoke-others").click()
    await a.page.waitForURL(`${demo.origin}/devices`)
    await expect(a.page.getByTestId("device").count()).resolves.toBe(1)
    await expect(sessionOf(b.page)).resolves.toBeNull()
    await expect(sessionOf(a.page)).resolves.toMatchObject({ user: { name: "Demo User" } })

    await signIn(b.page)
    await listedDevices(a.page)
    await a.page.getByTestId("revoke-all").click()
    await a.page.waitForURL(`${demo.origin}/`)
    expect(await a.page.textContent("body")).toContain("You are not signed in")
    await expect(sessionOf(a.page)).resolves.toBeNull()
    await expect(sessionOf(b.page)).resolves.toBeNull()
  })
})
