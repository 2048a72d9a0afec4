/**
 * Issue 37: a user's Next.js app (test/e2e/fixtures/next-edge) whose middleware and route handlers
 * run on the Edge runtime, built with `next build` and driven in Chromium. JWT sessions are kept in
 * Redis reached over HTTP (`redisSessionStore(redisOverHttp(…))`, the test-kit's REST server in front
 * of the real Redis), shared by two `next start` instances: the session is read in the middleware
 * and in an Edge route handler, and a session revoked on the other instance is refused on this one
 * within `revocationCheckInterval`. The build must not warn that the Edge bundle reaches Node APIs.
 */
import { rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RedisRestServer, startRedisRestServer } from "@gatehouse/test-kit/redis-rest-server"
import { launchChromium } from "./support/launch-chromium.js"
import { freePort } from "./support/free-port.js"
import { runNextBuild, startExample } from "./support/next-example.js"
import type { RunningServer } from "./support/spawn-server.js"

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..")
const appDir = join(repoRoot, "test", "e2e", "fixtures", "next-edge")
const distDir = ".next-e2e"
/** Seconds between two checks of one session against the store: the bound on a revocation reaching this instance. */
const revocationCheckInterval = 2

/**
 * What webpack prints when an Edge bundle reaches what the Edge runtime lacks: "A Node.js API is used
 * (CompressionStream at line: 32) which is not supported in the Edge Runtime." / "A Node.js module is
 * loaded ('crypto' …)". (Turbopack, Next 16's default, does not report these: the build uses webpack.)
 */
const edgeWarning = /not supported in the Edge Runtime|A Node\.js (API is used|module is loaded)/i

async function nextBuild(): Promise<string> {
  rmSync(join(appDir, distDir), { recursive: true, force: true })
  return runNextBuild(appDir, ["--webpack"])
}

async function nextStart(redis: RedisRestServer): Promise<RunningServer> {
  const port = await freePort()
  return startExample(
    {
      AUTH_SECRET: "next-edge-e2e-secret-with-more-than-32-characters",
      AUTH_URL: `http://127.0.0.1:${port}/api/auth`,
      REDIS_REST_URL: redis.url,
      REDIS_REST_TOKEN: redis.token,
      REVOCATION_CHECK_INTERVAL: String(revocationCheckInterval),
    },
    { port, cwd: appDir },
  )
}

async function readJson(page: Page, url: string): Promise<any> {
  const response = await page.goto(url)
  expect(response?.status()).toBe(200)
  return response!.json()
}

async function signIn(page: Page, origin: string, name: string): Promise<void> {
  await page.goto(`${origin}/api/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/`)}`)
  await page.getByLabel("Username").fill(name)
  await page.getByLabel("Password").fill(`pw-${name}`)
  await Promise.all([page.waitForURL(`${origin}/`), page.getByRole("button", { name: /sign in/i }).click()])
}

describe("a Next.js app on the Edge runtime (built, two instances, Chromium)", () => {
  let buildOutput = ""
  let redis: RedisRestServer
  let first: RunningServer
  let second: RunningServer
  let browser: Browser
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    const launching = launchChromium()
    launching.catch(() => {})
    buildOutput = await nextBuild()
    redis = await startRedisRestServer()
    ;[first, second] = await Promise.all([nextStart(redis), nextStart(redis)])
    browser = await launching
  }, 600_000)

  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser?.close()
    await Promise.all([first?.stop(), second?.stop()])
    await redis?.close()
  })

  async function newPage(): Promise<Page> {
    const context = await browser.newContext()
    contexts.push(context)
    return context.newPage()
  }

  it("builds the middleware and route handlers for the Edge runtime without warnings about Node APIs", () => {
    expect(buildOutput).toContain("(webpack)")
    const warnings = buildOutput.split("\n").filter((line) => edgeWarning.test(line))
    expect(warnings, buildOutput).toEqual([])
    // Next names both: the middleware, and route handlers on the Edge runtime.
    expect(buildOutput).toMatch(/Proxy \(Middleware\)/)
    expect(buildOutput).toContain("Using edge runtime")
  })

  it("reads the session in the middleware and in an Edge route handler, on both instances", async () => {
    const page = await newPage()
    const name = `ada-${crypto.randomUUID().slice(0, 8)}`
    expect(await readJson(page, `${first.origin}/middleware-session`)).toEqual({ user: null, runtime: "edge" })
    expect(await readJson(page, `${first.origin}/api/edge-session`)).toEqual({ user: null, runtime: "edge" })
    await signIn(page, first.origin, name)
    const user = { name, email: `${name}@example.test` }
    for (const origin of [first.origin, second.origin]) {
      expect(await readJson(page, `${origin}/middleware-session`)).toMatchObject({ user, runtime: "edge" })
      expect(await readJson(page, `${origin}/api/edge-session`)).toMatchObject({ user, runtime: "edge" })
    }
    // The session was recorded in the shared store (through the REST server).
    expect(redis.commands.some((command) => command.some((part) => part.includes(`user-${name}`)))).toBe(true)
  })

  it("refuses, within the bound, a session revoked on the other instance", async () => {
    const name = `bob-${crypto.randomUUID().slice(0, 8)}`
    const laptop = await newPage()
    await signIn(laptop, first.origin, name)
    expect((await readJson(laptop, `${first.origin}/api/edge-session`)).user?.name).toBe(name)
    expect((await readJson(laptop, `${first.origin}/middleware-session`)).user?.name).toBe(name)

    // On another device, through the other instance: sign in, then end every other session of the user.
    const phone = await newPage()
    await signIn(phone, second.origin, name)
    const revoked = await phone.evaluate(async (origin) => {
      const { csrfToken } = await (await fetch(`${origin}/api/auth/csrf`)).json()
      const response = await fetch(`${origin}/api/auth/sessions/revoke`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({ csrfToken, scope: "others" }),
      })
      return { status: response.status, body: await response.json() }
    }, second.origin)
    expect(revoked.status).toBe(200)
    expect(revoked.body).toMatchObject({ revoked: 1 })

    const refusedBy = Date.now() + (revocationCheckInterval + 2) * 1000
    let session: any
    do {
      await new Promise((resolve) => setTimeout(resolve, 250))
      session = await readJson(laptop, `${first.origin}/api/edge-session`)
    } while (session.user && Date.now() < refusedBy)
    expect(session).toEqual({ user: null, runtime: "edge" })
    expect(await readJson(laptop, `${first.origin}/middleware-session`)).toEqual({ user: null, runtime: "edge" })
    // The other device's session stays.
    expect((await readJson(phone, `${first.origin}/api/edge-session`)).user?.name).toBe(name)
  })
})
