/**
 * @gatehouse/qwik end to end: the example Qwik City app (examples/qwik) built for production,
 * started on loopback and driven in headless Chromium, against the real dev OpenID provider,
 * a real SMTP server and a real SQLite database.
 */
import { spawn, execFile, type ChildProcess } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { decode } from "@gatehouse/core/jwt"
import { startDevIdentityProvider, type DevIdentityProvider } from "@gatehouse/dev-idp"
import Database from "better-sqlite3"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { linkFromMail, startSmtpSink, type SmtpSink } from "@gatehouse/test-kit/smtp-sink"
import { launchChromium } from "./support/launch-chromium.js"
import { startHostileFormSite } from "./support/hostile-form-site.js"
import { freePort } from "./support/free-port.js"

const run = promisify(execFile)
const repoRoot = fileURLToPath(new URL("../../", import.meta.url))
const exampleDir = fileURLToPath(new URL("../../examples/qwik/", import.meta.url))

const SECRET = randomBytes(32).toString("hex")
const IDP_CLIENT = { id: "qwik-example", secret: randomBytes(16).toString("hex") }
const SESSION_COOKIE = "authjs.session-token"

interface RunningApp {
  origin: string
  output: () => string
  stop: () => Promise<void>
}

/** A port nobody holds right now: the dev IdP must know the app's callback URL before the app starts. */
/** Starts the built example and waits for its "listening on <origin>" line. */
async function startApp(env: Record<string, string>): Promise<RunningApp> {
  const child: ChildProcess = spawn(process.execPath, ["server/entry.node-server.js"], {
    cwd: exampleDir,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", HOST: "127.0.0.1", AUTH_SECRET: SECRET, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  child.stdout!.on("data", (chunk) => (output += chunk))
  child.stderr!.on("data", (chunk) => (output += chunk))
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`example did not start in time:\n${output}`)), 20_000)
    const onData = () => {
      const match = /listening on (http:\/\/[\d.:]+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    }
    child.stdout!.on("data", onData)
    child.once("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`example exited with ${code}:\n${output}`))
    })
  })
  return {
    origin,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once("exit", () => resolve())
        child.kill("SIGTERM")
      }),
  }
}

async function sessionCookie(context: BrowserContext, origin: string) {
  return (await context.cookies(origin)).find((cookie) => cookie.name === SESSION_COOKIE)
}

async function signInWithCredentials(page: Page, username: string, password: string) {
  const form = page.locator("#credentials-form")
  await form.locator('input[name="options.username"]').fill(username)
  await form.locator('input[name="options.password"]').fill(password)
  await form.locator('button[type="submit"]').click()
}

let browser: Browser
let idp: DevIdentityProvider
let smtp: SmtpSink
/** JWT sessions, no database: credentials and OIDC. */
let app: RunningApp
/** Database sessions in SQLite: OIDC and e-mail links. */
let dbApp: RunningApp
/** JWT sessions recorded in SQLite (AUTH_SESSION_STRATEGY=jwt with DATABASE_PATH): for the devices page. */
let jwtDbApp: RunningApp
let dbFolder: string
const openDatabases = new Map<string, Database.Database>()

/** One of the example's SQLite files, opened read-only once the app has created it. */
function databaseFile(name: string): Database.Database {
  let opened = openDatabases.get(name)
  if (!opened) openDatabases.set(name, (opened = new Database(join(dbFolder, name), { readonly: true })))
  return opened
}

/** The database-sessions app's SQLite file. */
const database = () => databaseFile("auth.db")

beforeAll(async () => {
  // The integration and the app are built from the current sources (core is built by `npm run build`).
  await run("npm", ["run", "build", "-w", "@gatehouse/qwik"], { cwd: repoRoot })
  // vitest sets NODE_ENV=test, which would make Vite build a development bundle.
  await run("npm", ["run", "build"], {
    cwd: exampleDir,
    env: { ...process.env, NODE_ENV: "production" },
    maxBuffer: 16 * 1024 * 1024,
  })
  const [appPort, dbAppPort, jwtDbAppPort] = [await freePort(), await freePort(), await freePort()]
  idp = await startDevIdentityProvider({
    clients: [
      {
        client_id: IDP_CLIENT.id,
        client_secret: IDP_CLIENT.secret,
        redirect_uris: [appPort, dbAppPort, jwtDbAppPort].map((port) => `http://127.0.0.1:${port}/auth/callback/dev-idp`),
      },
    ],
  })
  smtp = await startSmtpSink()
  const idpEnv = { AUTH_DEV_IDP_ISSUER: idp.issuer, AUTH_DEV_IDP_ID: IDP_CLIENT.id, AUTH_DEV_IDP_SECRET: IDP_CLIENT.secret }
  dbFolder = mkdtempSync(join(tmpdir(), "gatehouse-qwik-e2e-"))
  ;[app, dbApp, jwtDbApp] = await Promise.all([
    startApp({ PORT: String(appPort), AUTH_TRUST_HOST: "true", ...idpEnv }),
    startApp({
      PORT: String(dbAppPort),
      AUTH_TRUST_HOST: "true",
      ...idpEnv,
      DATABASE_PATH: join(dbFolder, "auth.db"),
      EMAIL_SERVER: `smtp://127.0.0.1:${smtp.port}`,
    }),
    startApp({
      PORT: String(jwtDbAppPort),
      AUTH_TRUST_HOST: "true",
      ...idpEnv,
      AUTH_SESSION_STRATEGY: "jwt",
      DATABASE_PATH: join(dbFolder, "jwt-sessions.db"),
    }),
  ])
  browser = await launchChromium()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await Promise.all([app?.stop(), dbApp?.stop(), jwtDbApp?.stop()])
  await idp?.close()
  await smtp?.close()
  for (const opened of openDatabases.values()) opened.close()
  if (dbFolder) rmSync(dbFolder, { recursive: true, force: true })
})

describe("Qwik City example, JWT sessions", () => {
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    context = await browser.newContext()
    page = await context.newPage()
  })
  afterAll(async () => context?.close())

  it("redirects a visitor without a session away from the protected route", async () => {
    const response = await page.goto(`${app.origin}/protected/`)
    expect(response?.status()).toBe(200)
    expect(new URL(page.url()).pathname).toBe("/")
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/protected/")
    await expect(page.locator("#session-status").textContent()).resolves.toBe("Not signed in")
    await expect(page.locator("#protected-content").count()).resolves.toBe(0)
  })

  it("shows validation errors of the sign-in action next to the form", async () => {
    // An unknown provider id: refused before core is asked.
    await page.locator('#credentials-form input[name="providerId"]').evaluate((input: HTMLInputElement) => {
      input.value = "no-such-provider"
    })
    await signInWithCredentials(page, "demo", "demo")
    const providerError = page.locator('#field-errors li[data-field="providerId"]')
    await providerError.waitFor()
    await expect(providerError.textContent()).resolves.toContain('No provider with id "no-such-provider"')

    // A field of the wrong type (an array where a string belongs): refused by the input schema.
    await page.goto(`${app.origin}/`)
    await page.locator("#credentials-form").evaluate((form: HTMLFormElement) => {
      form.insertAdjacentHTML("beforeend", '<input type="hidden" name="redirectTo[]" value="/x">')
    })
    await signInWithCredentials(page, "demo", "demo")
    const typeError = page.locator('#field-errors li[data-field="redirectTo"]')
    await typeError.waitFor()
    await expect(typeError.textContent()).resolves.toMatch(/expected string/i)
    expect(await sessionCookie(context, app.origin)).toBeUndefined()
  })

  it("redirects wrong credentials to pages.signIn with ?error=CredentialsSignin&code=, as @auth/qwik does; no session is made", async () => {
    await page.goto(`${app.origin}/?redirectTo=/protected/`)
    await signInWithCredentials(page, "demo", "wrong-password")
    await page.waitForURL((url) => url.searchParams.has("error"))
    expect(new URL(page.url()).pathname).toBe("/")
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ error: "CredentialsSignin", code: "credentials" })
    await page.locator("#sign-in-error-type").waitFor()
    await expect(page.locator("#sign-in-error-type").textContent()).resolves.toBe("CredentialsSignin")
    await expect(page.locator("#sign-in-error-code").textContent()).resolves.toBe("credentials")
    await expect(page.locator("#sign-in-error").textContent()).resolves.toContain("Check the details you provided are correct")
    expect(await sessionCookie(context, app.origin)).toBeUndefined()

    // A custom CredentialsSignin subclass keeps its own code.
    await page.goto(`${app.origin}/?redirectTo=/protected/`)
    await signInWithCredentials(page, "locked", "whatever")
    await page.waitForURL((url) => url.searchParams.get("code") === "account_locked")
    await expect(page.locator("#sign-in-error-code").textContent()).resolves.toBe("account_locked")
    await expect(page.locator("#session-status").textContent()).resolves.toBe("Not signed in")
  })

  it("stays on the form with the refusal as the action's value when the form posts redirectOnFailure=false", async () => {
    await page.goto(`${app.origin}/?redirectTo=/protected/`)
    await page.locator("#credentials-form").evaluate((form: HTMLFormElement) => {
      form.insertAdjacentHTML("beforeend", '<input type="hidden" name="redirectOnFailure" value="false">')
    })
    await signInWithCredentials(page, "locked", "whatever")
    await page.locator("#sign-in-error-code").waitFor()
    await expect(page.locator("#sign-in-error-type").textContent()).resolves.toBe("CredentialsSignin")
    await expect(page.locator("#sign-in-error-code").textContent()).resolves.toBe("account_locked")
    await expect(page.locator("#sign-in-error").textContent()).resolves.toContain("Check the details you provided are correct")
    expect(new URL(page.url()).searchParams.get("error")).toBeNull()
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/protected/")
    expect(await sessionCookie(context, app.origin)).toBeUndefined()
  })

  it("signs in with the right credentials, lands on the protected page, and keeps the session as a JWE", async () => {
    await page.goto(`${app.origin}/?redirectTo=/protected/`)
    await signInWithCredentials(page, "demo", "demo")
    await page.waitForURL(`${app.origin}/protected/`)
    await expect(page.locator("#protected-content").textContent()).resolves.toContain("Demo User")
    await expect(page.locator("#session-status").textContent()).resolves.toBe("Signed in as Demo User")

    const cookie = await sessionCookie(context, app.origin)
    expect(cookie?.httpOnly).toBe(true)
    expect(cookie?.sameSite).toBe("Lax")
    expect(cookie?.value.split(".")).toHaveLength(5)
    const token = await decode({ token: cookie!.value, secret: SECRET, salt: SESSION_COOKIE })
    expect(token).toMatchObject({ name: "Demo User", email: "demo@example.com", sub: "demo" })

    // The same session through core's endpoint, from the page.
    const session = await page.evaluate(async () => (await fetch("/auth/session")).json())
    expect(session).toMatchObject({ user: { name: "Demo User", email: "demo@example.com" } })
    expect(Date.parse(session.expires)).toBeGreaterThan(Date.now())
  })

  it("refuses a cross-site form post to /auth and keeps the session", async () => {
    const hostile = await startHostileFormSite()
    try {
      const attack = await context.newPage()
      const landed = attack.waitForResponse((response) => response.url().startsWith(`${app.origin}/auth/signout`))
      await attack.goto(hostile.url({ host: "localhost", target: `${app.origin}/auth/signout`, fields: { callbackUrl: "/" } }))
      expect((await landed).status()).toBe(403)
      await attack.close()
    } finally {
      await hostile.close()
    }
    await page.goto(`${app.origin}/protected/`)
    await expect(page.locator("#protected-content").count()).resolves.toBe(1)
  })

  it("signs out through useSignOut: session cookie cleared, protected route closed again", async () => {
    await page.goto(`${app.origin}/`)
    await page.locator('#sign-out-form button[type="submit"]').click()
    await page.locator("#credentials-form").waitFor()
    await expect(page.locator("#session-status").textContent()).resolves.toBe("Not signed in")
    expect(await sessionCookie(context, app.origin)).toBeUndefined()
    await page.goto(`${app.origin}/protected/`)
    expect(new URL(page.url()).pathname).toBe("/")
  })

  it("completes an OIDC round trip with the dev identity provider, passing authorizationParams on", async () => {
    await page.goto(`${app.origin}/?redirectTo=/protected/`)
    await page.locator("#oidc-form").evaluate((form: HTMLFormElement) => {
      form.insertAdjacentHTML("beforeend", '<input type="hidden" name="authorizationParams.login_hint" value="dev@example.test">')
    })
    await page.locator('#oidc-form button[type="submit"]').click()
    await page.waitForURL((url) => url.origin === idp.issuer)
    // The provider prefills the login name from login_hint: the parameter reached it.
    await expect(page.locator("#username").inputValue()).resolves.toBe("dev@example.test")
    await page.locator("#sign-in").click()
    await page.waitForURL(`${app.origin}/protected/`)
    await expect(page.locator("#protected-content").textContent()).resolves.toContain("Dev User")
    const cookie = await sessionCookie(context, app.origin)
    const token = await decode({ token: cookie!.value, secret: SECRET, salt: SESSION_COOKIE })
    expect(token).toMatchObject({ email: "dev@example.test", name: "Dev User" })
    // The OAuth check cookies served their one purpose and are gone.
    const names = (await context.cookies(app.origin)).map((c) => c.name)
    expect(names.filter((name) => name.startsWith("authjs.pkce") || name.startsWith("authjs.state"))).toEqual([])
  })
})

describe("Qwik City example, database sessions in SQLite", () => {
  let context: BrowserContext
  let page: Page

  const sessionRow = (token: string) =>
    database().prepare("SELECT user_id FROM sessions WHERE session_token = ?").get(token) as { user_id: string } | undefined

  beforeAll(async () => {
    context = await browser.newContext()
    page = await context.newPage()
  })
  afterAll(async () => context?.close())

  it("offers no credentials form: credentials make no database session", async () => {
    await page.goto(`${dbApp.origin}/`)
    await expect(page.locator("#oidc-form").count()).resolves.toBe(1)
    await expect(page.locator("#email-form").count()).resolves.toBe(1)
    await expect(page.locator("#credentials-form").count()).resolves.toBe(0)
  })

  it("signs in with OIDC into a session stored in the database, and signs out of it", async () => {
    await page.goto(`${dbApp.origin}/?redirectTo=/protected/`)
    await page.locator('#oidc-form button[type="submit"]').click()
    await page.waitForURL((url) => url.origin === idp.issuer)
    await page.locator("#sign-in").click()
    await page.waitForURL(`${dbApp.origin}/protected/`)
    await expect(page.locator("#protected-content").textContent()).resolves.toContain("Dev User")

    const cookie = await sessionCookie(context, dbApp.origin)
    // An opaque session token, not a JWE: the session lives in the database.
    expect(cookie?.value.split(".")).toHaveLength(1)
    const row = sessionRow(cookie!.value)
    const user = database().prepare("SELECT id FROM users WHERE email = ?").get("dev@example.test") as { id: string }
    expect(row?.user_id).toBe(user.id)
    expect(database().prepare("SELECT count(*) FROM accounts WHERE provider = 'dev-idp' AND user_id = ?").pluck().get(user.id)).toBe(1)

    await page.goto(`${dbApp.origin}/`)
    await page.locator('#sign-out-form button[type="submit"]').click()
    await page.locator("#oidc-form").waitFor()
    expect(sessionRow(cookie!.value)).toBeUndefined()
    expect(await sessionCookie(context, dbApp.origin)).toBeUndefined()
  })

  it("signs in with an e-mail link sent over SMTP", async () => {
    await page.goto(`${dbApp.origin}/?redirectTo=/protected/`)
    await page.locator('#email-form input[name="options.email"]').fill("Grace@Example.test")
    await page.locator('#email-form button[type="submit"]').click()
    await page.waitForURL((url) => url.pathname === "/auth/verify-request")
    await expect(page.locator("h1").textContent()).resolves.toBe("Check your email")

    const mail = await smtp.nextMail()
    expect(mail.envelope.to).toEqual(["grace@example.test"])
    await page.goto(linkFromMail(mail).href)
    await page.locator("button", { hasText: "Sign in" }).click()
    await page.waitForURL(`${dbApp.origin}/protected/`)
    await expect(page.locator("#session-status").textContent()).resolves.toBe("Signed in as grace@example.test")
    const cookie = await sessionCookie(context, dbApp.origin)
    expect(sessionRow(cookie!.value)).toBeDefined()
  })
})

describe("Qwik City example, your devices (useSessions, useRevokeSession)", () => {
  /** Signs the dev user in through the OpenID provider and lands on the devices page. */
  async function signInToDevices(page: Page, target: RunningApp = dbApp) {
    await page.goto(`${target.origin}/?redirectTo=/devices/`)
    await page.locator('#oidc-form button[type="submit"]').click()
    await page.waitForURL((url) => url.origin === idp.issuer)
    await page.locator("#sign-in").click()
    await page.waitForURL(`${target.origin}/devices/`)
    await page.locator("#devices").waitFor()
  }

  /** The devices page's list: user agent, current marker, provider, in page order. */
  async function devicesOn(page: Page) {
    const devices: { agent: string; current: boolean; provider: string }[] = []
    for (const device of await page.locator("#devices li.device").all()) {
      devices.push({
        agent: (await device.locator(".device-agent").textContent())!,
        current: (await device.locator(".current-device").count()) === 1,
        provider: (await device.locator(".device-provider").textContent())!,
      })
    }
    return devices
  }

  /**
   * Two browsers of the dev user: A lists both, signs B out (B is signed out at its next request),
   * then signs out everywhere. The same page and assertions for both strategies: a JWT session is a
   * row too (its `gatehouse.sid`), and the instance that revoked it refuses it at once.
   */
  async function devicesFlow(target: RunningApp, file: () => Database.Database) {
    const laptop = await browser.newContext({ userAgent: "Gatehouse e2e laptop" })
    const phone = await browser.newContext({ userAgent: "Gatehouse e2e phone" })
    const agentsInDatabase = () => {
      const user = file().prepare("SELECT id FROM users WHERE email = ?").get("dev@example.test") as { id: string }
      return file().prepare("SELECT user_agent FROM sessions WHERE user_id = ? ORDER BY user_agent").pluck().all(user.id)
    }
    try {
      const a = await laptop.newPage()
      const b = await phone.newPage()
      await signInToDevices(a, target)
      // Start from this one session: sessions of the dev user left by earlier flows end here (scope "others").
      await a.locator('#revoke-others-form button[type="submit"]').click()
      await a.locator("#devices-message").waitFor()
      await expect(a.locator("#devices li.device").count()).resolves.toBe(1)

      await signInToDevices(b, target)
      await a.goto(`${target.origin}/devices/`)
      expect(await devicesOn(a)).toEqual([
        { agent: "Gatehouse e2e laptop", current: true, provider: "dev-idp" },
        { agent: "Gatehouse e2e phone", current: false, provider: "dev-idp" },
      ])
      expect(await devicesOn(b)).toEqual([
        { agent: "Gatehouse e2e phone", current: true, provider: "dev-idp" },
        { agent: "Gatehouse e2e laptop", current: false, provider: "dev-idp" },
      ])
      expect(agentsInDatabase()).toEqual(["Gatehouse e2e laptop", "Gatehouse e2e phone"])

      // A signs B out; the list is loaded again after the action.
      await a.locator("#devices li.device", { hasText: "Gatehouse e2e phone" }).locator('button[type="submit"]').click()
      await a.locator("#devices-message").waitFor()
      await expect(a.locator("#devices-message").textContent()).resolves.toBe("Signed out of 1 session.")
      await expect.poll(() => devicesOn(a)).toEqual([{ agent: "Gatehouse e2e laptop", current: true, provider: "dev-idp" }])
      expect(agentsInDatabase()).toEqual(["Gatehouse e2e laptop"])

      // B's next request finds no session (its JWT, still in the browser, is refused).
      await b.goto(`${target.origin}/protected/`)
      expect(new URL(b.url()).pathname).toBe("/")
      await expect(b.locator("#session-status").textContent()).resolves.toBe("Not signed in")
      expect(await b.evaluate(async () => (await fetch("/auth/session")).json())).toBeNull()
      await b.goto(`${target.origin}/devices/`)
      await expect(b.locator("#devices-signed-out").count()).resolves.toBe(1)

      // A is still signed in, then signs out everywhere: itself included.
      await a.goto(`${target.origin}/protected/`)
      await expect(a.locator("#protected-content").textContent()).resolves.toContain("Dev User")
      await a.goto(`${target.origin}/devices/`)
      await a.locator('#revoke-all-form button[type="submit"]').click()
      await a.locator("#devices-signed-out").waitFor()
      await expect(a.locator("#session-status").textContent()).resolves.toBe("Not signed in")
      expect(await sessionCookie(laptop, target.origin)).toBeUndefined()
      expect(agentsInDatabase()).toEqual([])
    } catch (error) {
      if (error instanceof Error) error.message += `\n--- server output ---\n${target.output().slice(-4000)}`
      throw error
    } finally {
      await laptop.close()
      await phone.close()
    }
  }

  it(
    "database sessions: lists both browsers' sessions with the right current one; A signs B out, B is signed out at its next request, A stays",
    () => devicesFlow(dbApp, database),
    60_000,
  )

  it("JWT sessions (recorded in SQLite): the same, the revoked JWT refused at B's next request", async () => {
    await devicesFlow(jwtDbApp, () => databaseFile("jwt-sessions.db"))
    // The sessions were JWTs: nothing in the cookie names a database row.
    const context = await browser.newContext()
    try {
      await signInToDevices(await context.newPage(), jwtDbApp)
      expect((await sessionCookie(context, jwtDbApp.origin))!.value.split(".")).toHaveLength(5)
    } finally {
      await context.close()
    }
  }, 60_000)

  it("validates the revoke action's input, and refuses a cross-site post to it", async () => {
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      await signInToDevices(page)
      // Both a session id and a scope: refused by the input schema, nothing revoked.
      await page.locator("#revoke-others-form").evaluate((form: HTMLFormElement) => {
        form.insertAdjacentHTML("beforeend", '<input type="hidden" name="sessionId" value="x">')
      })
      await page.locator('#revoke-others-form button[type="submit"]').click()
      await page.locator("#devices-error").waitFor()
      await expect(page.locator("#devices-error").textContent()).resolves.toContain("either")
      await expect(page.locator("#session-status").textContent()).resolves.toBe("Signed in as Dev User")

      const cookie = (await sessionCookie(context, dbApp.origin))!
      const forged = await fetch(`${dbApp.origin}/devices/?qaction=gatehouseRevokeSession`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: "http://attacker.test",
          "content-type": "application/x-www-form-urlencoded",
          cookie: `${cookie.name}=${cookie.value}`,
        },
        body: new URLSearchParams({ scope: "all" }),
      })
      expect(forged.status).toBe(403)
      expect(database().prepare("SELECT count(*) FROM sessions WHERE session_token = ?").pluck().get(cookie.value)).toBe(1)
    } finally {
      await context.close()
    }
  })
})

describe("Qwik City example without JavaScript", () => {
  it("signs in and fails with plain form posts (progressive enhancement)", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      await page.goto(`${app.origin}/?redirectTo=/protected/`)
      await signInWithCredentials(page, "demo", "nope")
      await page.locator("#sign-in-error-type").waitFor()
      await expect(page.locator("#sign-in-error-type").textContent()).resolves.toBe("CredentialsSignin")
      expect(new URL(page.url()).searchParams.get("error")).toBe("CredentialsSignin")

      await page.goto(`${app.origin}/?redirectTo=/protected/`)
      await signInWithCredentials(page, "demo", "demo")
      await page.waitForURL(`${app.origin}/protected/`)
      await expect(page.locator("#protected-content").textContent()).resolves.toContain("Demo User")
    } finally {
      await context.close()
    }
  })
})

describe("cross-site sign-in (login CSRF)", () => {
  it("refuses a hostile page posting credentials to /auth/callback/credentials", async () => {
    const context = await browser.newContext()
    const hostile = await startHostileFormSite()
    try {
      const page = await context.newPage()
      const landed = page.waitForResponse((response) => response.url().startsWith(`${app.origin}/auth/callback`))
      await page.goto(
        hostile.url({
          host: "localhost",
          target: `${app.origin}/auth/callback/credentials`,
          fields: { username: "demo", password: "demo", callbackUrl: "/" },
        }),
      )
      expect((await landed).status()).toBe(403)
      expect(await sessionCookie(context, app.origin)).toBeUndefined()
    } finally {
      await hostile.close()
      await context.close()
    }
  })

  it("refuses a hostile page posting to the sign-in action (Qwik's own origin check)", async () => {
    const context = await browser.newContext()
    const hostile = await startHostileFormSite()
    try {
      const page = await context.newPage()
      const landed = page.waitForResponse((response) => response.url().includes("qaction="))
      await page.goto(
        hostile.url({
          host: "localhost",
          target: `${app.origin}/?qaction=gatehouseSignIn`,
          fields: {
            providerId: "credentials",
            "options.username": "demo",
            "options.password": "demo",
          },
        }),
      )
      expect((await landed).status()).toBe(403)
      expect(await sessionCookie(context, app.origin)).toBeUndefined()
    } finally {
      await hostile.close()
      await context.close()
    }
  })
})

describe("session lookup failure", () => {
  it("reads as no session (never an error object) when core refuses the request", async () => {
    // Production without AUTH_TRUST_HOST: core refuses every request as an untrusted host.
    const untrusted = await startApp({ PORT: "0" })
    try {
      const signedIn = await fetch(`${app.origin}/?qaction=gatehouseSignIn`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: app.origin, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ providerId: "credentials", "options.username": "demo", "options.password": "demo" }),
      })
      expect(signedIn.status).toBe(303)
      const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))!
      const cookieHeader = cookie.split(";")[0]!

      const page = await fetch(`${untrusted.origin}/`, { headers: { cookie: cookieHeader } })
      expect(page.status).toBe(200)
      expect(await page.text()).toContain("Not signed in")
      const guarded = await fetch(`${untrusted.origin}/protected/`, { headers: { cookie: cookieHeader }, redirect: "manual" })
      expect(guarded.status).toBe(302)
      expect(untrusted.output()).toMatch(/SessionLookupError|UntrustedHost/)
    } finally {
      await untrusted.stop()
    }
  })

  it("keeps pages up, signed out, when the app's config cannot be built (database unreachable)", async () => {
    const broken = await startApp({ PORT: "0", AUTH_TRUST_HOST: "true", DATABASE_PATH: join(dbFolder, "missing-dir", "auth.db") })
    try {
      const page = await fetch(`${broken.origin}/`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain("Not signed in")
      const guarded = await fetch(`${broken.origin}/protected/`, { redirect: "manual" })
      expect(guarded.status).toBe(302)
      // Core's own endpoints cannot work without a config: they fail loudly instead.
      expect((await fetch(`${broken.origin}/auth/session`)).status).toBe(500)
      expect(broken.output()).toContain("the auth config function failed")
    } finally {
      await broken.stop()
    }
  })
})
