/**
 * An app bans a user by returning null from its jwt callback (JWT strategy): GET /session then reads
 * as signed out. The ban must hold everywhere the session cookie is read: getAccessToken (core and
 * the framework integrations) must hand out no upstream token, GET /sessions must answer as for
 * nobody signed in, and POST /sessions/revoke (and the server functions) must end nothing. A kept
 * copy of the banned user's cookie is replayed unchanged (an attacker ignores Set-Cookie). Nor can
 * such a session (or a signed-out one's kept cookie) register a passkey for its user. Real SQLite
 * adapter, real Auth() handler, the real dev IdP for the cookie-held tokens, real passkey ceremonies.
 */
import Database from "better-sqlite3"
import { describe, expect, it, vi } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import { getAccessToken } from "../../packages/core/src/server/access-token-of-request.js"
import { Auth } from "../../packages/core/src/handler/auth.js"
import { decode } from "../../packages/core/src/jwt.js"
import type { JWT } from "../../packages/core/src/jwt/types.js"
import { TokenRefresh } from "../../packages/core/src/token-refresh/index.js"
import { listSessions, revokeSessions } from "../../packages/core/src/server/sessions-of-request.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import NextAuth from "../../packages/next/src/index.js"
import { createAccessTokenHelper } from "../../packages/qwik/src/get-access-token.js"
import { createSvelteKitAuth } from "../../packages/sveltekit/src/lib/create-sveltekit-auth.js"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import { adaWithUpstreamAccount, linkUpstreamAccount, upstream, upstreamAccessToken } from "@gatehouse/test-kit/ada-with-upstream-account"
import { adaCredentials, base, credentialsConfig, signInAsAda } from "@gatehouse/test-kit/credentials-app"
import { appOrigin, browserFor, makeApp, oidcProvider, secret, signInThroughIdp, useTokenRefreshIdp } from "../e2e/oauth-app.js"
import { type PasskeyBrowser, passkeyApp } from "../e2e/support/passkey-app.js"
import { nextRequest } from "@gatehouse/test-kit/next-headers-stand-in"
import { qwikPageEvent } from "@gatehouse/test-kit/qwik-page-event"
import { insideHandle, svelteKitPageEvent } from "@gatehouse/test-kit/sveltekit-page-event"

const sessionCookie = "authjs.session-token"
/** The ban list an app keeps, and its jwt callback in the shapes apps write it: plain, async, thenable. */
function banList() {
  const banned = new Set<string>()
  const isBanned = (token: JWT) => banned.has(String(token.sub)) || banned.has(String(token.email))
  const callbacks = {
    sync: ({ token }: { token: JWT }) => (isBanned(token) ? null : token),
    async: async ({ token }: { token: JWT }) => (isBanned(token) ? null : token),
    // biome-ignore lint/suspicious/noThenProperty: a thenable answer is one of the shapes under test
    thenable: ({ token }: { token: JWT }) => ({ then: (resolve: (value: JWT | null) => void) => resolve(isBanned(token) ? null : token) }),
  }
  return { banned, callbacks }
}

async function adapterSetup(jwt: (params: { token: JWT }) => unknown) {
  const { db, config, userId } = await adaWithUpstreamAccount({ callbacks: { jwt: jwt as never } })
  const rows = () => db.prepare("SELECT session_token FROM sessions").pluck().all() as string[]
  return { config, rows, userId }
}

async function signedIn(config: AuthConfig): Promise<TestBrowser> {
  const browser = new TestBrowser((request) => Auth(request, config))
  const response = await signInAsAda(browser)
  expect(response.headers.get("location")).not.toContain("error")
  return browser
}

/** The cookies as they are now, replayed unchanged on every request, through the real handler and server functions. */
function keptCopy(browser: TestBrowser, config: AuthConfig) {
  const cookie = browser.cookieHeader()
  const request = (path: string, init: RequestInit = {}) =>
    new Request(`${base}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } })
  return {
    session: async () => (await Auth(request("/session"), config)).json(),
    list: () => Auth(request("/sessions"), config),
    async revoke(fields: Record<string, string>) {
      // The CSRF token of this very cookie set: the refusal must come from the ban, not from CSRF.
      const csrf = await Auth(request("/csrf"), config)
      const { csrfToken } = (await csrf.json()) as { csrfToken: string }
      const csrfCookie = csrf.headers
        .getSetCookie()
        .map((header) => header.slice(0, header.indexOf(";")))
        .join("; ")
      return Auth(
        new Request(`${base}/sessions/revoke`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: [cookie, csrfCookie].filter(Boolean).join("; ") },
          body: new URLSearchParams({ csrfToken, ...fields }),
        }),
        config,
      )
    },
    accessToken: () => getAccessToken(request("/anything"), config, "upstream"),
    accessTokenWithCookies: () => getAccessToken(request("/anything"), config, "upstream", { withCookies: true }),
    listSessions: () => listSessions(request("/anything"), config),
    revokeSessions: (target: Parameters<typeof revokeSessions>[2]) => revokeSessions(request("/anything"), config, target),
  }
}

function clearsSessionCookie(response: Response): boolean {
  return response.headers.getSetCookie().some((header) => header.startsWith(`${sessionCookie}=`) && /max-age=0/i.test(header))
}

describe.each(["sync", "async", "thenable"] as const)("a user the %s jwt callback bans (JWT sessions, SQLite adapter)", (shape) => {
  it("gets no upstream access token, no session list, and can revoke nothing", async () => {
    const { banned, callbacks } = banList()
    const { config, rows, userId } = await adapterSetup(callbacks[shape])
    const banning = await signedIn(config)
    const other = await signedIn(config)
    const copy = keptCopy(banning, config)
    // Before the ban every path works, so the refusals below are the ban's doing.
    expect(await copy.accessToken()).toMatchObject({ accessToken: upstreamAccessToken })
    expect((await copy.list()).status).toBe(200)
    expect(await copy.listSessions()).toHaveLength(2)
    const otherId = ((await (await keptCopy(other, config).list()).json()) as { id: string; current: boolean }[]).find((s) => s.current)!.id

    banned.add(userId)
    expect(await copy.session()).toBeNull()
    expect(await copy.accessToken()).toBeNull()
    expect(await copy.accessTokenWithCookies()).toEqual({ token: null, cookies: [] })

    const list = await copy.list()
    expect(list.status).toBe(401)
    expect(await list.json()).toEqual({ message: "Not signed in" })
    // As the read does: the cookie of a session the callback refused is cleared.
    expect(clearsSessionCookie(list)).toBe(true)

    for (const fields of [{ scope: "others" }, { scope: "all" }, { sessionId: otherId }] as Record<string, string>[]) {
      const response = await copy.revoke(fields)
      expect(response.status, JSON.stringify(fields)).toBe(401)
      expect(await response.json()).toEqual({ message: "Not signed in" })
    }
    expect(await copy.listSessions()).toBeNull()
    expect(await copy.revokeSessions({ scope: "all" })).toMatchObject({ revoked: 0, signedOut: false })
    expect(await copy.revokeSessions({ sessionId: otherId })).toMatchObject({ revoked: 0, signedOut: false })
    expect(rows()).toHaveLength(2)

    // The ban is the callback's answer, not a revocation: lifted, the same cookie works again.
    banned.delete(userId)
    expect(await copy.session()).not.toBeNull()
    expect(await copy.accessToken()).toMatchObject({ accessToken: upstreamAccessToken })
    expect((await copy.list()).status).toBe(200)
  })
})

describe("the jwt callback's token is the session's token on every path", () => {
  it("a callback that rebuilds the token from scratch keeps the session's marks: its id and user still count", async () => {
    const { config } = await adapterSetup(({ token }) => ({ sub: token.sub, name: token.name, email: token.email }))
    const copy = keptCopy(await signedIn(config), config)
    expect(await copy.accessToken()).toMatchObject({ accessToken: upstreamAccessToken })
    expect((await copy.list()).status).toBe(200)
  })

  it("a callback cannot plant upstream tokens into a session that has none (no adapter)", async () => {
    const planted = { provider: "upstream", providerAccountId: "x", access_token: "planted-by-the-callback-0123" }
    const config = credentialsConfig({
      providers: [adaCredentials(), upstream],
      tokenRefresh: TokenRefresh(),
      callbacks: { jwt: ({ token }) => ({ ...token, "gatehouse.tokens": planted }) },
    })
    const copy = keptCopy(await signedIn(config), config)
    expect(await copy.session()).not.toBeNull()
    expect(await copy.accessTokenWithCookies()).toEqual({ token: null, cookies: [] })
  })

  it("an update a callback merges into the token in place cannot plant upstream tokens either", async () => {
    const config = credentialsConfig({
      providers: [adaCredentials(), upstream],
      tokenRefresh: TokenRefresh(),
      callbacks: { jwt: ({ token, trigger, session }) => (trigger === "update" ? Object.assign(token, session) : token) },
    })
    const browser = await signedIn(config)
    const csrfToken = await browser.csrfToken(base)
    const mark = { provider: "upstream", providerAccountId: "anyone", access_token: "token-of-the-client's-choosing" }
    const update = await browser.fetch(`${base}/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, data: { "gatehouse.tokens": mark } }),
    })
    expect(update.status).toBe(200)
    const payload = await decode({ token: browser.cookies.get(sessionCookie)!, secret: config.secret as string, salt: sessionCookie })
    expect(payload?.["gatehouse.tokens"]).toBeUndefined()
    expect(await keptCopy(browser, config).accessTokenWithCookies()).toEqual({ token: null, cookies: [] })
  })

  it("a callback that rewrites `sub` to another user gets that session refused, not the other user's tokens or list", async () => {
    const db = new Database(":memory:")
    const adapter = SQLiteAdapter(db)
    const victim = await adapter.createUser!({ id: "", name: "Victim", email: "victim@example.test", emailVerified: null })
    await linkUpstreamAccount(adapter, victim.id, "victim-upstream", "upstream-access-token-of-the-victim")
    const ada = await adapter.createUser!({ id: "", name: "Ada", email: "ada@example.test", emailVerified: null })
    let rewrite = false
    const config = credentialsConfig({
      adapter,
      session: { strategy: "jwt", revocationCheckInterval: 60 },
      // A buggy callback (an app mapping ids): the session was recorded for Ada.
      callbacks: { jwt: ({ token }) => (rewrite ? { ...token, sub: victim.id } : token) },
      providers: [
        adaCredentials({ authorize: () => ({ id: ada.id, email: "ada@example.test" }), authorizeReturnsAdapterUserId: true }),
        upstream,
      ],
      tokenRefresh: TokenRefresh(),
    })
    const copy = keptCopy(await signedIn(config), config)
    expect((await copy.list()).status).toBe(200)
    rewrite = true
    // The token now names the victim, whose session this is not: refused, and the session with it.
    expect(await copy.accessToken()).toBeNull()
    expect((await copy.list()).status).toBe(401)
    expect(await copy.listSessions()).toBeNull()
    expect(await copy.session()).toBeNull()
  })
})

// next/headers works only inside Next's request scope: server code reads this cookie header.
vi.mock("next/headers", async () => (await import("@gatehouse/test-kit/next-headers-stand-in")).nextHeadersStandIn)

describe("JWT sessions without an adapter (the upstream tokens in the cookie), through the integrations", () => {
  const idp = useTokenRefreshIdp()

  const providers = () => [oidcProvider(idp().issuer, { tokenRefresh: true })]

  /** A fresh sign-in; returns the session cookie `name=value`. */
  async function signedInCookie(jwt: (params: { token: JWT }) => unknown): Promise<string> {
    const app = makeApp(providers(), { callbacks: { jwt: jwt as never }, tokenRefresh: TokenRefresh() })
    const browser = browserFor({ [appOrigin]: app })
    await signInThroughIdp(browser, "dev-oidc")
    return `${sessionCookie}=${browser.cookiesFor(appOrigin).get(sessionCookie)}`
  }

  const coreRequest = (cookie: string) => new Request(`${appOrigin}/api/data`, { headers: { cookie } })

  it("core, Next, SvelteKit and Qwik hand a banned user no access token and write no cookie", async () => {
    const { banned, callbacks } = banList()
    const cookie = await signedInCookie(callbacks.async)
    const config = {
      secret,
      trustHost: true,
      basePath: "/auth",
      providers: providers(),
      tokenRefresh: TokenRefresh(),
      callbacks: { jwt: callbacks.async },
    }

    const nextAuth = NextAuth({ ...config, basePath: undefined, callbacks: { jwt: callbacks.async as never } } as never)
    const sveltekit = createSvelteKitAuth(
      { secret, providers: providers() as never, tokenRefresh: TokenRefresh(), callbacks: { jwt: callbacks.async as never } },
      {
        env: { AUTH_TRUST_HOST: "true" },
        dev: false,
        building: false,
        base: "",
      },
    )
    const qwikGetAccessToken = createAccessTokenHelper((async () => ({
      secret,
      providers: providers(),
      tokenRefresh: TokenRefresh(),
      callbacks: { jwt: callbacks.async },
    })) as never)

    async function tokens() {
      nextRequest.cookieHeader = cookie
      nextRequest.cookieWrites.clear()
      const kitPage = svelteKitPageEvent(`${appOrigin}/calendar`, cookie)
      const kit = await insideHandle(sveltekit.handle, kitPage.event, (locals) => locals.getAccessToken("dev-oidc"))
      const qwikPage = qwikPageEvent(`${appOrigin}/calendar`, cookie, { AUTH_TRUST_HOST: "true" })
      return {
        core: await getAccessToken(coreRequest(cookie), config as never, "dev-oidc", { withCookies: true }),
        next: await nextAuth.getAccessToken("dev-oidc"),
        kit,
        qwik: await qwikGetAccessToken(qwikPage.event as never, "dev-oidc"),
        writes: [...nextRequest.cookieWrites.keys(), ...kitPage.cookieWrites.keys(), ...qwikPage.cookieWrites.keys()],
      }
    }

    const before = await tokens()
    expect(before.core.token?.accessToken).toBeTruthy()
    for (const token of [before.next, before.kit, before.qwik]) expect(token).toMatchObject({ accessToken: before.core.token!.accessToken })

    banned.add("dev@example.test")
    expect(await tokens()).toEqual({ core: { token: null, cookies: [] }, next: null, kit: null, qwik: null, writes: [] })
  })

  it("a refresh stores the callback's token (its own claims, the session's marks), as the read would", async () => {
    // After sign-in, the callback adds a claim of the app's and tries to drop the tokens mark.
    const jwt = ({ token, trigger }: { token: JWT; trigger?: string }) => {
      if (trigger) return token
      const { "gatehouse.tokens": _dropped, ...rest } = token
      return { ...rest, plan: "pro" }
    }
    const cookie = await signedInCookie(jwt)
    const signedInPayload = await decode({ token: cookie.slice(sessionCookie.length + 1), secret, salt: sessionCookie })
    expect(signedInPayload?.plan).toBeUndefined()
    await new Promise((resolve) => setTimeout(resolve, 4_300))
    const config = { secret, trustHost: true, basePath: "/auth", providers: providers(), tokenRefresh: TokenRefresh(), callbacks: { jwt } }
    const { token, cookies } = await getAccessToken(coreRequest(cookie), config as never, "dev-oidc", { withCookies: true })
    expect(token?.accessToken).toBeTruthy()
    const written = cookies.find((header) => header.startsWith(`${sessionCookie}=`))!
    const payload = await decode({ token: written.slice(sessionCookie.length + 1, written.indexOf(";")), secret, salt: sessionCookie })
    expect(payload?.plan).toBe("pro")
    expect((payload?.["gatehouse.tokens"] as { access_token?: string } | undefined)?.access_token).toBe(token?.accessToken)
  })
})

describe("a banned or signed-out JWT session adds no new way in to its user", () => {
  /** A victim signed up with a passkey (JWT sessions recorded in SQLite), and a copy of their session cookie. */
  async function victimWithKeptCookie(jwt?: (params: { token: JWT }) => unknown) {
    const app = passkeyApp({ session: { strategy: "jwt" }, ...(jwt ? { callbacks: { jwt: jwt as never } } : {}) })
    const victim = app.browser()
    await victim.signUp("victim@example.test")
    expect(await victim.session()).not.toBeNull()
    const user = (await app.adapter.getUserByEmail!("victim@example.test"))!
    const attacker = app.browser()
    attacker.cookies.set(sessionCookie, victim.cookies.get(sessionCookie)!)
    const passkeys = async () => (await app.adapter.listAuthenticatorsByUserId!(user.id)).length
    return { app, victim, attacker, user, passkeys }
  }

  /** What the attacker's browser gets when it asks to register a passkey as the signed-in user would. */
  async function registrationAttempt(attacker: PasskeyBrowser) {
    const response = await attacker.options({ action: "register" })
    const body = (await response.json()) as { action?: string; options?: { user?: { name?: string } } }
    if (body.action !== "register") return { registered: false, body }
    const attestation = await attacker.authenticator.register(body.options as never)
    await attacker.callback("register", attestation)
    return { registered: true, body }
  }

  it("a signed-out (revoked) session's kept cookie cannot register a passkey for its user", async () => {
    const { victim, attacker, passkeys } = await victimWithKeptCookie()
    await victim.signOut()
    const attempt = await registrationAttempt(attacker)
    expect(attempt.body.options?.user?.name).not.toBe("victim@example.test")
    expect(attempt.registered).toBe(false)
    expect(await passkeys()).toBe(1)
  })

  it("a banned user's session cannot register a passkey either", async () => {
    const { banned, callbacks } = banList()
    const { attacker, user, passkeys } = await victimWithKeptCookie(callbacks.sync)
    banned.add(user.id)
    const attempt = await registrationAttempt(attacker)
    expect(attempt.registered).toBe(false)
    expect(await passkeys()).toBe(1)
  })

  it("while the session is valid, it can (so the refusals above are the ban's and the revocation's doing)", async () => {
    const { attacker, passkeys } = await victimWithKeptCookie()
    const attempt = await registrationAttempt(attacker)
    expect(attempt.body.options?.user?.name).toBe("victim@example.test")
    expect(await passkeys()).toBe(2)
  })
})
