/**
 * examples/next (Next.js 16) in Chromium: another origin's page posting a form to the app's route
 * handlers that call signOut, unstable_update and signIn. Next checks the origin of server actions
 * only; these calls need no CSRF token, so without a check of their own another app on the same host
 * (or a sibling subdomain: same site, so the browser sends the SameSite=Lax session cookie) signs the
 * visitor out or renames them, and any site signs the visitor into the attacker's account.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { startHostileFormSite, jsonAsTextPlainFields, type HostileFormSite } from "./support/hostile-form-site.js"
import { buildExampleAndLaunchChromium, newSecret, startExample, type RunningApp } from "./support/next-example.js"

let scratch: string
let browser: Browser
let app: RunningApp
let hostile: HostileFormSite
let context: BrowserContext

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "gatehouse-next-cross-site-"))
  browser = await buildExampleAndLaunchChromium()
  ;[app, hostile] = await Promise.all([
    startExample({ AUTH_SECRET: newSecret(), AUTH_URL: undefined, AUTH_TRUST_HOST: "true", DATABASE_PATH: join(scratch, "cross-site.db") }),
    startHostileFormSite(),
  ])
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await hostile?.close()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

beforeEach(async () => {
  await context?.close()
  context = await browser.newContext()
})

/** What the browser's next request to the app gets as its session. */
async function sessionInBrowser(): Promise<{ user?: { name?: string } } | null> {
  return (await context.request.get(`${app.origin}/api/auth/session`)).json()
}

/** Signs the browser in with the demo credentials, through core's own endpoints (with its CSRF token). */
async function signInVictim(): Promise<void> {
  const { csrfToken } = (await (await context.request.get(`${app.origin}/api/auth/csrf`)).json()) as { csrfToken: string }
  await context.request.post(`${app.origin}/api/auth/callback/credentials`, {
    form: { csrfToken, username: "demo", password: "demo", callbackUrl: app.origin },
    maxRedirects: 0,
  })
  expect((await sessionInBrowser())?.user?.name).toBe("Demo User")
}

/** The victim opens the attacker's page; it posts its form to `path`. Gives the app's answer's status. */
async function attack(
  page: Page,
  path: string,
  options: Parameters<HostileFormSite["url"]>[0] extends infer O ? Omit<O & object, "target"> : never,
) {
  const answered = page.waitForResponse((response) => response.url() === `${app.origin}${path}`)
  await page.goto(hostile.url({ ...options, target: `${app.origin}${path}` }))
  return (await answered).status()
}

describe("Next.js example, route handlers attacked by another origin's form", () => {
  it("the browser does send the session cookie with a same-site form post from another origin (the attack is live)", async () => {
    await signInVictim()
    const page = await context.newPage()
    const answered = page.waitForRequest((request) => request.url() === `${app.origin}/api/whoami`)
    await page.goto(hostile.url({ host: "127.0.0.1", target: `${app.origin}/api/whoami`, fields: {} }))
    expect((await (await answered).allHeaders()).cookie ?? "").toContain("authjs.session-token=")
  })

  it("signOut in a route handler refuses another origin's post: the visitor stays signed in", async () => {
    await signInVictim()
    const status = await attack(await context.newPage(), "/api/sign-out", { host: "127.0.0.1", fields: {} })
    expect(status).toBe(403)
    expect((await sessionInBrowser())?.user?.name).toBe("Demo User")
  })

  it("unstable_update in a route handler refuses another origin's JSON-as-text/plain post: the name is unchanged", async () => {
    await signInVictim()
    const status = await attack(await context.newPage(), "/api/profile", {
      host: "127.0.0.1",
      fields: jsonAsTextPlainFields({ name: "Mallory" }),
      enctype: "text/plain",
    })
    expect(status).toBe(403)
    expect((await sessionInBrowser())?.user?.name).toBe("Demo User")
  })

  it("signIn in a route handler refuses another site's post (login CSRF): the visitor is not signed into the attacker's account", async () => {
    expect(await sessionInBrowser()).toBeNull()
    const status = await attack(await context.newPage(), "/api/sign-in", {
      host: "localhost",
      fields: jsonAsTextPlainFields({ username: "demo", password: "demo" }),
      enctype: "text/plain",
    })
    expect(status).toBe(403)
    expect(await sessionInBrowser()).toBeNull()
    expect((await context.cookies(app.origin)).map((cookie) => cookie.name)).not.toContain("authjs.session-token")
  })

  it("the app's own pages still use the same routes (same-origin fetch from the app's page)", async () => {
    await signInVictim()
    const page = await context.newPage()
    await page.goto(`${app.origin}/api/auth/providers`)
    const renamed = await page.evaluate(async () => {
      const response = await fetch("/api/profile", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Dee" }),
      })
      return { status: response.status, body: await response.json() }
    })
    expect(renamed).toEqual({ status: 200, body: { name: "Dee" } })
    expect((await sessionInBrowser())?.user?.name).toBe("Dee")
    const signedOut = await page.evaluate(async () => (await fetch("/api/sign-out", { method: "POST" })).status)
    expect(signedOut).toBe(200)
    expect(await sessionInBrowser()).toBeNull()
  })
})
