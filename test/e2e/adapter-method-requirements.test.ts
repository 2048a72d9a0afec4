/**
 * Which adapter methods a config must have, as Auth.js decides it: an e-mail provider asks for the
 * e-mail methods only (even though the strategy then defaults to `database`); database sessions
 * without e-mail ask for the session set. A method a flow reaches but the adapter lacks fails that
 * flow alone, logged with the class and type Auth.js uses (MissingAdapterMethods) and naming the
 * method. Run on the real SQLite adapter with some of its methods left out, as a partial adapter
 * written for Auth.js would be.
 */
import Database from "better-sqlite3"
import { afterEach, describe, expect, test } from "vitest"
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import type { Adapter } from "../../packages/core/src/adapters.js"
import { MissingAdapterMethods } from "../../packages/core/src/errors.js"
import { Auth } from "../../packages/core/src/handler/auth.js"
import { withSessionRecords } from "../../packages/core/src/session-records/index.js"
import Nodemailer from "../../packages/core/src/providers/nodemailer.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import { pageForms } from "@gatehouse/test-kit/html-form"

const origin = "http://localhost:3000"
const base = `${origin}/auth`
const secret = "gatehouse-adapter-methods-test-secret-0123456789"
const emailMethods = ["createVerificationToken", "useVerificationToken", "getUserByEmail"]

const databases: Database.Database[] = []
afterEach(() => {
  for (const db of databases.splice(0)) db.close()
})

/** The real SQLite adapter reduced to `keep` (or with `drop` left out). */
function sqlite(select: { keep?: string[]; drop?: string[] }): { adapter: Adapter; db: Database.Database } {
  const db = new Database(":memory:")
  databases.push(db)
  const full = SQLiteAdapter(db) as Record<string, unknown>
  const names = Object.keys(full).filter((name) => (select.keep ? select.keep.includes(name) : !select.drop!.includes(name)))
  // A copy of the SQLite adapter's methods, carrying its session-records code as it does.
  return { adapter: withSessionRecords(Object.fromEntries(names.map((name) => [name, full[name]]))) as Adapter, db }
}

function emailApp(adapter: Adapter, overrides: Partial<AuthConfig> = {}) {
  const links: string[] = []
  const logger = silentLogger()
  const config: AuthConfig = {
    secret,
    trustHost: true,
    basePath: "/auth",
    adapter,
    logger,
    providers: [
      Nodemailer({
        server: "smtp://127.0.0.1:1",
        sendVerificationRequest: ({ url }) => void links.push(url),
      }),
    ],
    ...overrides,
  }
  return { browser: new TestBrowser((request) => Auth(request, config)), links, logger }
}

function missingMethodsLogged(errors: Error[]): string[] {
  return errors
    .filter((error): error is MissingAdapterMethods => error instanceof MissingAdapterMethods)
    .map((error) => {
      expect((error as unknown as { type: string }).type).toBe("MissingAdapterMethods")
      // AuthError appends Auth.js's "Read more at https://errors.authjs.dev#…" to every message.
      return error.message.replace(/\. Read more at \S+$/, "")
    })
}

describe("an adapter with an e-mail provider (strategy defaulting to database)", () => {
  test("the e-mail methods alone are enough to start: sessions are read and the mail goes out", async () => {
    const { adapter } = sqlite({ keep: emailMethods })
    const { browser, links, logger } = emailApp(adapter)

    const session = await browser.fetch(`${base}/session`)
    expect(session.status).toBe(200)
    expect(await session.json()).toBeNull()

    const sent = await browser.post(`${base}/signin/nodemailer`, { email: "ada@example.test" }, base)
    expect(sent.status).toBe(302)
    expect(sent.headers.get("location")).toBe(`${base}/verify-request?provider=nodemailer&type=email`)
    expect(links).toHaveLength(1)
    expect(logger.errors).toEqual([])
  })

  test.each(emailMethods)("without %s every request fails, and the log names exactly that method", async (missing) => {
    const { adapter } = sqlite({ keep: emailMethods.filter((name) => name !== missing) })
    const { browser, links, logger } = emailApp(adapter)

    const session = await browser.fetch(`${base}/session`)
    expect(session.status).toBe(500)
    const signIn = await browser.fetch(`${base}/signin`)
    expect(signIn.status).toBeGreaterThanOrEqual(300)
    expect(links).toEqual([])
    expect(missingMethodsLogged(logger.errors)).toContain(`Required adapter methods were missing: ${missing}`)
  })

  test("a sign-in reaching a method the adapter lacks fails with that method named, and leaves no user behind", async () => {
    const { adapter, db } = sqlite({ drop: ["createSession"] })
    const { browser, links, logger } = emailApp(adapter)
    await browser.post(`${base}/signin/nodemailer`, { email: "grace@example.test" }, base)
    const page = await browser.fetch(links[0]!)
    const [form] = pageForms(await page.text())
    const callback = await browser.fetch(form!.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form!.fields),
    })

    expect(callback.status).toBe(302)
    expect(callback.headers.get("location")).toBe(`${base}/error?error=Configuration`)
    expect(browser.cookies.has("authjs.session-token")).toBe(false)
    expect(missingMethodsLogged(logger.errors)).toEqual(["Required adapter methods were missing: createSession"])
    expect(db.prepare("SELECT count(*) FROM users").pluck().get()).toBe(0)
  })
})

describe("database sessions without e-mail", () => {
  /** GET /session from an app with no providers, on `config`'s adapter and session strategy. */
  function readSession(config: Pick<AuthConfig, "adapter" | "logger" | "session">): Promise<Response> {
    return Auth(new Request(`${base}/session`), { secret, trustHost: true, basePath: "/auth", providers: [], ...config })
  }

  test("ask for the whole session set at once, as Auth.js does, naming each missing method", async () => {
    const { adapter } = sqlite({ drop: ["getSessionAndUser", "deleteSession"] })
    const logger = silentLogger()
    const response = await readSession({ adapter, logger })
    expect(response.status).toBe(500)
    expect(missingMethodsLogged(logger.errors)).toContain("Required adapter methods were missing: getSessionAndUser, deleteSession")
  })

  test("with the jwt strategy the adapter is not asked for session methods", async () => {
    const { adapter } = sqlite({ keep: [] })
    const logger = silentLogger()
    const response = await readSession({ adapter, logger, session: { strategy: "jwt" } })
    expect(response.status).toBe(200)
    expect(logger.errors).toEqual([])
  })
})
