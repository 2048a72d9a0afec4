/**
 * `debug: true` logs what the adapter is asked and the OAuth steps. Real flows run with a logger
 * that keeps every line (debug, warn, error; the app's own logger, and the built-in one on the
 * console): a credentials sign-in, an e-mail sign-in and a database-session read on the real
 * SQLite adapter, and an OpenID sign-in against the real dev IdP. None of the flow's secrets may
 * appear in any line — the password, the CSRF token, the session token (and a JWT session's
 * recorded id), the magic-link token and its stored hash, the sign-in code, the authorization code,
 * the PKCE verifier, the provider's access, refresh and ID tokens — while the debug lines
 * themselves still appear and still name their fields.
 */
import Database from "better-sqlite3"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import { Auth } from "../../packages/core/src/handler/auth.js"
import { decode } from "../../packages/core/src/jwt.js"
import Credentials from "../../packages/core/src/providers/credentials.js"
import Email from "../../packages/core/src/providers/email.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { type DevIdentityProvider, startDevIdentityProvider } from "../../packages/dev-idp/src/index.js"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import { pageForms } from "@gatehouse/test-kit/html-form"
import { appOrigin, basicClient, browserFor, makeApp, oidcProvider, signInThroughIdp } from "../e2e/oauth-app.js"

const origin = "http://localhost:3000"
const base = `${origin}/auth`
const secret = "debug-redaction-test-secret-with-more-than-32-characters"
const sessionCookie = "authjs.session-token"
const password = "correct-horse-battery-staple-7f3a9c"

/** Every line a logger was given, as text (metadata as JSON), and the debug calls themselves. */
function capturingLogger() {
  const lines: string[] = []
  const debug: Array<{ message: string; metadata: unknown }> = []
  return {
    lines,
    debug,
    logger: {
      error: (error: Error) => void lines.push(`error ${error.name} ${error.message} ${JSON.stringify(error)} ${error.stack}`),
      warn: (code: string) => void lines.push(`warn ${code}`),
      debug(message: string, metadata?: unknown) {
        debug.push({ message, metadata })
        lines.push(`debug ${message} ${JSON.stringify(metadata)}`)
      },
    },
  }
}

/** The debug metadata logged for one adapter method, by the order of its calls. */
function adapterCalls(debug: Array<{ message: string; metadata: unknown }>, method: string): unknown[][] {
  return debug.filter((line) => line.message === `adapter_${method}`).map((line) => (line.metadata as { args: unknown[] }).args)
}

function expectNoSecretIn(lines: string[], secrets: Record<string, string | undefined>) {
  expect(lines.length).toBeGreaterThan(0)
  const text = lines.join("\n")
  for (const [what, value] of Object.entries(secrets)) {
    expect(value, `${what} was captured`).toBeTruthy()
    expect(value!.length, `${what} is long enough to search for`).toBeGreaterThanOrEqual(8)
    expect(text.includes(value!), `${what} appears in the log`).toBe(false)
  }
}

async function csrfTokenOf(browser: TestBrowser): Promise<string> {
  return browser.csrfToken(base)
}

describe("debug output of a credentials sign-in (JWT sessions recorded in SQLite)", () => {
  it("names the adapter calls and their fields, with no password, CSRF token, session cookie or session id", async () => {
    const db = new Database(":memory:")
    const adapter = SQLiteAdapter(db)
    const ada = await adapter.createUser!({ id: "", name: "Ada", email: "ada@example.test", emailVerified: null })
    const { lines, debug, logger } = capturingLogger()
    const config: AuthConfig = {
      secret,
      trustHost: true,
      basePath: "/auth",
      debug: true,
      logger,
      adapter,
      session: { strategy: "jwt" },
      providers: [
        Credentials({
          credentials: { username: {}, password: { type: "password" } },
          authorizeReturnsAdapterUserId: true,
          authorize: (fields) => (fields.username === "ada" && fields.password === password ? { id: ada.id, email: ada.email } : null),
        }),
      ],
    }
    const browser = new TestBrowser((request) => Auth(request, config))
    const csrfToken = await csrfTokenOf(browser)
    const signIn = await browser.fetch(`${base}/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, username: "ada", password }),
    })
    expect(signIn.headers.get("location")).not.toContain("error")
    const cookie = browser.cookies.get(sessionCookie)!
    const sid = (await decode({ token: cookie, secret, salt: sessionCookie }))?.["gatehouse.sid"] as string
    expect(((await (await browser.fetch(`${base}/session`)).json()) as { user?: { email?: string } }).user?.email).toBe("ada@example.test")
    expect((await browser.fetch(`${base}/sessions`)).status).toBe(200)
    await browser.post(`${base}/signout`, {}, base)

    expectNoSecretIn(lines, { password, csrfToken, "session cookie": cookie, "recorded session id": sid })
    // The lines are still there, and say what was asked.
    const [created] = adapterCalls(debug, "createSession")
    expect(created[0]).toMatchObject({ sessionToken: "[redacted]", userId: ada.id })
    expect(adapterCalls(debug, "deleteSession")).toContainEqual(["[redacted]"])
  })
})

describe("debug output of an e-mail sign-in and a database-session read (SQLite)", () => {
  it("has no magic-link token, stored token hash, sign-in code, CSRF token or session token", async () => {
    const db = new Database(":memory:")
    const { lines, debug, logger } = capturingLogger()
    const mails: Array<{ url: string; code?: string }> = []
    const config: AuthConfig = {
      secret,
      trustHost: true,
      basePath: "/auth",
      debug: true,
      logger,
      adapter: SQLiteAdapter(db),
      session: { strategy: "database" },
      providers: [
        Email({
          // The test transport: the mail is kept instead of sent.
          sendVerificationRequest: async ({ url, code }: { url: string; code?: string }) => void mails.push({ url, code }),
        }),
      ],
    }
    const browser = new TestBrowser((request) => Auth(request, config))
    const csrfToken = await csrfTokenOf(browser)
    await browser.fetch(`${base}/signin/email`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email: "grace@example.test", callbackUrl: `${origin}/dashboard` }),
    })
    expect(mails).toHaveLength(1)
    const link = new URL(mails[0].url)
    const storedHashes = db.prepare("SELECT token FROM verification_tokens").pluck().all() as string[]
    expect(storedHashes.length).toBeGreaterThan(0)

    // The link opens a confirmation page; its button signs in.
    const page = await browser.fetch(link.href)
    const [form] = pageForms(await page.text())
    await browser.fetch(form.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form.fields),
    })
    const sessionToken = browser.cookies.get(sessionCookie)!
    expect(sessionToken).toBeTruthy()
    const session = (await (await browser.fetch(`${base}/session`)).json()) as { user?: { email?: string } }
    expect(session.user?.email).toBe("grace@example.test")
    await browser.post(`${base}/signout`, {}, base)

    const secrets: Record<string, string | undefined> = {
      "magic-link token": link.searchParams.get("token") ?? undefined,
      "CSRF token": csrfToken,
      "session token": sessionToken,
    }
    for (const [index, hash] of storedHashes.entries()) secrets[`stored token hash ${index}`] = hash
    if (mails[0].code) secrets["sign-in code"] = mails[0].code
    expectNoSecretIn(lines, secrets)

    const verifications = adapterCalls(debug, "createVerificationToken").map(([row]) => row)
    expect(verifications).toContainEqual(expect.objectContaining({ identifier: "grace@example.test", token: "[redacted]" }))
    expect(adapterCalls(debug, "useVerificationToken")[0][0]).toMatchObject({ token: "[redacted]" })
    expect(adapterCalls(debug, "createSession")[0][0]).toMatchObject({ sessionToken: "[redacted]" })
    expect(adapterCalls(debug, "getSessionAndUser")).toContainEqual(["[redacted]"])
  })
})

describe("debug output of an OpenID sign-in against the dev IdP (database sessions, SQLite)", () => {
  let idp: DevIdentityProvider
  beforeAll(async () => {
    idp = await startDevIdentityProvider({
      clients: [basicClient],
      users: [{ sub: "dev-user-1", name: "Dev User", email: "dev@example.test", email_verified: true }],
      refreshTokens: { rotate: true },
    })
  })
  afterAll(() => idp?.close())

  for (const loggerKind of ["the app's logger", "the built-in console logger"] as const) {
    it(`has no authorization code, PKCE verifier, upstream token or session token, through ${loggerKind}`, async () => {
      const db = new Database(":memory:")
      const captured = capturingLogger()
      const consoleLines: string[] = []
      const own = loggerKind === "the app's logger"
      const spies = own
        ? []
        : (["log", "warn", "error"] as const).map((level) =>
            vi.spyOn(console, level).mockImplementation((...parts: unknown[]) => {
              consoleLines.push(parts.map((part) => (typeof part === "string" ? part : JSON.stringify(part))).join(" "))
            }),
          )
      try {
        const app = makeApp([oidcProvider(idp.issuer)], {
          adapter: SQLiteAdapter(db),
          session: { strategy: "database" },
          debug: true,
          logger: own ? captured.logger : undefined,
        })
        const browser = browserFor({ [appOrigin]: app })
        let code: string | null = null
        let verifier: string | undefined
        const { response } = await signInThroughIdp(browser, "dev-oidc", {
          async beforeCallback(callback) {
            code = callback.searchParams.get("code")
            const cookieName = "authjs.pkce.code_verifier"
            const pkceCookie = browser.cookiesFor(appOrigin).get(cookieName)!
            verifier = ((await decode({ token: pkceCookie, secret: app.config.secret as string, salt: cookieName })) as { value?: string })
              ?.value
          },
        })
        expect(response.status).toBe(302)
        const sessionToken = browser.cookiesFor(appOrigin).get(sessionCookie)!
        const session = (await (await browser.request(`${appOrigin}/auth/session`)).json()) as { user?: { email?: string } } | null
        expect(session?.user?.email).toBeTruthy()
        const account = db.prepare("SELECT access_token, refresh_token, id_token FROM accounts").get() as Record<string, string>

        const lines = own ? captured.lines : consoleLines
        expectNoSecretIn(lines, {
          "authorization code": code ?? undefined,
          "PKCE verifier": verifier,
          "access token": account.access_token,
          "refresh token": account.refresh_token,
          "ID token": account.id_token,
          "session token": sessionToken,
        })
        const text = lines.join("\n")
        expect(text).toContain("authorization url is ready")
        expect(text).toContain("OAuth callback handled")
        expect(text).toContain("adapter_linkAccount")
        expect(text).toContain("adapter_getSessionAndUser")
        if (own) {
          const [linked] = adapterCalls(captured.debug, "linkAccount")
          expect(linked[0]).toMatchObject({
            provider: "dev-oidc",
            access_token: "[redacted]",
            refresh_token: "[redacted]",
            id_token: "[redacted]",
          })
        }
      } finally {
        for (const spy of spies) spy.mockRestore()
      }
    })
  }
})
