/**
 * End-to-end: the SvelteKit example (examples/sveltekit), built for production with adapter-node,
 * started on loopback and driven in headless Chromium. One server keeps sessions in JWT cookies,
 * a second one, from the same build, in SQLite (database strategy). Both sign in with
 * credentials, through a real OpenID provider on loopback, and (database) with e-mail links sent
 * to a real SMTP server.
 */
import { execFile } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import Database from "better-sqlite3"
import { startDevIdentityProvider, type DevIdentityProvider } from "@gatehouse/dev-idp"
import type { Browser, BrowserContext, Locator, Page, Response as PageResponse } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchChromium } from "./support/launch-chromium.js"
import { linkFromMail, startSmtpSink, type SmtpSink } from "@gatehouse/test-kit/smtp-sink"
import { freePort } from "./support/free-port.js"
import { type RunningServer, spawnServer } from "./support/spawn-server.js"

const run = promisify(execFile)
const repoRoot = resolve(import.meta.dirname, "../..")
const exampleDir = join(repoRoot, "examples/sveltekit")
const flowTimeout = 60_000

type RunningApp = RunningServer

const idpClient = { id: "sveltekit-example", secret: randomBytes(24).toString("base64url") }

let browser: Browser
let idp: DevIdentityProvider
let smtp: SmtpSink
let jwtApp: RunningApp
let databaseApp: RunningApp
let databasePath: string
let jwtDatabasePath: string
const started: RunningApp[] = []
let scratch: string
// Inside the example, so the built server resolves its external packages from the workspace.
const buildDir = join(exampleDir, ".tmp", `e2e-${process.pid}-${randomBytes(3).toString("hex")}`)

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "gatehouse-sveltekit-"))
  databasePath = join(scratch, "database-sessions.db")
  jwtDatabasePath = join(scratch, "jwt-sessions.db")
  const [, launched, sink] = await Promise.all([buildExample(), launchChromium(), startSmtpSink()])
  browser = launched
  smtp = sink
  const [jwtPort, databasePort] = await Promise.all([freePort(), freePort()])
  // The provider has to know both apps' callback URLs before they start.
  idp = await startDevIdentityProvider({
    clients: [
      {
        client_id: idpClient.id,
        client_secret: idpClient.secret,
        redirect_uris: [jwtPort, databasePort].map((port) => `http://127.0.0.1:${port}/auth/callback/dev-idp`),
      },
    ],
  })
  const providerEnv = {
    AUTH_DEV_IDP_ISSUER: idp.issuer,
    AUTH_DEV_IDP_ID: idpClient.id,
    AUTH_DEV_IDP_SECRET: idpClient.secret,
    EMAIL_SERVER: `smtp://127.0.0.1:${smtp.port}`,
  }
  ;[jwtApp, databaseApp] = await Promise.all([
    startApp(jwtPort, { ...providerEnv, AUTH_SESSION_STRATEGY: "jwt", DATABASE_PATH: jwtDatabasePath }),
    startApp(databasePort, { ...providerEnv, AUTH_SESSION_STRATEGY: "database", DATABASE_PATH: databasePath }),
  ])
}, 240_000)

afterAll(async () => {
  await browser?.close()
  for (const app of started) await app.stop()
  await idp?.close()
  await smtp?.close()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
  rmSync(buildDir, { recursive: true, force: true })
})

describe("SvelteKit example, JWT sessions", () => {
  it("answers unauthenticated requests for protected pages with 303 to the sign-in page", async () => {
    for (const path of ["/protected", "/dashboard", "/dashboard/reports"]) {
      const response = await fetch(`${jwtApp.origin}${path}`, { redirect: "manual" })
      expect(response.status, path).toBe(303)
      const location = new URL(response.headers.get("location")!, jwtApp.origin)
      expect(location.pathname).toBe("/signin")
      expect(location.searchParams.get("callbackUrl")).toBe(path)
    }
    // The data endpoint SvelteKit uses for client-side navigation is protected too.
    const data = await fetch(`${jwtApp.origin}/protected/__data.json`, { redirect: "manual" })
    expect(await data.text()).toContain('"type":"redirect"')
  })

  it("redirects a browser from a protected page to sign in with 303", async () => {
    await withPage(jwtApp, async (page) => {
      const response = await page.goto(`${jwtApp.origin}/protected`)
      expect(await redirectStatuses(response)).toEqual([303])
      expect(new URL(page.url()).pathname).toBe("/signin")
      await expect(page.getByTestId("status").textContent()).resolves.toBe("Not signed in")
    })
  })

  it(
    "signs in through the SignIn component: wrong credentials are refused, right ones open the page",
    async () => {
      await withPage(jwtApp, async (page) => {
        await page.goto(`${jwtApp.origin}/protected`)
        await fillComponent(page, "demo", "wrong")
        const refused = await submitAndWait(page, page.getByRole("button", { name: "Sign in with the component" }))
        // The action caught the CredentialsSignin that signIn threw and answered 400 with it.
        expect(refused.status()).toBe(400)
        await expect(page.getByTestId("sign-in-error").textContent()).resolves.toContain("CredentialsSignin")
        expect(await sessionCookie(page.context())).toBeUndefined()

        await fillComponent(page, "demo", "demo")
        const accepted = await submitAndWait(page, page.getByRole("button", { name: "Sign in with the component" }))
        expect(accepted.status()).toBe(303)
        // It sets the session cookie: no shared cache may keep it.
        expect(accepted.headers()["cache-control"]).toBe("private, no-store")
        expect(new URL(page.url()).pathname).toBe("/protected")
        await expectSignedInAsDemo(page)
      })
    },
    flowTimeout,
  )

  it(
    "agrees on the session between locals.auth(), page data and the session endpoint",
    async () => {
      await withPage(jwtApp, async (page) => {
        await signInWithComponent(page)
        await page.goto(`${jwtApp.origin}/protected`)
        const fromLoad = JSON.parse((await page.getByTestId("load-session").textContent())!)
        const fromLayout = JSON.parse((await page.getByTestId("layout-session").textContent())!)
        const fromEndpoint = await (await page.request.get(`${jwtApp.origin}/api/session`)).json()
        const fromAuthApi = await (await page.request.get(`${jwtApp.origin}/auth/session`)).json()
        expect(fromLoad.user).toEqual({ id: "demo-user", name: "Demo User", email: "demo@example.test" })
        expect(fromLayout).toEqual(fromLoad)
        expect(fromEndpoint).toEqual(fromLoad)
        expect(fromAuthApi.user).toEqual(fromLoad.user)
        // The JWT strategy keeps the session in an encrypted token (JWE compact form: five parts).
        expect((await sessionCookie(page.context()))?.value.split(".")).toHaveLength(5)

        // The path prefix guarded by the handle chained after the auth handle is open now.
        await page.goto(`${jwtApp.origin}/dashboard/reports`)
        expect(new URL(page.url()).pathname).toBe("/dashboard/reports")
        await expect(page.getByTestId("reports").isVisible()).resolves.toBe(true)
      })
    },
    flowTimeout,
  )

  it(
    "signs out through the SignOut component and closes the protected pages again",
    async () => {
      await withPage(jwtApp, async (page) => {
        await signInWithComponent(page)
        await page.goto(`${jwtApp.origin}/dashboard`)
        const signedOut = await submitAndWait(page, page.getByRole("button", { name: "Sign out", exact: true }))
        expect(signedOut.status()).toBe(303)
        expect(new URL(page.url()).pathname).toBe("/")
        await expect(page.getByTestId("status").textContent()).resolves.toBe("Not signed in")
        await expect(page.getByTestId("page-session").textContent()).resolves.toBe("null")
        expect(await sessionCookie(page.context())).toBeUndefined()
        expect(await (await page.request.get(`${jwtApp.origin}/api/session`)).json()).toBeNull()

        const again = await page.goto(`${jwtApp.origin}/dashboard`)
        expect(await redirectStatuses(again)).toEqual([303])
        expect(new URL(page.url()).pathname).toBe("/signin")
      })
    },
    flowTimeout,
  )

  it(
    "signs in through a hand-written enhanced form posting to the signIn form action",
    async () => {
      await withPage(jwtApp, async (page) => {
        await page.goto(`${jwtApp.origin}/signin?callbackUrl=%2Fdashboard`)
        await hydrated(page)
        await page.getByTestId("action-username").fill("demo")
        await page.getByTestId("action-password").fill("nope")
        await page.getByRole("button", { name: "Sign in with the form action" }).click()
        await page.getByTestId("sign-in-error").waitFor()
        await expect(page.getByTestId("sign-in-error").textContent()).resolves.toContain("CredentialsSignin")
        expect(new URL(page.url()).pathname).toBe("/signin")
        expect(await sessionCookie(page.context())).toBeUndefined()

        await page.getByTestId("action-password").fill("demo")
        await page.getByRole("button", { name: "Sign in with the form action" }).click()
        await page.waitForURL(`${jwtApp.origin}/dashboard`)
        await page.getByTestId("dashboard-user").waitFor()
        await expect(page.getByTestId("dashboard-user").textContent()).resolves.toBe("Welcome, Demo User.")
        await expect(page.getByTestId("status").textContent()).resolves.toContain("Demo User")
      })
    },
    flowTimeout,
  )

  it(
    "signs in and out with the client functions",
    async () => {
      await withPage(jwtApp, async (page) => {
        await page.goto(`${jwtApp.origin}/signin?callbackUrl=%2Fprotected`)
        await hydrated(page)
        await page.getByTestId("client-username").fill("demo")
        await page.getByTestId("client-password").fill("bad")
        await page.getByRole("button", { name: "Sign in with the client function" }).click()
        await page.getByTestId("client-error").waitFor()
        await expect(page.getByTestId("client-error").textContent()).resolves.toContain("CredentialsSignin")
        expect(await sessionCookie(page.context())).toBeUndefined()

        await page.getByTestId("client-password").fill("demo")
        await page.getByRole("button", { name: "Sign in with the client function" }).click()
        await page.waitForURL(`${jwtApp.origin}/protected`)
        await expectSignedInAsDemo(page)

        await hydrated(page)
        await page.getByTestId("client-sign-out").click()
        await page.waitForURL(`${jwtApp.origin}/`)
        await page.getByText("Not signed in").waitFor()
        expect(await sessionCookie(page.context())).toBeUndefined()
        expect(await (await page.request.get(`${jwtApp.origin}/api/session`)).json()).toBeNull()
      })
    },
    flowTimeout,
  )

  it(
    "signs in with the OpenID provider through the SignIn component (session in a JWT cookie)",
    async () => {
      await withPage(jwtApp, async (page) => {
        await signInWithDevIdp(page, "/protected")
        expect(new URL(page.url()).pathname).toBe("/protected")
        const session = await (await page.request.get("/api/session")).json()
        expect(session.user).toMatchObject({ name: "Dev User", email: "dev@example.test" })
        expect((await sessionCookie(page.context()))?.value.split(".")).toHaveLength(5)
      })
    },
    flowTimeout,
  )

  it(
    "signs out through core's built-in sign-out page, whose form SvelteKit accepts as same-origin",
    async () => {
      await withPage(jwtApp, async (page) => {
        await signInWithComponent(page)
        await page.goto("/auth/signout")
        const signedOut = await submitAndWait(page, page.getByRole("button", { name: "Sign out" }))
        expect(signedOut.status()).toBe(302)
        expect(await sessionCookie(page.context())).toBeUndefined()
        await expect(page.getByTestId("status").textContent()).resolves.toBe("Not signed in")
      })
    },
    flowTimeout,
  )

  it("refuses a cross-site form post to the sign-in action before it runs", async () => {
    const response = await fetch(`${jwtApp.origin}/signin`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://attacker.test" },
      body: new URLSearchParams({ providerId: "credentials", username: "demo", password: "demo" }),
      redirect: "manual",
    })
    expect(response.status).toBe(403)
    expect(response.headers.getSetCookie().join("\n")).not.toContain("session-token")
  })

  it(
    "a page on a same-site origin cannot sign the visitor out with a bodiless POST (SvelteKit checks only form content types)",
    async () => {
      // Another port of the same host: cross-origin but same-site, so the browser sends the
      // SameSite=Lax session cookie along (a sibling subdomain is the same case in production).
      const attacker = await serveAttackerPage(
        `<script>fetch(${JSON.stringify(`${jwtApp.origin}/auth/signout`)}, { method: "POST", mode: "no-cors", credentials: "include" }).finally(() => { document.title = "sent" })</script>`,
      )
      try {
        await withPage(jwtApp, async (page) => {
          await signInWithComponent(page)
          await page.goto(attacker.url)
          await page.waitForFunction(() => document.title === "sent")
          expect(await sessionCookie(page.context())).toBeDefined()
          await page.goto(`${jwtApp.origin}/protected`)
          await expectSignedInAsDemo(page)
        })
      } finally {
        await attacker.close()
      }
    },
    flowTimeout,
  )

  it("reads a tampered session cookie as signed out, never as an error", async () => {
    const response = await fetch(`${jwtApp.origin}/api/session`, {
      headers: { cookie: "authjs.session-token=not-a-token" },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toBeNull()
    const page = await fetch(`${jwtApp.origin}/protected`, {
      headers: { cookie: "authjs.session-token=not-a-token" },
      redirect: "manual",
    })
    expect(page.status).toBe(303)
  })
})

describe("SvelteKit example, database sessions in SQLite", () => {
  it(
    "signs in with the OpenID provider, keeps the session in the database and deletes it on sign-out",
    async () => {
      await withPage(databaseApp, async (page) => {
        const blocked = await page.goto("/dashboard")
        expect(await redirectStatuses(blocked)).toEqual([303])

        await signInWithDevIdp(page, "/dashboard")
        expect(new URL(page.url()).pathname).toBe("/dashboard")
        await expect(page.getByTestId("dashboard-user").textContent()).resolves.toBe("Welcome, Dev User.")

        const cookie = await sessionCookie(page.context())
        expect(cookie?.value).toMatch(/^[0-9a-f-]{36}$/)
        const row = readDatabase((db) =>
          db.prepare("SELECT u.email FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.session_token = ?").get(cookie!.value),
        ) as { email: string } | undefined
        expect(row?.email).toBe("dev@example.test")

        await page.goto("/protected")
        const fromLoad = JSON.parse((await page.getByTestId("load-session").textContent())!)
        const fromLayout = JSON.parse((await page.getByTestId("layout-session").textContent())!)
        const fromEndpoint = await (await page.request.get("/api/session")).json()
        expect(fromLoad.user).toMatchObject({ name: "Dev User", email: "dev@example.test" })
        expect(fromLoad.user.id).toBe(
          readDatabase((db) => (db.prepare("SELECT user_id FROM sessions WHERE session_token = ?").get(cookie!.value) as any).user_id),
        )
        expect(fromLayout).toEqual(fromLoad)
        expect(fromEndpoint).toEqual(fromLoad)

        const signedOut = await submitAndWait(page, page.getByRole("button", { name: "Sign out", exact: true }))
        expect(signedOut.status()).toBe(303)
        await expect(page.getByTestId("status").textContent()).resolves.toBe("Not signed in")
        expect(await sessionCookie(page.context())).toBeUndefined()
        const remaining = readDatabase((db) =>
          db.prepare("SELECT count(*) AS n FROM sessions WHERE session_token = ?").get(cookie!.value),
        ) as { n: number }
        expect(remaining.n).toBe(0)
        // Replaying the deleted session's cookie opens nothing.
        const replay = await fetch(`${databaseApp.origin}/api/session`, { headers: { cookie: `authjs.session-token=${cookie!.value}` } })
        expect(await replay.json()).toBeNull()
      })
    },
    flowTimeout,
  )

  it(
    "signs in with an e-mail link sent over SMTP through the SignIn component",
    async () => {
      await withPage(databaseApp, async (page) => {
        const email = `reader-${randomBytes(4).toString("hex")}@example.test`
        await page.goto("/signin?callbackUrl=%2Fdashboard")
        await page.locator("#input-email-for-nodemailer-provider").fill(email)
        const requested = await submitAndWait(page, page.getByRole("button", { name: "Email me a sign-in link" }))
        expect(requested.status()).toBe(303)
        expect(new URL(page.url()).pathname).toBe("/auth/verify-request")
        expect(await sessionCookie(page.context())).toBeUndefined()

        const mail = await smtp.nextMail(10_000)
        expect(mail.envelope.to).toEqual([email])
        const link = linkFromMail(mail)
        expect(link.origin + link.pathname).toBe(`${databaseApp.origin}/auth/callback/nodemailer`)

        // The link opens a confirmation step; its button signs in.
        await page.goto(link.href)
        const confirmed = await submitAndWait(page, page.getByRole("button", { name: "Sign in" }))
        expect(confirmed.status()).toBe(302)
        expect(new URL(page.url()).pathname).toBe("/dashboard")
        await expect(page.getByTestId("status").textContent()).resolves.toBe(`Signed in as ${email}`)
        const token = (await sessionCookie(page.context()))!.value
        const row = readDatabase((db) =>
          db.prepare("SELECT u.email FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.session_token = ?").get(token),
        ) as { email: string } | undefined
        expect(row?.email).toBe(email)
      })
    },
    flowTimeout,
  )

  it(
    "signs the credentials user in and out with the client functions, as a session row",
    async () => {
      await withPage(databaseApp, async (page) => {
        await page.goto("/signin?callbackUrl=%2Fprotected")
        await hydrated(page)
        await page.getByTestId("client-username").fill("demo")
        await page.getByTestId("client-password").fill("demo")
        await page.getByRole("button", { name: "Sign in with the client function" }).click()
        await page.waitForURL(`${databaseApp.origin}/protected`)
        await expectSignedInAsDemo(page)

        const token = (await sessionCookie(page.context()))!.value
        expect(token).toMatch(/^[0-9a-f-]{36}$/)
        const row = readDatabase((db) =>
          db.prepare("SELECT u.id, u.email FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.session_token = ?").get(token),
        ) as { id: string; email: string } | undefined
        expect(row?.email).toBe("demo@example.test")
        const fromLoad = JSON.parse((await page.getByTestId("load-session").textContent())!)
        expect(fromLoad.user.id).toBe(row!.id)

        await hydrated(page)
        await page.getByTestId("client-sign-out").click()
        await page.waitForURL(`${databaseApp.origin}/`)
        await page.getByText("Not signed in").waitFor()
        const remaining = readDatabase((db) => db.prepare("SELECT count(*) AS n FROM sessions WHERE session_token = ?").get(token)) as {
          n: number
        }
        expect(remaining.n).toBe(0)
      })
    },
    flowTimeout,
  )
})

/**
 * Two browsers signed in as one user: each lists both sessions with the right one current; A signs B
 * out, and B's next request finds no session while A stays; then A signs out everywhere.
 */
async function devicesFlow(
  app: RunningApp,
  signIn: (page: Page) => Promise<void>,
  expected: { provider: string; userName: string; email: string },
): Promise<void> {
  const laptop = await browser.newContext({ baseURL: app.origin, userAgent: "Gatehouse e2e laptop" })
  const phone = await browser.newContext({ baseURL: app.origin, userAgent: "Gatehouse e2e phone" })
  const device = (agent: string, current: boolean) => ({ agent: `Gatehouse e2e ${agent}`, current, provider: expected.provider })
  try {
    const a = await laptop.newPage()
    const b = await phone.newPage()
    await signIn(a)
    // Start from this one session: the user's sessions left by earlier flows end here (scope "others").
    await a.goto("/devices")
    await submitAndWait(a, a.getByRole("button", { name: "Sign out everywhere else" }))
    await expect(a.getByTestId("devices-message").textContent()).resolves.toMatch(/^Signed out of \d+ other devices?\.$/)
    expect(await devicesOn(a)).toEqual([device("laptop", true)])

    await signIn(b)
    await a.goto("/devices")
    expect(await devicesOn(a)).toEqual([device("laptop", true), device("phone", false)])
    await b.goto("/devices")
    expect(await devicesOn(b)).toEqual([device("phone", true), device("laptop", false)])

    // A signs B out.
    const phoneRow = a.getByTestId("device").filter({ hasText: "Gatehouse e2e phone" })
    const revoked = await submitAndWait(a, phoneRow.getByRole("button", { name: "Sign out this device" }))
    expect(revoked.status()).toBe(200)
    await expect(a.getByTestId("devices-message").textContent()).resolves.toBe("That device is signed out.")
    expect(await devicesOn(a)).toEqual([device("laptop", true)])

    // B's next request finds no session: the protected page sends it to sign in.
    const blocked = await b.goto("/protected")
    expect(await redirectStatuses(blocked)).toEqual([303])
    expect(new URL(b.url()).pathname).toBe("/signin")
    await expect(b.getByTestId("status").textContent()).resolves.toBe("Not signed in")
    expect(await (await b.request.get("/api/session")).json()).toBeNull()

    // A is still signed in, then signs out everywhere: itself included.
    await a.goto("/protected")
    await expect(a.getByTestId("status").textContent()).resolves.toBe(`Signed in as ${expected.userName}`)
    await a.goto("/devices")
    const everywhere = await submitAndWait(a, a.getByRole("button", { name: "Sign out everywhere", exact: true }))
    expect(everywhere.status()).toBe(303)
    expect(new URL(a.url()).pathname).toBe("/")
    await expect(a.getByTestId("status").textContent()).resolves.toBe("Not signed in")
    expect(await sessionCookie(laptop)).toBeUndefined()
    const rows = readDatabase(
      (db) => db.prepare("SELECT count(*) AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ?").get(expected.email),
      app === jwtApp ? jwtDatabasePath : databasePath,
    ) as { n: number }
    expect(rows.n).toBe(0)
  } catch (error) {
    if (error instanceof Error) error.message += `\n--- server output ---\n${app.output().slice(-4000)}`
    throw error
  } finally {
    await laptop.close()
    await phone.close()
  }
}

describe("SvelteKit example, your devices (locals.sessions)", () => {
  it(
    "database sessions: lists both browsers' sessions with the right current one; A signs B out, B is signed out at its next request, A stays",
    () => devicesFlow(databaseApp, signInWithComponent, { provider: "credentials", userName: "Demo User", email: "demo@example.test" }),
    flowTimeout,
  )

  it(
    "JWT sessions (recorded in SQLite): the same, the revoked JWT refused at B's next request",
    () =>
      devicesFlow(jwtApp, (page) => signInWithDevIdp(page, "/"), { provider: "dev-idp", userName: "Dev User", email: "dev@example.test" }),
    flowTimeout,
  )

  it("refuses a cross-site post to the revoke actions before they run", async () => {
    for (const action of ["revoke", "others", "all"]) {
      const response = await fetch(`${databaseApp.origin}/devices?/${action}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://attacker.test" },
        body: new URLSearchParams({ sessionId: "anything" }),
        redirect: "manual",
      })
      expect(response.status, action).toBe(403)
    }
  })

  it("sends a visitor without a session from the devices page to sign in", async () => {
    const response = await fetch(`${databaseApp.origin}/devices`, { redirect: "manual" })
    expect(response.status).toBe(303)
    expect(new URL(response.headers.get("location")!, databaseApp.origin).pathname).toBe("/signin")
  })
})

/** The devices page's list: user agent, current marker, provider, in page order. */
async function devicesOn(page: Page): Promise<{ agent: string; current: boolean; provider: string }[]> {
  const devices: { agent: string; current: boolean; provider: string }[] = []
  for (const device of await page.getByTestId("device").all()) {
    devices.push({
      agent: (await device.getByTestId("device-agent").textContent())!,
      current: (await device.getByTestId("current-device").count()) === 1,
      provider: (await device.getByTestId("device-provider").textContent())!,
    })
  }
  return devices
}

async function buildExample(): Promise<void> {
  for (const pkg of ["core", "sveltekit"]) {
    if (!existsSync(join(repoRoot, "packages", pkg, "dist/index.js"))) {
      await run("npm", ["run", "build", "-w", `@gatehouse/${pkg}`], { cwd: repoRoot })
    }
  }
  await run("npm", ["run", "build"], {
    cwd: exampleDir,
    env: { ...process.env, EXAMPLE_OUT_DIR: buildDir },
    maxBuffer: 16 * 1024 * 1024,
  })
}

/** The built example on `port`, answered once it serves /auth/providers; stopped in afterAll. */
async function startApp(port: number, env: Record<string, string>): Promise<RunningApp> {
  const origin = `http://127.0.0.1:${port}`
  const childEnv: Record<string, string> = {}
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) childEnv[name] = value
  const app = await spawnServer({
    command: process.execPath,
    args: [join(buildDir, "build/index.js")],
    cwd: exampleDir,
    env: {
      ...childEnv,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      // adapter-node builds event.url from ORIGIN; SvelteKit compares form posts' Origin with it.
      ORIGIN: origin,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      AUTH_TRUST_HOST: "true",
      ...env,
    },
    probeUrl: `${origin}/auth/providers`,
    origin,
    label: "The SvelteKit example",
  })
  started.push(app)
  return app
}

/** A fresh browser context (no cookies) per flow. */
async function withPage(app: RunningApp, flow: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ baseURL: app.origin })
  try {
    await flow(await context.newPage())
  } catch (error) {
    if (error instanceof Error) error.message += `\n--- server output ---\n${app.output().slice(-4000)}`
    throw error
  } finally {
    await context.close()
  }
}

/** Statuses of the redirects that led to this navigation's response, first hop first. */
async function redirectStatuses(response: PageResponse | null): Promise<number[]> {
  const statuses: number[] = []
  for (let request = response?.request().redirectedFrom(); request; request = request.redirectedFrom()) {
    statuses.unshift((await request.response())?.status() ?? 0)
  }
  return statuses
}

async function fillComponent(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId("component-username").fill(username)
  await page.getByTestId("component-password").fill(password)
}

/** Clicks a submit button of a native form; returns the response to the POST once the page it leads to has loaded. */
async function submitAndWait(page: Page, button: Locator): Promise<PageResponse> {
  const [post] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST" && response.request().isNavigationRequest()),
    page.waitForEvent("load"),
    button.click(),
  ])
  return post
}

/** SvelteKit's client router and event handlers are live (the example's root layout marks it). */
async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" })
}

async function signInWithComponent(page: Page): Promise<void> {
  await page.goto("/signin?callbackUrl=%2F")
  await fillComponent(page, "demo", "demo")
  await submitAndWait(page, page.getByRole("button", { name: "Sign in with the component" }))
  await expect(page.getByTestId("status").textContent()).resolves.toContain("Demo User")
}

/** From the sign-in page, through the provider's login page (one click) and back to `callbackUrl`. */
async function signInWithDevIdp(page: Page, callbackUrl: string): Promise<void> {
  await page.goto(`/signin?${new URLSearchParams({ callbackUrl })}`)
  await Promise.all([
    page.waitForURL((url) => url.origin === idp.issuer),
    page.getByRole("button", { name: "Sign in with Dev IdP" }).click(),
  ])
  // The component's authorizationParams reached the provider: it prefills the hinted login.
  await expect(page.locator("#username").inputValue()).resolves.toBe("dev@example.test")
  await Promise.all([page.waitForURL((url) => url.pathname === callbackUrl), page.locator("#sign-in").click()])
  await expect(page.getByTestId("status").textContent()).resolves.toContain("Dev User")
}

function readDatabase<T>(query: (db: Database.Database) => T, path = databasePath): T {
  const db = new Database(path, { readonly: true, fileMustExist: true })
  try {
    return query(db)
  } finally {
    db.close()
  }
}

async function expectSignedInAsDemo(page: Page): Promise<void> {
  await expect(page.getByTestId("status").textContent()).resolves.toBe("Signed in as Demo User")
  const fromLoad = JSON.parse((await page.getByTestId("load-session").textContent())!)
  expect(fromLoad.user.name).toBe("Demo User")
  expect(await sessionCookie(page.context())).toBeDefined()
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "authjs.session-token")
}

/** A page on another port of 127.0.0.1 (same site as the apps, another origin), serving `html`. */
async function serveAttackerPage(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" })
    response.end(`<!doctype html><title>attacker</title>${html}`)
  })
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((closed) => server.close(() => closed())) }
}
