/**
 * Passkeys in the Next.js example (examples/next, production build), in headless Chromium with a
 * CDP virtual authenticator (CTAP2, internal transport, resident keys, user verification): sign up
 * with an e-mail, sign out, sign back in with the button and through autofill, and the attacks a
 * passkey sign-in must withstand, through the app. The browser uses http://localhost:<port>:
 * WebAuthn refuses IP addresses as relying party ids.
 *
 * The example's buttons live on the home page (and the sign-in page); the sign-in page also starts
 * passkey autofill when it loads, which Chromium's virtual authenticator answers by itself with its
 * discoverable credential, standing in for the user picking the passkey from the suggestions.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Database from "better-sqlite3"
import type { Browser, BrowserContext, CDPSession, Page, Request } from "playwright-core"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { addPasskeyAuthenticator, openPasskeyPage } from "./support/virtual-authenticator.js"
import { buildExampleAndLaunchChromium, newSecret, startExample, type RunningApp } from "./support/next-example.js"

type Session = { user?: { id?: string; name?: string | null; email?: string | null } } | null

let browser: Browser
let scratch: string

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "gatehouse-next-passkey-"))
  browser = await buildExampleAndLaunchChromium()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

/** A browser profile with one virtual passkey authenticator, as a phone or laptop with a platform authenticator. */
class Device {
  context!: BrowserContext
  page!: Page
  cdp!: CDPSession
  authenticatorId!: string
  /** What the page did, printed when a test fails. */
  trace: string[] = []

  static async open(): Promise<Device> {
    const device = new Device()
    device.context = await browser.newContext()
    ;({ page: device.page, cdp: device.cdp, authenticatorId: device.authenticatorId } = await openPasskeyPage(device.context, device.trace))
    return device
  }

  async addAuthenticator(): Promise<void> {
    this.authenticatorId = await addPasskeyAuthenticator(this.cdp)
  }

  async credentials() {
    return (await this.cdp.send("WebAuthn.getCredentials", { authenticatorId: this.authenticatorId })).credentials
  }

  async session(): Promise<Session> {
    return this.page.evaluate(async () => (await fetch("/api/auth/session")).json())
  }

  async sessionCookie() {
    return (await this.context.cookies()).find((cookie) => cookie.name === "authjs.session-token" && cookie.value)
  }

  /** The example's server-action sign-out, from the nav bar. */
  async signOut(app: RunningApp): Promise<void> {
    await this.page.getByTestId("sign-out").click()
    await this.page.waitForURL(`${app.origin}/`)
    await this.page.getByTestId("server-session").filter({ hasText: "signed out" }).waitFor()
    expect(await this.sessionCookie()).toBeUndefined()
  }

  /** Starts the example's passkey sign-up for `email` on its home page. */
  async signUp(app: RunningApp, email: string): Promise<void> {
    await this.page.goto(`${app.origin}/`)
    await this.page.getByTestId("passkey-email").fill(email)
    await this.page.getByTestId("passkey-sign-up").click()
  }

  /** Waits until the session shown in `testId` (rendered by the server, or by the client) is `email`'s. */
  async showsSignedIn(email: string, testId: "server-session" | "client-session" = "server-session"): Promise<void> {
    await this.page
      .getByTestId(testId)
      .filter({ hasText: `<${email}>` })
      .waitFor()
  }

  close() {
    return this.context.close()
  }
}

function readDatabase<T>(path: string, query: (db: Database.Database) => T): T {
  const db = new Database(path, { readonly: true, fileMustExist: true })
  try {
    return query(db)
  } finally {
    db.close()
  }
}

/** The passkey callback POST of a sign-in (not a sign-up): its form body and the cookies that came with it. */
interface CapturedCallback {
  body: string
  cookieHeader: string
}

function captureCallbacks(page: Page): CapturedCallback[] {
  const captured: CapturedCallback[] = []
  page.on("request", async (request: Request) => {
    if (request.method() !== "POST" || !request.url().endsWith("/api/auth/callback/passkey")) return
    if (new URLSearchParams(request.postData() ?? "").get("action") !== "authenticate") return
    captured.push({ body: request.postData() ?? "", cookieHeader: (await request.allHeaders()).cookie ?? "" })
  })
  return captured
}

/** Posts a captured callback body again from the page, as the browser helper does (JSON redirect answer). */
async function replay(page: Page, body: string): Promise<{ status: number; url: string | undefined }> {
  return page.evaluate(async (form) => {
    const response = await fetch("/api/auth/callback/passkey", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body: form,
    })
    return { status: response.status, url: ((await response.json()) as { url?: string }).url }
  }, body)
}

/** Waits for the server to log `pattern` after `offset` (the log comes through a pipe, the answer through a socket). */
async function logsMatch(app: RunningApp, offset: number, pattern: RegExp): Promise<boolean> {
  const deadline = Date.now() + 5_000
  while (!pattern.test(app.output().slice(offset))) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return true
}

describe("passkeys in the Next.js example, jwt sessions", () => {
  const email = "ada@example.test"
  let app: RunningApp
  let databasePath: string
  let device: Device
  let userId: string
  let capturedSignIns: CapturedCallback[]
  let currentTest: Device | undefined

  beforeAll(async () => {
    databasePath = join(scratch, "jwt.db")
    app = await startExample({ AUTH_SECRET: newSecret(), AUTH_TRUST_HOST: "true", DATABASE_PATH: databasePath }, { hostname: "localhost" })
    device = await Device.open()
    capturedSignIns = captureCallbacks(device.page)
  }, 60_000)

  afterEach((test) => {
    const traced = currentTest ?? device
    if (test.task.result?.state === "fail")
      console.log(`Browser trace of "${test.task.name}":\n${traced.trace.join("\n")}\n${app.output()}`)
    traced.trace = []
    currentTest = undefined
  })

  afterAll(async () => {
    await device?.close()
    await app?.stop()
  })

  function storedAuthenticators(forUserId: string) {
    return readDatabase(databasePath, (db) =>
      db.prepare("SELECT credential_id, counter FROM authenticators WHERE user_id = ?").all(forUserId),
    ) as { credential_id: string; counter: number }[]
  }

  it("signs up with a passkey and an e-mail: a new user and authenticator in SQLite, the session in the server component", async () => {
    const { page } = device
    await device.signUp(app, email)
    await device.showsSignedIn(email)
    await device.showsSignedIn(email, "client-session")
    expect(new URL(page.url()).pathname).toBe("/")

    const user = readDatabase(databasePath, (db) => db.prepare("SELECT id FROM users WHERE email = ?").get(email)) as { id: string }
    userId = user.id
    const [credential] = await device.credentials()
    expect(credential.isResidentCredential).toBe(true)
    expect(storedAuthenticators(userId)).toEqual([{ credential_id: credential.credentialId, counter: credential.signCount }])
    expect((await device.session())?.user).toMatchObject({ id: userId, email })
    expect((await device.sessionCookie())?.httpOnly).toBe(true)
  })

  it("signs out, and signs back in with the passkey button as the same user; the counter is stored", async () => {
    const { page } = device
    await device.signOut(app)
    await page.getByTestId("passkey-sign-in").click()
    await device.showsSignedIn(email)
    expect((await device.session())?.user).toMatchObject({ id: userId, email })
    expect(capturedSignIns).toHaveLength(1)

    const [credential] = await device.credentials()
    expect(credential.signCount).toBeGreaterThan(0)
    expect(storedAuthenticators(userId)).toEqual([{ credential_id: credential.credentialId, counter: credential.signCount }])
  })

  it("signs in through passkey autofill on the sign-in page, then goes where the visitor was headed", async () => {
    const { page } = device
    await device.signOut(app)
    const arrival = await page.goto(`${app.origin}/protected`)
    expect(new URL(arrival!.url()).pathname).toBe("/signin")
    // Nothing clicked, nothing typed: the browser's autofill ceremony completes on its own.
    await page.waitForURL(`${app.origin}/protected`)
    await expect(page.getByTestId("protected-title").textContent()).resolves.toBe("Protected")
    await expect(page.getByTestId("server-session").textContent()).resolves.toContain(`<${email}>`)
    expect((await device.session())?.user?.id).toBe(userId)
  })

  it("refuses a replayed sign-in assertion, with or without its challenge cookie: error=WebAuthnVerificationError, no session", async () => {
    const { page, context } = device
    await device.signOut(app)
    const [captured] = capturedSignIns
    const counterBefore = storedAuthenticators(userId)[0].counter

    // The signed assertion alone: its challenge cookie was spent by the first sign-in.
    let logged = app.output().length
    const bare = await replay(page, captured.body)
    expect(new URL(bare.url!).searchParams.get("error")).toBe("WebAuthnVerificationError")
    expect(await logsMatch(app, logged, /The WebAuthn challenge cookie was missing \(expired or already used\)/)).toBe(true)
    expect(await device.sessionCookie()).toBeUndefined()
    expect(await device.session()).toBeNull()

    // An attacker who also kept the challenge cookie sends both.
    const challengeCookie = captured.cookieHeader
      .split("; ")
      .map((pair) => pair.split("="))
      .find(([name]) => name === "authjs.challenge")
    expect(challengeCookie).toBeDefined()
    const [name, ...value] = challengeCookie!
    await context.addCookies([{ name, value: value.join("="), url: app.origin, httpOnly: true, sameSite: "Lax" }])
    logged = app.output().length
    const withCookie = await replay(page, captured.body)
    expect(new URL(withCookie.url!).searchParams.get("error")).toBe("WebAuthnVerificationError")
    expect(await logsMatch(app, logged, /counter value \d+ was lower than expected/)).toBe(true)
    expect(await device.sessionCookie()).toBeUndefined()
    expect(await device.session()).toBeNull()
    expect(storedAuthenticators(userId)[0].counter).toBe(counterBefore)

    // The server component agrees.
    await page.goto(`${app.origin}/`)
    await expect(page.getByTestId("server-session").textContent()).resolves.toBe("signed out")
  })

  it("refuses a cloned passkey whose signature counter went backwards, on a second authenticator", async () => {
    const { page, cdp } = device
    const [original] = await device.credentials()
    const stored = storedAuthenticators(userId)[0].counter
    expect(stored).toBeGreaterThan(1)

    // Another authenticator holding a copy of the key (same private key), its counter back at 0.
    await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: device.authenticatorId })
    await device.addAuthenticator()
    await cdp.send("WebAuthn.addCredential", { authenticatorId: device.authenticatorId, credential: { ...original, signCount: 0 } })

    await page.goto(`${app.origin}/`)
    const logged = app.output().length
    await page.getByTestId("passkey-sign-in").click()
    const failure = page.getByTestId("passkey-error")
    await failure.waitFor()
    await expect(failure.getAttribute("data-error")).resolves.toBe("WebAuthnVerificationError")
    expect(await logsMatch(app, logged, /counter value 1 was lower than expected/)).toBe(true)
    // The clone did sign (its counter moved to 1), and was refused anyway.
    expect((await device.credentials())[0].signCount).toBe(1)
    expect(await device.sessionCookie()).toBeUndefined()
    expect(await device.session()).toBeNull()
    expect(storedAuthenticators(userId)[0].counter).toBe(stored)
    await expect(page.getByTestId("server-session").textContent()).resolves.toBe("signed out")
  })

  it("lets nobody sign up with an e-mail that already has an account (no passkey is added to it)", async () => {
    const stranger = (currentTest = await Device.open())
    try {
      await stranger.signUp(app, email)
      const failure = stranger.page.getByTestId("passkey-error")
      await failure.waitFor()
      await expect(failure.getAttribute("data-error")).resolves.toBe("Invalid request")
      expect(await stranger.credentials()).toEqual([])
      expect(storedAuthenticators(userId)).toHaveLength(1)
      expect(await stranger.session()).toBeNull()
    } finally {
      await stranger.close()
    }
  })
})

describe("passkeys in the Next.js example, database sessions", () => {
  const email = "grace@example.test"
  let app: RunningApp
  let databasePath: string
  let device: Device

  beforeAll(async () => {
    databasePath = join(scratch, "database.db")
    app = await startExample(
      { AUTH_SECRET: newSecret(), AUTH_TRUST_HOST: "true", AUTH_SESSION_STRATEGY: "database", DATABASE_PATH: databasePath },
      { hostname: "localhost" },
    )
    device = await Device.open()
  }, 60_000)

  afterEach((test) => {
    if (test.task.result?.state === "fail")
      console.log(`Browser trace of "${test.task.name}":\n${device.trace.join("\n")}\n${app.output()}`)
    device.trace = []
  })

  afterAll(async () => {
    await device?.close()
    await app?.stop()
  })

  function sessionOwner(token: string): string | undefined {
    const row = readDatabase(databasePath, (db) => db.prepare("SELECT user_id FROM sessions WHERE session_token = ?").get(token)) as
      | { user_id: string }
      | undefined
    return row?.user_id
  }

  it("signs up, signs out and signs back in with the passkey, each time into a session row of the same user", async () => {
    const { page } = device
    await device.signUp(app, email)
    await device.showsSignedIn(email)
    const user = readDatabase(databasePath, (db) => db.prepare("SELECT id FROM users WHERE email = ?").get(email)) as { id: string }
    const firstToken = (await device.sessionCookie())!.value
    expect(sessionOwner(firstToken)).toBe(user.id)
    expect((await device.session())?.user).toMatchObject({ id: user.id, email })

    await device.signOut(app)
    expect(sessionOwner(firstToken)).toBeUndefined()

    await page.getByTestId("passkey-sign-in").click()
    await device.showsSignedIn(email)
    const secondToken = (await device.sessionCookie())!.value
    expect(secondToken).not.toBe(firstToken)
    expect(sessionOwner(secondToken)).toBe(user.id)
    expect((await device.session())?.user).toMatchObject({ id: user.id, email })
  })
})
