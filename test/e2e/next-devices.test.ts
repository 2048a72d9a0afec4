/**
 * examples/next's "Your devices" page (`sessions.list()` in a server component, `sessions.revoke(id)`,
 * `revokeOthers()` and `revokeAll()` in server actions) in Chromium, with both session strategies: two
 * browsers signed in as one user through the local OpenID provider see each other, and one signs the other out.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startDevIdentityProvider, type DevIdentityProvider } from "@gatehouse/dev-idp"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  buildExampleAndLaunchChromium,
  freePort,
  newSecret,
  screenshotInBothColorSchemes,
  startExample,
  type RunningApp,
  waitForPath,
} from "./support/next-example.js"

const idpClient = { id: "gatehouse-next-devices-e2e", secret: "next-devices-e2e-client-secret" }
/** JWT sessions are checked against their rows at most this often (seconds): the bound on a revocation. */
const revocationCheckInterval = 1

let browser: Browser
let idp: DevIdentityProvider
let scratch: string
const ports = { jwt: 0, database: 0 }

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "gatehouse-next-devices-"))
  browser = await buildExampleAndLaunchChromium()
  ;[ports.jwt, ports.database] = await Promise.all([freePort(), freePort()])
  idp = await startDevIdentityProvider({
    clients: [
      {
        client_id: idpClient.id,
        client_secret: idpClient.secret,
        redirect_uris: Object.values(ports).map((port) => `http://127.0.0.1:${port}/api/auth/callback/dev-idp`),
        post_logout_redirect_uris: Object.values(ports).map((port) => `http://127.0.0.1:${port}/api/auth/signout/callback/dev-idp`),
      },
    ],
  })
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await idp?.close()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

describe.each(["jwt", "database"] as const)("Next.js example, your devices (%s sessions)", (strategy) => {
  let app: RunningApp
  const devices: Record<"a" | "b", { context: BrowserContext; page: Page; userAgent: string }> = {} as never

  /** Signs in through the provider; its own session in this browser may skip its login page. */
  async function signIn(page: Page): Promise<void> {
    await page.goto(`${app.origin}/devices`)
    await waitForPath(page, "/signin")
    await page.getByTestId("dev-idp-submit").click()
    await page.waitForURL((url) => url.origin !== app.origin || url.pathname === "/devices")
    if (new URL(page.url()).origin !== app.origin) await page.locator("#sign-in").click()
    await page.waitForURL(`${app.origin}/devices`)
  }

  /** The devices page as the browser shows it: each entry's id, "current" mark and text. */
  async function listed(page: Page) {
    await page.goto(`${app.origin}/devices`)
    return page.getByTestId("device").evaluateAll((items) =>
      items.map((item) => ({
        id: item.getAttribute("data-session-id")!,
        current: item.getAttribute("data-current") === "true",
        text: item.textContent ?? "",
      })),
    )
  }

  /** GET /api/auth/session with the browser's cookies: what its next request gets. */
  async function sessionOf(page: Page): Promise<{ user?: { name?: string } } | null> {
    const response = await page.request.get(`${app.origin}/api/auth/session`)
    expect(response.status()).toBe(200)
    return response.json()
  }

  /** A revoked session is refused on its next request (database), or within the check interval (jwt). */
  async function expectSignedOut(page: Page): Promise<void> {
    if (strategy === "database") await expect(sessionOf(page)).resolves.toBeNull()
    else await expect.poll(() => sessionOf(page), { timeout: (revocationCheckInterval + 2) * 1000, interval: 250 }).toBeNull()
  }

  beforeAll(async () => {
    app = await startExample(
      {
        AUTH_SECRET: newSecret(),
        AUTH_URL: undefined,
        AUTH_TRUST_HOST: "true",
        AUTH_SESSION_STRATEGY: strategy,
        SESSION_REVOCATION_CHECK_INTERVAL: String(revocationCheckInterval),
        DATABASE_PATH: join(scratch, `${strategy}.db`),
        AUTH_DEV_IDP_ISSUER: idp.issuer,
        AUTH_DEV_IDP_ID: idpClient.id,
        AUTH_DEV_IDP_SECRET: idpClient.secret,
      },
      ports[strategy],
    )
    for (const name of ["a", "b"] as const) {
      const userAgent = `Mozilla/5.0 (X11; Linux x86_64) GatehouseTest/${strategy}-${name}`
      const context = await browser.newContext({ userAgent })
      devices[name] = { context, page: await context.newPage(), userAgent }
    }
    await signIn(devices.a.page)
    await signIn(devices.b.page)
  }, 60_000)

  afterAll(async () => {
    await devices.a?.context.close()
    await devices.b?.context.close()
    await app?.stop()
  })

  it("lists both sessions in each browser, marking that browser's own as current", async () => {
    const { a, b } = devices
    const seenByA = await listed(a.page)
    const seenByB = await listed(b.page)
    expect(seenByA).toHaveLength(2)
    expect(seenByA.map((entry) => entry.id).sort()).toEqual(seenByB.map((entry) => entry.id).sort())
    const [currentOfA, ...moreOfA] = seenByA.filter((entry) => entry.current)
    const [currentOfB, ...moreOfB] = seenByB.filter((entry) => entry.current)
    expect([moreOfA, moreOfB]).toEqual([[], []])
    expect(currentOfA.id).not.toBe(currentOfB.id)
    expect(currentOfA.text).toContain(a.userAgent)
    expect(currentOfB.text).toContain(b.userAgent)
    expect(currentOfA.text).toContain("dev-idp")
    await screenshotInBothColorSchemes(a.page, `devices-${strategy}`)
    // Ids are handles, never the session cookie's value.
    const cookieValues = (await a.context.cookies(app.origin)).map((cookie) => cookie.value)
    for (const entry of seenByA) expect(cookieValues.some((value) => value.includes(entry.id))).toBe(false)
  })

  it("A signs B out: B's next requests have no session, A stays signed in", async () => {
    const { a, b } = devices
    const ofB = (await listed(b.page)).find((entry) => entry.current)!
    await listed(a.page)
    await expect(a.page.locator("[data-testid=device][data-current=true] [data-testid=device-revoke]").count()).resolves.toBe(0)
    await a.page.locator(`[data-session-id="${ofB.id}"] [data-testid=device-revoke]`).click()
    // The action re-renders the page without B.
    await expect.poll(() => a.page.getByTestId("device").count()).toBe(1)
    await expect(a.page.locator("[data-testid=device][data-current=true]").count()).resolves.toBe(1)

    await expectSignedOut(b.page)
    await b.page.goto(`${app.origin}/devices`)
    expect(new URL(b.page.url()).pathname).toBe("/signin")

    await expect(sessionOf(a.page)).resolves.toMatchObject({ user: { name: "Dev User" } })
    expect((await listed(a.page)).map((entry) => entry.current)).toEqual([true])
  })

  if (strategy === "jwt") {
    it("a credentials sign-in of the app's own user (a JWT whose user the database does not know) lists and revokes its sessions like any other", async () => {
      const context = await browser.newContext()
      try {
        const page = await context.newPage()
        await page.goto(`${app.origin}/signin?callbackUrl=%2Fdevices`)
        await page.getByTestId("username").fill("demo")
        await page.getByTestId("password").fill("demo")
        await page.getByTestId("credentials-submit").click()
        await page.waitForURL(`${app.origin}/devices`)
        await expect.poll(() => page.getByTestId("device").count()).toBe(1)
        await expect(page.getByTestId("devices-unmanaged").count()).resolves.toBe(0)
        await expect(sessionOf(page)).resolves.toMatchObject({ user: { name: "Demo User" } })
        // "Sign out everywhere" ends it: the app's own user's session was recorded (owned_sessions), not just the cookie.
        await page.getByTestId("revoke-all").click()
        await page.waitForURL(`${app.origin}/`)
        await expect(sessionOf(page)).resolves.toBeNull()
      } finally {
        await context.close()
      }
    })
  }

  it("'sign out everywhere else' ends the other sessions only; 'sign out everywhere' ends this one too", async () => {
    const { a, b } = devices
    await signIn(b.page)
    expect(await listed(a.page)).toHaveLength(2)
    await a.page.getByTestId("revoke-others").click()
    await expect.poll(() => a.page.getByTestId("device").count()).toBe(1)
    await expectSignedOut(b.page)
    await expect(sessionOf(a.page)).resolves.toMatchObject({ user: { name: "Dev User" } })

    await signIn(b.page)
    await listed(a.page)
    await a.page.getByTestId("revoke-all").click()
    await a.page.waitForURL(`${app.origin}/`)
    // The action cleared A's own cookie in its response: signed out at once, in both strategies.
    await expect(sessionOf(a.page)).resolves.toBeNull()
    await a.page.getByTestId("sign-in-link").waitFor()
    await expectSignedOut(b.page)
  })

  it("'sign out everywhere, including the identity provider' ends the session here and at the IdP: the next sign-in shows its login form", async () => {
    const { a } = devices
    await signIn(a.page)
    await listed(a.page)
    await a.page.getByTestId("sign-out-at-idp").click()
    await a.page.waitForURL((url) => url.pathname.startsWith("/session/end"))
    await a.page.click("button[value=yes]")
    await a.page.waitForURL(`${app.origin}/`)
    await expect(sessionOf(a.page)).resolves.toBeNull()

    await a.page.goto(`${app.origin}/signin`)
    await a.page.getByTestId("dev-idp-submit").click()
    await a.page.waitForSelector("#sign-in")
    expect(new URL(a.page.url()).pathname).toMatch(/^\/interaction\//)
  })
})
