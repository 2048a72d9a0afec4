/**
 * Auth.js's documented "refresh token rotation": the app refreshes its upstream tokens inside its own
 * jwt callback (the IdP's token endpoint, the refresh token kept in the session's JWT) and returns the
 * new token. Every server-side read of the session runs that callback, so each must store what it
 * returned, as GET /session does: the IdP here (the real dev IdP, oidc-provider) rotates refresh
 * tokens, and a spent one sent again is refused and ends the grant. So after getAccessToken, GET
 * /sessions or POST /sessions/revoke ran the callback, the next GET /session must find the rotated
 * refresh token in the cookie: still signed in, no error, one refresh at the IdP and no refusal.
 */
import Database from "better-sqlite3"
import { beforeAll, describe, expect, test } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import type { Adapter } from "../../packages/core/src/adapters.js"
import { getAccessToken } from "../../packages/core/src/index.js"
import type { JWT } from "../../packages/core/src/jwt/types.js"
import { listSessions, revokeSessions } from "../../packages/core/src/server/sessions-of-request.js"
import type { FetchBrowser } from "../../packages/dev-idp/src/fetch-browser.js"
import {
  appOrigin,
  basicClient,
  browserFor,
  makeApp,
  oidcProvider,
  sessionOf,
  signInThroughIdp,
  type TestApp,
  useTokenRefreshIdp,
} from "./oauth-app.js"

const idp = useTokenRefreshIdp()
/** Refresh grants at the IdP's token endpoint: answered with tokens, or refused. */
const atIdp = { refreshed: 0, refused: 0 }
beforeAll(() => {
  const isRefresh = (ctx: any) => ctx.oidc?.params?.grant_type === "refresh_token"
  idp().oidc.on("grant.success", (ctx: any) => {
    if (isRefresh(ctx)) atIdp.refreshed++
  })
  idp().oidc.on("grant.error", (ctx: any) => {
    if (isRefresh(ctx)) atIdp.refused++
  })
})

/** The IdP's access tokens live 64 s; the app refreshes in their last minute, so a test waits seconds, not a minute. */
const refreshWithin = 60
const untilDue = 4_300
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The app's jwt callback, written the way Auth.js's guide writes it. */
function rotatingJwtCallback(issuer: string) {
  return async ({ token, account }: { token: JWT; account?: Record<string, any> | null }) => {
    if (account) {
      return { ...token, access_token: account.access_token, expires_at: account.expires_at, refresh_token: account.refresh_token }
    }
    if (Date.now() < ((token.expires_at as number) - refreshWithin) * 1000) return token
    const response = await fetch(`${issuer}/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${btoa(`${basicClient.client_id}:${basicClient.client_secret}`)}`,
      },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: token.refresh_token as string }),
    })
    const tokens = (await response.json()) as { access_token: string; expires_in: number; refresh_token?: string }
    if (!response.ok) return { ...token, error: "RefreshTokenError" }
    return {
      ...token,
      access_token: tokens.access_token,
      expires_at: Math.floor(Date.now() / 1000 + tokens.expires_in),
      refresh_token: tokens.refresh_token ?? token.refresh_token,
    }
  }
}

function rotatingApp(adapter?: Adapter): TestApp {
  return makeApp([oidcProvider(idp().issuer)], {
    ...(adapter ? { adapter } : {}),
    session: { strategy: "jwt" },
    callbacks: {
      jwt: rotatingJwtCallback(idp().issuer) as never,
      session: (({ session, token }: { session: any; token: JWT }) => ({
        ...session,
        accessToken: token.access_token,
        error: token.error,
      })) as never,
    },
  })
}

async function signedIn(app: TestApp): Promise<FetchBrowser> {
  const browser = browserFor({ [appOrigin]: app })
  expect((await signInThroughIdp(browser, "dev-oidc")).response.status).toBe(302)
  const session = await sessionOf(browser)
  expect(session.user.email).toBe("dev@example.test")
  expect(session.accessToken).toBeTruthy()
  return browser
}

/** GET /session after the read under test: signed in, no refresh error, a working access token, and the IdP asked once. */
async function expectRotationStored(browser: FetchBrowser, before: typeof atIdp) {
  const session = await sessionOf(browser)
  expect(session.error).toBeUndefined()
  expect(session.user?.email).toBe("dev@example.test")
  const me = await fetch(`${idp().issuer}/me`, { headers: { authorization: `Bearer ${session.accessToken}` } })
  expect(me.status).toBe(200)
  expect(atIdp.refreshed - before.refreshed).toBe(1)
  expect(atIdp.refused - before.refused).toBe(0)
}

const withAdapter = () => SQLiteAdapter(new Database(":memory:"))

describe.each([
  { label: "without an adapter", adapter: () => undefined },
  { label: "with the SQLite adapter", adapter: withAdapter },
])("getAccessToken({ withCookies: true }) runs a rotating jwt callback ($label)", ({ adapter }) => {
  test("its cookies carry the rotated refresh token: GET /session goes on without a second refresh", async () => {
    const app = rotatingApp(adapter())
    const browser = await signedIn(app)
    await sleep(untilDue)
    const before = { ...atIdp }
    const request = new Request(`${appOrigin}/api/calendar`, { headers: { cookie: browser.cookieHeader(appOrigin) } })
    const { cookies } = await getAccessToken(request, app.config, "dev-oidc", { withCookies: true })
    expect(atIdp.refreshed - before.refreshed).toBe(1)
    expect(cookies.length).toBeGreaterThan(0)
    browser.storeCookies(new URL(appOrigin), cookies)
    await expectRotationStored(browser, before)
  })
})

describe("the session-management requests run a rotating jwt callback (JWT sessions, SQLite adapter)", () => {
  test("GET /sessions stores the rotated token in its answer", async () => {
    const browser = await signedIn(rotatingApp(withAdapter()))
    await sleep(untilDue)
    const before = { ...atIdp }
    const listed = await browser.request(`${appOrigin}/auth/sessions`)
    expect(listed.status).toBe(200)
    expect((await listed.json()) as unknown[]).toHaveLength(1)
    await expectRotationStored(browser, before)
  })

  test("POST /sessions/revoke that leaves the current session stores it too", async () => {
    const browser = await signedIn(rotatingApp(withAdapter()))
    await sleep(untilDue)
    const before = { ...atIdp }
    const { csrfToken } = (await (await browser.request(`${appOrigin}/auth/csrf`)).json()) as { csrfToken: string }
    const revoked = await browser.request(`${appOrigin}/auth/sessions/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, scope: "others" }),
    })
    expect(revoked.status).toBe(200)
    expect(await revoked.json()).toEqual({ revoked: 0 })
    await expectRotationStored(browser, before)
  })

  test("revokeSessions (server code) hands the re-issued cookie back in setCookie", async () => {
    const app = rotatingApp(withAdapter())
    const browser = await signedIn(app)
    await sleep(untilDue)
    const before = { ...atIdp }
    const request = new Request(`${appOrigin}/devices`, { headers: { cookie: browser.cookieHeader(appOrigin) } })
    const result = await revokeSessions(request, app.config, { scope: "others" })
    expect(result).toMatchObject({ revoked: 0, signedOut: false })
    browser.storeCookies(new URL(appOrigin), result.setCookie)
    await expectRotationStored(browser, before)
  })

  test("listSessions({ withCookies: true }) (server code) hands the re-issued cookie back in setCookie", async () => {
    const app = rotatingApp(withAdapter())
    const browser = await signedIn(app)
    await sleep(untilDue)
    const before = { ...atIdp }
    const request = new Request(`${appOrigin}/devices`, { headers: { cookie: browser.cookieHeader(appOrigin) } })
    const { sessions, setCookie } = await listSessions(request, app.config, { withCookies: true })
    expect(sessions).toHaveLength(1)
    browser.storeCookies(new URL(appOrigin), setCookie)
    await expectRotationStored(browser, before)
  })
})
