/**
 * examples/next (Next.js 16, App Router) driven in headless Chromium: production build, `next start` on a
 * free loopback port, real browser, real cookies. One build serves every server started here.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startDevIdentityProvider, type DevIdentityProvider } from "@gatehouse/dev-idp"
import Database from "better-sqlite3"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { codeFromMail, linkFromMail, startSmtpSink, type SmtpSink } from "@gatehouse/test-kit/smtp-sink"
import {
  buildExampleAndLaunchChromium,
  freePort,
  newSecret,
  screenshotInBothColorSchemes,
  startExample,
  type RunningApp,
} from "./support/next-example.js"

const demoName = "Demo User <demo@example.test>"
const idpUserName = "Dev User <dev@example.test>"
const idpClient = { id: "gatehouse-next-e2e", secret: "next-e2e-client-secret" }

async function signInWithCredentials(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId("username").fill(username)
  await page.getByTestId("password").fill(password)
  await page.getByTestId("credentials-submit").click()
}

async function signInWithDevIdp(page: Page): Promise<void> {
  await page.getByTestId("dev-idp-submit").click()
  // The provider's one-click login page, on its own origin.
  await page.locator("#sign-in").click()
}

let browser: Browser
let idp: DevIdentityProvider
let smtp: SmtpSink
let scratch: string
let jwtPort: number
let databasePort: number

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "gatehouse-next-"))
  browser = await buildExampleAndLaunchChromium()
  ;[jwtPort, databasePort, smtp] = await Promise.all([freePort(), freePort(), startSmtpSink()])
  // The provider must know both apps' callback URLs before they start.
  idp = await startDevIdentityProvider({
    clients: [
      {
        client_id: idpClient.id,
        client_secret: idpClient.secret,
        redirect_uris: [jwtPort, databasePort].map((port) => `http://127.0.0.1:${port}/api/auth/callback/dev-idp`),
      },
    ],
  })
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await idp?.close()
  await smtp?.close()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

/** The dev OpenID provider and the SMTP sink, as the example reads them. */
function providerEnv(): Record<string, string> {
  return {
    AUTH_DEV_IDP_ISSUER: idp.issuer,
    AUTH_DEV_IDP_ID: idpClient.id,
    AUTH_DEV_IDP_SECRET: idpClient.secret,
    EMAIL_SERVER: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
  }
}

async function requestEmailSignIn(page: Page, email: string) {
  await page.getByTestId("email").fill(email)
  await page.getByTestId("email-submit").click()
  await page.waitForURL((url) => url.pathname === "/api/auth/verify-request")
  const received = await smtp.nextMail()
  expect(received.envelope.to).toEqual([email])
  return received
}

/** Starts the example with `env` on `port`, and a fresh browser context with one page for it. */
async function openExample(
  env: Record<string, string | undefined>,
  port: number,
): Promise<{ app: RunningApp; context: BrowserContext; page: Page }> {
  const app = await startExample(env, port)
  try {
    const context = await browser.newContext()
    return { app, context, page: await context.newPage() }
  } catch (error) {
    await app.stop()
    throw error
  }
}

/** Closes what `openExample` opened; either may be missing when starting failed. */
async function closeExample(app: RunningApp | undefined, context: BrowserContext | undefined): Promise<void> {
  await context?.close()
  await app?.stop()
}

describe("Next.js example, jwt sessions", () => {
  const secret = newSecret()
  let app: RunningApp
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    ;({ app, context, page } = await openExample(
      { ...providerEnv(), AUTH_SECRET: secret, AUTH_URL: undefined, AUTH_TRUST_HOST: "true", DATABASE_PATH: join(scratch, "jwt.db") },
      jwtPort,
    ))
  }, 60_000)

  afterAll(() => closeExample(app, context))

  it("prints how to sign in when it starts", () => {
    expect(app.output()).toContain('username "demo" and password "demo"')
  })

  it("sends an anonymous visitor of /protected to the sign-in page with a callbackUrl", async () => {
    await page.goto(`${app.origin}/protected`)
    const url = new URL(page.url())
    expect(url.pathname).toBe("/signin")
    expect(url.searchParams.get("callbackUrl")).toBe(`${app.origin}/protected`)
    await expect(page.getByTestId("protected-title").count()).resolves.toBe(0)
    await screenshotInBothColorSchemes(page, "signin")
  })

  it("refuses wrong credentials with error=CredentialsSignin and shows it", async () => {
    await signInWithCredentials(page, "demo", "not-the-password")
    await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin")
    const url = new URL(page.url())
    expect(url.pathname).toBe("/signin")
    expect(url.searchParams.get("code")).toBe("credentials")
    await expect(page.getByTestId("sign-in-error").getAttribute("data-error")).resolves.toBe("CredentialsSignin")
    await screenshotInBothColorSchemes(page, "signin-error")
    const cookies = await context.cookies(app.origin)
    expect(cookies.some((cookie) => cookie.name.includes("session-token"))).toBe(false)
  })

  it("signs in with the right credentials and goes back to /protected", async () => {
    await signInWithCredentials(page, "demo", "demo")
    await page.waitForURL(`${app.origin}/protected`)
    await expect(page.getByTestId("protected-title").textContent()).resolves.toBe("Protected")
    const sessionCookie = (await context.cookies(app.origin)).find((cookie) => cookie.name === "authjs.session-token")
    expect(sessionCookie?.httpOnly).toBe(true)
    expect(sessionCookie?.sameSite).toBe("Lax")
  })

  it("shows the same session to the server component, the client component and both route handlers", async () => {
    await expect(page.getByTestId("server-session").textContent()).resolves.toBe(demoName)
    await page.getByTestId("client-status").filter({ hasText: "authenticated" }).waitFor()
    await expect(page.getByTestId("client-session").textContent()).resolves.toBe(demoName)
    await page.getByTestId("ask-route").click()
    await page.getByTestId("route-session").filter({ hasText: demoName }).waitFor()
    const fromAuthCall = await page.evaluate(async () => (await fetch("/api/server-session")).json())
    expect(fromAuthCall.session.user).toMatchObject({ name: "Demo User", email: "demo@example.test" })
    const fromEndpoint = await page.evaluate(async () => (await fetch("/api/auth/session")).json())
    expect(fromEndpoint.user).toEqual({ id: "demo-user", name: "Demo User", email: "demo@example.test" })
  })

  it("the session panel shows the strategy, the expiry and the JWT's claims, decrypted on the server", async () => {
    await expect(page.getByTestId("session-strategy").textContent()).resolves.toBe("jwt")
    const expires = await page.getByTestId("session-expires").textContent()
    expect(Date.parse(expires!)).toBeGreaterThan(Date.now())
    const held = await page.getByTestId("session-held").textContent()
    expect(held).toContain("subdemo-user")
    expect(held).toContain("emaildemo@example.test")
    expect(held).toMatch(/exp\d+ \(\d{4}-/)
    const cookie = (await context.cookies(app.origin)).find((candidate) => candidate.name === "authjs.session-token")!
    expect(await page.content()).not.toContain(cookie.value)
    await screenshotInBothColorSchemes(page, "protected-jwt")
  })

  it("shows the same session in the pages router: getServerSideProps and an API route", async () => {
    const pagesPage = await context.newPage()
    try {
      await pagesPage.goto(`${app.origin}/legacy`)
      await expect(pagesPage.getByTestId("pages-session").textContent()).resolves.toBe(demoName)
      const fromApiRoute = await pagesPage.evaluate(async () => (await fetch("/api/legacy-session")).json())
      expect(fromApiRoute.session.user).toMatchObject({ name: "Demo User", email: "demo@example.test" })
    } finally {
      await pagesPage.close()
    }
    const anonymous = await fetch(`${app.origin}/api/legacy-session`)
    expect(anonymous.status).toBe(401)
  })

  it("update() renames the user in the client, and server components see it on the next navigation without a reload", async () => {
    await page.evaluate(() => ((window as any).__noReload = true))
    await page.getByTestId("client-new-name").fill("Renamed In Browser")
    await page.getByTestId("client-update").click()
    await page.getByTestId("client-session").filter({ hasText: "Renamed In Browser <demo@example.test>" }).waitFor()

    await page.getByRole("link", { name: "Home" }).click()
    await page.waitForURL(`${app.origin}/`)
    await page.getByTestId("server-session").filter({ hasText: "Renamed In Browser <demo@example.test>" }).waitFor()
    await expect(page.evaluate(() => (window as any).__noReload)).resolves.toBe(true)
  })

  it("unstable_update() from a server action renames the user for the server and the mounted client", async () => {
    await page.goto(`${app.origin}/protected`)
    await page.getByTestId("server-new-name").fill("Renamed On Server")
    await page.getByTestId("server-update").click()
    await page.getByTestId("server-session").filter({ hasText: "Renamed On Server <demo@example.test>" }).waitFor()
    await page.getByTestId("client-session").filter({ hasText: "Renamed On Server <demo@example.test>" }).waitFor()
  })

  it("ignores a forged session cookie everywhere (proxy, auth(), the session endpoint)", async () => {
    const forged = await browser.newContext()
    try {
      await forged.addCookies([{ name: "authjs.session-token", value: "forged.not.a.real.jwe.token", url: app.origin }])
      const forgedPage = await forged.newPage()
      await forgedPage.goto(`${app.origin}/protected`)
      expect(new URL(forgedPage.url()).pathname).toBe("/signin")
      const answer = await forgedPage.evaluate(async () => {
        const response = await fetch("/api/server-session")
        return { status: response.status, body: await response.json() }
      })
      expect(answer).toEqual({ status: 401, body: { session: null } })
    } finally {
      await forged.close()
    }
  })

  it("keeps /protected closed when the proxy is skipped with x-middleware-subrequest (Next.js CVE-2025-29927)", async () => {
    // Next.js before 15.2.3 ran no middleware for a request carrying this header; whatever Next does
    // with it, the page checks the session itself.
    for (const skip of ["proxy:proxy:proxy:proxy:proxy", "middleware:middleware:middleware:middleware:middleware", "src/middleware"]) {
      const response = await fetch(`${app.origin}/protected`, { headers: { "x-middleware-subrequest": skip }, redirect: "manual" })
      expect(await response.text(), skip).not.toContain('data-testid="protected-title"')
    }
  })

  it("signs out from a server action: cookie gone, every view signed out, /protected closed again", async () => {
    await page.getByTestId("sign-out").click()
    await page.waitForURL(`${app.origin}/`)
    await page.getByTestId("server-session").filter({ hasText: "signed out" }).waitFor()
    await page.getByTestId("client-session").filter({ hasText: "signed out" }).waitFor()
    const cookies = await context.cookies(app.origin)
    expect(cookies.some((cookie) => cookie.name.includes("session-token") && cookie.value)).toBe(false)
    await page.goto(`${app.origin}/protected`)
    expect(new URL(page.url()).pathname).toBe("/signin")
  })

  it("never follows a callbackUrl off the site after a server-action sign-in (open redirect)", async () => {
    for (const target of ["https://evil.example/steal", "//evil.example/steal", "/\\evil.example/steal"]) {
      await page.goto(`${app.origin}/signin?${new URLSearchParams({ callbackUrl: target })}`)
      await signInWithCredentials(page, "demo", "demo")
      await page.waitForURL((url) => url.origin === app.origin && url.pathname !== "/signin")
      expect(new URL(page.url()).origin).toBe(app.origin)
      await page.getByTestId("sign-out").click()
      await page.waitForURL(`${app.origin}/`)
      await page.getByTestId("server-session").filter({ hasText: "signed out" }).waitFor()
    }
  })

  it("signs in from the browser with @gatehouse/next/react signIn (redirect: false): error first, then in", async () => {
    await page.goto(`${app.origin}/signin?callbackUrl=%2Fprotected`)
    await page.getByTestId("client-username").fill("demo")
    await page.getByTestId("client-password").fill("wrong")
    await page.getByTestId("client-submit").click()
    await expect(page.getByTestId("client-error").textContent()).resolves.toBe("CredentialsSignin")
    await page.getByTestId("client-password").fill("demo")
    await page.getByTestId("client-submit").click()
    await page.waitForURL(`${app.origin}/protected`)
    await expect(page.getByTestId("server-session").textContent()).resolves.toBe(demoName)
  })

  it("signs out from the browser with @gatehouse/next/react signOut", async () => {
    await page.getByTestId("client-sign-out").click()
    await page.waitForURL(`${app.origin}/`)
    await page.getByTestId("server-session").filter({ hasText: "signed out" }).waitFor()
    await expect(page.getByTestId("client-session").textContent()).resolves.toBe("signed out")
    await page.getByTestId("session-panel-empty").waitFor()
    await screenshotInBothColorSchemes(page, "home-signed-out")
  })

  it("round-trips through the OpenID provider and lands on the page that asked for sign-in", async () => {
    await page.goto(`${app.origin}/protected`)
    await signInWithDevIdp(page)
    await page.waitForURL(`${app.origin}/protected`)
    await expect(page.getByTestId("server-session").textContent()).resolves.toBe(idpUserName)
    await page.getByTestId("client-session").filter({ hasText: idpUserName }).waitFor()
    await page.getByTestId("sign-out").click()
    await page.waitForURL(`${app.origin}/`)
    await page.getByTestId("server-session").filter({ hasText: "signed out" }).waitFor()
  })

  it("signs in with the code from the e-mail, typed on the verify-request page", async () => {
    await page.goto(`${app.origin}/signin?callbackUrl=%2Fprotected`)
    const received = await requestEmailSignIn(page, "code.reader@example.test")
    await screenshotInBothColorSchemes(page, "verify-request")
    await page.locator("#verify-email").fill("code.reader@example.test")
    await page.locator("#verify-code").fill(codeFromMail(received))
    await page.getByRole("button", { name: "Sign in with code" }).click()
    await page.waitForURL(`${app.origin}/protected`)
    await expect(page.getByTestId("server-session").textContent()).resolves.toContain("<code.reader@example.test>")
    await page.getByTestId("sign-out").click()
    await page.waitForURL(`${app.origin}/`)
  })
})

describe("Next.js example, database sessions (SQLite)", () => {
  let app: RunningApp
  let context: BrowserContext
  let page: Page
  let databasePath: string

  function readDatabase<T>(query: (db: Database.Database) => T): T {
    const db = new Database(databasePath, { readonly: true, fileMustExist: true })
    try {
      return query(db)
    } finally {
      db.close()
    }
  }

  beforeAll(async () => {
    databasePath = join(scratch, "database-sessions.db")
    ;({ app, context, page } = await openExample(
      {
        ...providerEnv(),
        AUTH_SECRET: newSecret(),
        AUTH_TRUST_HOST: "true",
        AUTH_SESSION_STRATEGY: "database",
        DATABASE_PATH: databasePath,
      },
      databasePort,
    ))
  }, 60_000)

  afterAll(() => closeExample(app, context))

  it("signs in through the OpenID provider into a session row, and the proxy lets /protected through", async () => {
    await page.goto(`${app.origin}/protected`)
    expect(new URL(page.url()).pathname).toBe("/signin")
    await signInWithDevIdp(page)
    await page.waitForURL(`${app.origin}/protected`)
    const cookie = (await context.cookies(app.origin)).find((candidate) => candidate.name === "authjs.session-token")
    expect(cookie?.value).toMatch(/^[0-9a-f-]{36}$/)
    const row = readDatabase((db) =>
      db.prepare("SELECT u.email FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.session_token = ?").get(cookie!.value),
    ) as { email: string } | undefined
    expect(row?.email).toBe("dev@example.test")
  })

  it("shows the same session to the server component, the client component and both route handlers", async () => {
    await expect(page.getByTestId("server-session").textContent()).resolves.toBe(idpUserName)
    await page.getByTestId("client-session").filter({ hasText: idpUserName }).waitFor()
    await page.getByTestId("ask-route").click()
    await page.getByTestId("route-session").filter({ hasText: idpUserName }).waitFor()
    const fromAuthCall = await page.evaluate(async () => (await fetch("/api/server-session")).json())
    expect(fromAuthCall.session.user).toMatchObject({ name: "Dev User", email: "dev@example.test" })
    const token = (await context.cookies(app.origin)).find((cookie) => cookie.name === "authjs.session-token")!.value
    const userId = readDatabase((db) => db.prepare("SELECT user_id FROM sessions WHERE session_token = ?").get(token)) as {
      user_id: string
    }
    expect(fromAuthCall.session.user.id).toBe(userId.user_id)
    // The session token is an HttpOnly cookie's value: no view of the session may carry it.
    expect(JSON.stringify(fromAuthCall)).not.toContain(token)
    const fromEndpoint = await page.evaluate(async () => (await fetch("/api/auth/session")).json())
    expect(fromEndpoint.user).toEqual({ id: userId.user_id, name: "Dev User", email: "dev@example.test", image: null })
    expect(JSON.stringify(fromEndpoint)).not.toContain(token)
    await expect(page.getByTestId("session-strategy").textContent()).resolves.toBe("database")
    const held = await page.getByTestId("session-held").textContent()
    expect(held).toContain(`userId${userId.user_id}`)
    expect(await page.content()).not.toContain(token)
    await screenshotInBothColorSchemes(page, "protected-database")
  })

  it("update() renames the user in the database, and the server sees it on the next navigation", async () => {
    await page.getByTestId("client-new-name").fill("Renamed Database User")
    await page.getByTestId("client-update").click()
    await page.getByTestId("client-session").filter({ hasText: "Renamed Database User <dev@example.test>" }).waitFor()
    await page.getByRole("link", { name: "Home" }).click()
    await page.waitForURL(`${app.origin}/`)
    await page.getByTestId("server-session").filter({ hasText: "Renamed Database User <dev@example.test>" }).waitFor()
    const stored = readDatabase((db) => db.prepare("SELECT name FROM users WHERE email = ?").get("dev@example.test")) as { name: string }
    expect(stored.name).toBe("Renamed Database User")
  })

  it("signs out: the session row is deleted and the cookie cleared", async () => {
    const token = (await context.cookies(app.origin)).find((cookie) => cookie.name === "authjs.session-token")!.value
    await page.getByTestId("sign-out").click()
    await page.waitForURL(`${app.origin}/`)
    await page.getByTestId("client-session").filter({ hasText: "signed out" }).waitFor()
    const remaining = readDatabase((db) => db.prepare("SELECT count(*) AS n FROM sessions WHERE session_token = ?").get(token)) as {
      n: number
    }
    expect(remaining.n).toBe(0)
    expect((await context.cookies(app.origin)).some((cookie) => cookie.name === "authjs.session-token")).toBe(false)
    // The old token, replayed, opens nothing.
    const replay = await fetch(`${app.origin}/api/server-session`, { headers: { cookie: `authjs.session-token=${token}` } })
    expect(replay.status).toBe(401)
  })

  it("signs in with the e-mail link: a confirmation page, then a session row for a new user", async () => {
    await page.goto(`${app.origin}/protected`)
    const received = await requestEmailSignIn(page, "link.follower@example.test")
    const link = linkFromMail(received)
    expect(link.origin).toBe(app.origin)
    await page.goto(link.href)
    await screenshotInBothColorSchemes(page, "email-confirm")
    // Opening the link alone signs nobody in (mail scanners open links too): the button does.
    expect((await context.cookies(app.origin)).some((cookie) => cookie.name === "authjs.session-token")).toBe(false)
    await page.getByRole("button", { name: "Sign in" }).click()
    await page.waitForURL(`${app.origin}/protected`)
    await expect(page.getByTestId("server-session").textContent()).resolves.toContain("<link.follower@example.test>")
    const token = (await context.cookies(app.origin)).find((cookie) => cookie.name === "authjs.session-token")!.value
    const row = readDatabase((db) =>
      db.prepare("SELECT u.email FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.session_token = ?").get(token),
    ) as { email: string } | undefined
    expect(row?.email).toBe("link.follower@example.test")
  })
})

describe("Next.js example, warnings in a production server", () => {
  it("prints each warning once, as one sentence linking to Gatehouse's docs, though every bundle has its own copy of core", async () => {
    // In production the rate limiter is on, and the example names no client-IP source: one warning is due. Turbopack
    // gives the proxy, the route handlers, the app's pages and the pages router each their own instance of core's
    // modules, and each used to print it (three lines and a bare link in a real deployment).
    const server = await startExample({
      NODE_ENV: "production",
      AUTH_SECRET: newSecret(),
      AUTH_TRUST_HOST: "true",
      DATABASE_PATH: join(scratch, "production-warnings.db"),
    })
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      await page.goto(`${server.origin}/protected`) // the proxy
      await page.waitForURL((url) => url.pathname === "/signin")
      await signInWithCredentials(page, "demo", "demo") // the auth route handler
      await page.waitForURL(`${server.origin}/protected`) // a server component calling auth()
      await page.goto(`${server.origin}/legacy`) // the pages router
      await expect(page.evaluate(async () => (await fetch("/api/whoami")).status)).resolves.toBe(200) // auth(handler)
      await expect(page.evaluate(async () => (await fetch("/api/server-session")).status)).resolves.toBe(200)

      const lines = server
        .output()
        .split("\n")
        .filter((line) => line.includes("rate-limit-without-client-ip"))
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(
        /\[gatehouse\]\[warn\]\[rate-limit-without-client-ip\].* not limited per client IP.* Read more: \S+\/docs\/errors\.md#rate-limit-without-client-ip$/,
      )
      expect(server.output()).not.toContain("authjs.dev")
    } finally {
      await context.close()
      await server.stop()
    }
  }, 90_000)
})

describe("Next.js example, misconfigured servers fail closed", () => {
  it("a session made under one secret opens nothing on a server with another secret or none", async () => {
    const databasePath = join(scratch, "misconfigured.db")
    const issuing = await startExample({ AUTH_SECRET: newSecret(), AUTH_TRUST_HOST: "true", DATABASE_PATH: databasePath })
    const context = await browser.newContext()
    let sessionCookie: { name: string; value: string } | undefined
    try {
      const page = await context.newPage()
      await page.goto(`${issuing.origin}/signin`)
      await signInWithCredentials(page, "demo", "demo")
      await page.waitForURL(`${issuing.origin}/`)
      sessionCookie = (await context.cookies(issuing.origin)).find((cookie) => cookie.name === "authjs.session-token")
      expect(sessionCookie?.value).toBeTruthy()
    } finally {
      await context.close()
      await issuing.stop()
    }

    for (const env of [{ AUTH_SECRET: newSecret() }, { AUTH_SECRET: undefined, NEXTAUTH_SECRET: undefined }]) {
      const other = await startExample({ ...env, AUTH_TRUST_HOST: "true", DATABASE_PATH: databasePath })
      try {
        const cookie = `${sessionCookie!.name}=${sessionCookie!.value}`
        const protectedPage = await fetch(`${other.origin}/protected`, { headers: { cookie }, redirect: "manual" })
        expect(protectedPage.status).toBe(307)
        expect(new URL(protectedPage.headers.get("location")!, other.origin).pathname).toBe("/signin")
        const fromAuthCall = await fetch(`${other.origin}/api/server-session`, { headers: { cookie } })
        if (env.AUTH_SECRET) {
          expect(fromAuthCall.status).toBe(401)
          await expect(fromAuthCall.json()).resolves.toEqual({ session: null })
        } else {
          // No secret at all: auth() throws MissingSecret (as every auth route answers 500), never a session.
          expect(fromAuthCall.status).toBe(500)
          expect(await fromAuthCall.text()).not.toContain("demo")
        }
        const wrapped = await (await fetch(`${other.origin}/api/whoami`, { headers: { cookie } })).text()
        expect(wrapped).not.toContain("demo")
        if (env.AUTH_SECRET) expect(JSON.parse(wrapped)).toEqual({ session: null })
      } finally {
        await other.stop()
      }
    }
  }, 90_000)
})
