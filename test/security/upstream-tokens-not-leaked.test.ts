/**
 * Where the provider's tokens (#20, getAccessToken) must never show up: in GET /session, in a
 * cookie a page script can read or a cookie that is not encrypted, in the refresh events, or in a
 * logged error when a refresh fails — and the `gatehouse-refresh-claim:` stand-in an account row
 * carries during a refresh is never handed out as a token. A real OpenID provider (oidc-provider,
 * rotating refresh tokens), the real SQLite adapter, and the cookie-only mode without an adapter.
 */
import Database from "better-sqlite3"
import { describe, expect, it } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import { customFetch, getAccessToken } from "../../packages/core/src/index.js"
import { decode } from "../../packages/core/src/jwt.js"
import { TokenRefresh } from "../../packages/core/src/token-refresh/index.js"
import type { FetchBrowser } from "../../packages/dev-idp/src/fetch-browser.js"
import { freePort } from "../e2e/support/free-port.js"
import {
  appOrigin,
  basicClient,
  browserFor,
  makeApp,
  oidcProvider,
  secret,
  sessionOf,
  signInThroughIdp,
  useTokenRefreshIdp,
} from "../e2e/oauth-app.js"
import { revokeAtProvider } from "@gatehouse/test-kit/revoke-at-provider"

const sessionCookie = "authjs.session-token"
const idp = useTokenRefreshIdp()

/** Every string reachable from a value: own properties (message, stack, cause…), nested, cycles cut. */
function textOf(value: unknown, seen = new Set<unknown>()): string {
  if (typeof value === "string") return value
  if (value === null || typeof value !== "object" || seen.has(value)) return String(value)
  seen.add(value)
  const parts: string[] = []
  for (const key of Object.getOwnPropertyNames(value)) {
    parts.push(key, textOf((value as Record<string, unknown>)[key], seen))
  }
  return parts.join(" ")
}

function recorder() {
  const events: unknown[] = []
  const record = (name: string) => (message: unknown) => void events.push({ name, message })
  return {
    events,
    callbacks: {
      tokenRefreshed: record("tokenRefreshed"),
      tokenRefreshFailed: record("tokenRefreshFailed"),
      sessionRevoked: record("sessionRevoked"),
    },
  }
}

function requestFrom(browser: FetchBrowser): Request {
  return new Request(`${appOrigin}/api/data`, { headers: { cookie: browser.cookieHeader(appOrigin) } })
}

function expectNoneOf(secrets: string[], text: string, where: string) {
  for (const secretValue of secrets) {
    expect(secretValue.length, where).toBeGreaterThan(10)
    expect(text.includes(secretValue), `${where} holds a token`).toBe(false)
  }
}

describe.each(["jwt", "database"] as const)("%s sessions with the SQLite adapter", (strategy) => {
  async function signedIn() {
    const db = new Database(":memory:")
    const { events, callbacks } = recorder()
    const app = makeApp([oidcProvider(idp().issuer, { tokenRefresh: true })], {
      adapter: SQLiteAdapter(db),
      session: { strategy },
      events: callbacks,
      tokenRefresh: TokenRefresh(),
    })
    const browser = browserFor({ [appOrigin]: app })
    await signInThroughIdp(browser, "dev-oidc")
    const row = () =>
      db.prepare("SELECT access_token, refresh_token, id_token FROM accounts").get() as {
        access_token: string | null
        refresh_token: string | null
        id_token: string
      }
    return { db, app, browser, events, row }
  }

  it("a refresh: GET /session, the events and the cookies hold no token, old or new", async () => {
    const { db, app, browser, events, row } = await signedIn()
    const first = row()
    db.prepare("UPDATE accounts SET expires_at = 1").run()
    const token = await getAccessToken(requestFrom(browser), app.config, "dev-oidc")
    expect(token).toEqual({ accessToken: expect.any(String), expiresAt: expect.any(Number) })
    const second = row()
    expect(second.refresh_token).not.toBe(first.refresh_token)
    const secrets = [first.access_token!, first.refresh_token!, first.id_token, second.access_token!, second.refresh_token!]
    expectNoneOf(secrets, JSON.stringify(await sessionOf(browser)), "GET /session")
    expect(events).toHaveLength(1)
    expectNoneOf(secrets, textOf(events), "the events")
    expectNoneOf(secrets, browser.cookieHeader(appOrigin), "the cookies")
    expect(app.logger.errors).toEqual([])
  })

  it("a refresh the provider refuses: the logged error, the event and GET /session hold no token", async () => {
    const { db, app, browser, events, row } = await signedIn()
    const { access_token, refresh_token, id_token } = row()
    await revokeAtProvider(idp().issuer, basicClient, refresh_token!)
    db.prepare("UPDATE accounts SET expires_at = 1").run()
    expect(await getAccessToken(requestFrom(browser), app.config, "dev-oidc")).toBeNull()
    expect(app.logger.errors.map((error) => (error as { type?: string }).type)).toEqual(["RefreshTokenError"])
    const secrets = [access_token!, refresh_token!, id_token]
    expectNoneOf(secrets, textOf(app.logger.errors), "the logged error")
    expectNoneOf(secrets, textOf(events), "the event")
    const session = await sessionOf(browser)
    expect(session.error).toBe("RefreshTokenError")
    expectNoneOf(secrets, JSON.stringify(session), "GET /session")
    // Both tokens cleared in the row: no claim, no spent token left to be sent again.
    expect(row()).toMatchObject({ access_token: null, refresh_token: null })
  })

  it("a provider that cannot be reached: the logged error and the event hold no token", async () => {
    const { db, app, browser, events, row } = await signedIn()
    const { access_token, refresh_token, id_token } = row()
    db.prepare("UPDATE accounts SET expires_at = 1").run()
    const down = makeApp([oidcProvider(idp().issuer, { tokenRefresh: true, token: `http://127.0.0.1:${await freePort()}/token` })], {
      adapter: app.config.adapter,
      session: { strategy },
      events: app.config.events,
      tokenRefresh: TokenRefresh(),
    })
    expect(await getAccessToken(requestFrom(browser), down.config, "dev-oidc")).toBeNull()
    expect(down.logger.errors.map((error) => (error as { type?: string }).type)).toEqual(["AccessTokenRefreshError"])
    expectNoneOf([access_token!, refresh_token!, id_token], textOf(down.logger.errors), "the logged error")
    expectNoneOf([access_token!, refresh_token!, id_token], textOf(events), "the event")
    // The refresh token is back in the row, not the claim that stood in for it.
    expect(row().refresh_token).toBe(refresh_token)
  })

  it("while a claim stands in the row (another instance refreshing), no answer carries the claim", async () => {
    const { db, app, browser, row } = await signedIn()
    const { refresh_token } = row()
    const claim = `gatehouse-refresh-claim:${Date.now() + 15_000}:other-instance:${refresh_token}`
    db.prepare("UPDATE accounts SET refresh_token = ?").run(claim)
    const token = await getAccessToken(requestFrom(browser), app.config, "dev-oidc", { withCookies: true })
    expect(token.token?.accessToken).toBe(row().access_token)
    expect(Object.keys(token.token!).sort()).toEqual(["accessToken", "expiresAt"])
    expect(token.cookies).toEqual([])
    const answers = JSON.stringify([token, await sessionOf(browser)])
    expect(answers).not.toContain("gatehouse-refresh-claim")
    expect(answers).not.toContain(refresh_token)
  })
})

describe("JWT sessions without an adapter (the tokens in the session cookie)", () => {
  it("the tokens are only inside the encrypted, HttpOnly session cookie: never in another cookie or in GET /session", async () => {
    const app = makeApp([oidcProvider(idp().issuer, { tokenRefresh: true })], {
      session: { strategy: "jwt" },
      tokenRefresh: TokenRefresh(),
    })
    const browser = browserFor({ [appOrigin]: app })
    const { response } = await signInThroughIdp(browser, "dev-oidc")
    const value = browser.cookiesFor(appOrigin).get(sessionCookie)!
    const payload = await decode({ token: value, secret, salt: sessionCookie })
    const mark = payload?.["gatehouse.tokens"] as { access_token: string; refresh_token: string }
    expect(mark.access_token).toBeTruthy()
    expect(mark.refresh_token).toBeTruthy()
    const secrets = [mark.access_token, mark.refresh_token]

    // The session cookie is a JWE (five parts, the claims encrypted) that page scripts cannot read.
    expect(value.split(".")).toHaveLength(5)
    const [protectedHeader] = value.split(".")
    expectNoneOf(secrets, Buffer.from(protectedHeader!, "base64url").toString(), "the JWE header")
    const written = response.headers.getSetCookie().filter((header) => header.startsWith(`${sessionCookie}=`))
    expect(written).toHaveLength(1)
    expect(written[0]).toMatch(/;\s*HttpOnly/i)
    // Nor readable by decoding any cookie's parts as base64url.
    for (const [name, cookieValue] of browser.cookiesFor(appOrigin)) {
      const decoded = decodeURIComponent(cookieValue)
        .split(/[.|]/)
        .map((part) => Buffer.from(part, "base64url").toString("latin1"))
        .join(" ")
      expectNoneOf(secrets, `${cookieValue} ${decoded}`, `cookie ${name}`)
    }
    expectNoneOf(secrets, JSON.stringify(await sessionOf(browser)), "GET /session")

    // Refreshed: the new tokens are again only in the (new) encrypted cookie.
    await new Promise((resolve) => setTimeout(resolve, 4_300))
    const refreshed = await getAccessToken(requestFrom(browser), app.config, "dev-oidc", { withCookies: true })
    expect(refreshed.token?.accessToken).toBeTruthy()
    expect(refreshed.token?.accessToken).not.toBe(mark.access_token)
    expect(refreshed.cookies).toHaveLength(1)
    expect(refreshed.cookies[0]).toMatch(/;\s*HttpOnly/i)
    expect(refreshed.cookies[0]).not.toContain(refreshed.token!.accessToken)
    expect(app.logger.errors).toEqual([])
  })
})

describe("getAccessToken's customFetch", () => {
  it("is the provider's own: the tokens go to its token endpoint and nowhere else", async () => {
    const seen: string[] = []
    const db = new Database(":memory:")
    const app = makeApp(
      [
        oidcProvider(idp().issuer, {
          tokenRefresh: true,
          [customFetch]: (...args: Parameters<typeof fetch>) => {
            seen.push(String(args[0] instanceof Request ? args[0].url : args[0]))
            return fetch(...args)
          },
        }),
      ],
      { adapter: SQLiteAdapter(db), session: { strategy: "jwt" }, tokenRefresh: TokenRefresh() },
    )
    const browser = browserFor({ [appOrigin]: app })
    await signInThroughIdp(browser, "dev-oidc")
    db.prepare("UPDATE accounts SET expires_at = 1").run()
    seen.length = 0
    expect(await getAccessToken(requestFrom(browser), app.config, "dev-oidc")).not.toBeNull()
    expect(seen.length).toBeGreaterThan(0)
    for (const url of seen) expect(new URL(url).origin).toBe(new URL(idp().issuer).origin)
  })
})
