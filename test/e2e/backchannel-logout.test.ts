/**
 * Back-channel logout (OpenID Connect Back-Channel Logout 1.0) end to end: the dev IdP (oidc-provider,
 * backchannelLogout on) sends its logout tokens over real HTTP to the app's endpoint; the app is
 * Auth() with a real SQLite adapter, driven by cookie-keeping fetch browsers. Both session strategies
 * (JWT sessions are rows too). Refused tokens are signed with the IdP's own key (passed to it), so each
 * test isolates the one check it breaks.
 */
import { createPublicKey } from "node:crypto"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import Database from "better-sqlite3"
import { SignJWT, importJWK } from "jose"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import { BackchannelLogout } from "../../packages/core/src/backchannel-logout/index.js"
import { FederatedSignOut } from "../../packages/core/src/federated-sign-out/index.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { type FetchBrowser, confirmLogoutAtDevIdp } from "../../packages/dev-idp/src/fetch-browser.js"
import { type DevIdentityProvider, startDevIdentityProvider } from "../../packages/dev-idp/src/index.js"
import { rsaSigningJwk, signLogoutToken, type SigningJwk } from "@gatehouse/test-kit/logout-token"
import { appOrigin, base, browserFor, makeApp, oidcProvider, sessionOf, signInThroughIdp, startSignIn, type TestApp } from "./oauth-app.js"

const backchannelLogout = BackchannelLogout()
const client = { client_id: "gatehouse-backchannel", client_secret: "backchannel-secret" }
const logoutEvent = "http://schemas.openid.net/event/backchannel-logout"
const kid = "dev-idp-test-key"
const signingKey = rsaSigningJwk(kid)
const strangerKey = rsaSigningJwk(kid)

let idp: DevIdentityProvider
let relay: Server
let relayOrigin: string
/** The app the IdP's logout tokens reach, over real HTTP (the relay hands them to its handler). */
let current: TestApp
/** Every logout token the IdP sent, with the app's answer. */
const delivered: { token: string; status: number }[] = []

beforeAll(async () => {
  relay = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    const request = new Request(`${relayOrigin}${req.url}`, {
      method: req.method,
      headers: { "content-type": req.headers["content-type"] ?? "" },
      body: req.method === "POST" ? body : undefined,
    })
    const response = await current.handler(request)
    const token = new URLSearchParams(body).get("logout_token")
    if (token) delivered.push({ token, status: response.status })
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(await response.text())
  })
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve))
  relayOrigin = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`
  idp = await startDevIdentityProvider({
    clients: [
      {
        ...client,
        redirect_uris: [`${appOrigin}/auth/callback/dev-oidc`],
        post_logout_redirect_uris: [`${appOrigin}/auth/signout/callback/dev-oidc`],
        backchannel_logout_uri: `${relayOrigin}/auth/backchannel-logout/dev-oidc`,
      },
    ],
    users: [
      { sub: "dev-user-1", name: "Dev User", email: "dev@example.test", email_verified: true },
      { sub: "dev-user-2", name: "Second User", email: "second@example.test", email_verified: true },
    ],
    signingKey: signingKey as JsonWebKey,
  })
})

afterAll(async () => {
  await idp?.close()
  await new Promise((resolve) => relay?.close(resolve))
})

beforeEach(() => {
  delivered.length = 0
})

function appWith(strategy: "jwt" | "database", overrides: Partial<AuthConfig> = {}) {
  const db = new Database(":memory:")
  const app = makeApp([oidcProvider(idp.issuer, { ...clientOptions(), federatedSignOut: "on-request" })], {
    adapter: SQLiteAdapter(db),
    session: { strategy },
    backchannelLogout,
    federatedSignOut: FederatedSignOut(),
    ...overrides,
  })
  current = app
  return { app, db }
}

function clientOptions() {
  return { clientId: client.client_id, clientSecret: client.client_secret }
}

async function signedIn(app: TestApp, username: string): Promise<FetchBrowser> {
  const browser = browserFor({ [appOrigin]: app })
  await signInThroughIdp(browser, "dev-oidc", { username })
  expect((await sessionOf(browser))?.user?.email).toBeDefined()
  return browser
}

function sessionRows(db: Database.Database): { userId: string; provider: string | null; providerSessionId: string | null }[] {
  return db
    .prepare(`SELECT user_id AS userId, provider, provider_session_id AS providerSessionId FROM sessions ORDER BY user_id`)
    .all() as never
}

/** The IdP ends this browser's IdP session as the user would at the IdP itself (its end-session page, confirmed). */
async function signOutAtIdp(browser: FetchBrowser): Promise<void> {
  await confirmLogoutAtDevIdp(browser, `${idp.issuer}/session/end`)
}

/** Whether an authorization request at the IdP shows its login page (no IdP session) or goes straight back. */
async function idpAsksToLogIn(browser: FetchBrowser): Promise<boolean> {
  const { authorizationUrl } = await startSignIn(browser, "dev-oidc")
  const result = await browser.follow(authorizationUrl, {}, { stopAt: (url) => url.origin !== idp.issuer })
  return new URL(result.url).pathname.startsWith("/interaction/") && result.response.status === 200
}

function postLogoutToken(token: string | undefined, { providerId = "dev-oidc", contentType = "application/x-www-form-urlencoded" } = {}) {
  const body = contentType.includes("json")
    ? JSON.stringify({ logout_token: token })
    : new URLSearchParams(token ? { logout_token: token } : {})
  return current.handler(
    new Request(`${base}/backchannel-logout/${providerId}`, { method: "POST", headers: { "content-type": contentType }, body }),
  )
}

/** A logout token as the IdP would sign it (its own key), with `changes` applied; `undefined` values drop a claim. */
function logoutToken(
  changes: Record<string, unknown> = {},
  { key = signingKey, typ = "logout+jwt" }: { key?: SigningJwk; typ?: string | null } = {},
): Promise<string> {
  return signLogoutToken({ issuer: idp.issuer, audience: client.client_id, key, claims: { sub: "dev-user-1", ...changes }, typ })
}

async function hmacLogoutToken(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ sub: "dev-user-1", jti: crypto.randomUUID(), events: { [logoutEvent]: {} } })
    .setProtectedHeader({ alg: "HS256", typ: "logout+jwt" })
    .setIssuer(idp.issuer)
    .setAudience(client.client_id)
    .setIssuedAt(now)
    .sign(new TextEncoder().encode(secret))
}

function unsignedLogoutToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url")
  const now = Math.floor(Date.now() / 1000)
  const claims = {
    iss: idp.issuer,
    aud: client.client_id,
    iat: now,
    jti: crypto.randomUUID(),
    sub: "dev-user-1",
    events: { [logoutEvent]: {} },
  }
  return `${encode({ alg: "none", typ: "logout+jwt" })}.${encode(claims)}.`
}

function loggedCodes(app: TestApp): string[] {
  return app.logger.errors.map((error) => `${(error as { type?: string }).type}:${(error as { code?: string }).code}`)
}

describe.each(["database", "jwt"] as const)("back-channel logout, %s sessions", (strategy) => {
  it("a logout token from the IdP ends the session of that browser only: the user's other IdP session and another user survive", async () => {
    const { app, db } = appWith(strategy)
    const laptop = await signedIn(app, "dev-user-1")
    const phone = await signedIn(app, "dev-user-1")
    const other = await signedIn(app, "dev-user-2")
    const rows = sessionRows(db)
    expect(rows).toHaveLength(3)
    expect(new Set(rows.map((row) => row.providerSessionId)).size).toBe(3)
    expect(rows.every((row) => row.provider === "dev-oidc")).toBe(true)

    await signOutAtIdp(laptop)

    expect(delivered).toHaveLength(1)
    expect(delivered[0]!.status).toBe(200)
    expect(await sessionOf(laptop)).toBeNull()
    expect((await sessionOf(phone))?.user?.email).toBe("dev@example.test")
    expect((await sessionOf(other))?.user?.email).toBe("second@example.test")
    expect(sessionRows(db)).toHaveLength(2)
    expect(app.logger.errors).toEqual([])
    db.close()
  })

  it("a token naming only the user (no sid) ends every session of that user begun with the provider, and no one else's", async () => {
    const { app, db } = appWith(strategy)
    const laptop = await signedIn(app, "dev-user-1")
    const phone = await signedIn(app, "dev-user-1")
    const other = await signedIn(app, "dev-user-2")
    // The same user's session begun another way (an e-mail link, say) is not the provider's to end.
    const user1 = (db.prepare("SELECT user_id AS id FROM accounts WHERE provider_account_id = 'dev-user-1'").get() as { id: string }).id
    db.prepare("INSERT INTO sessions (session_token, user_id, expires, provider) VALUES ('by-email', ?, ?, 'nodemailer')").run(
      user1,
      Date.now() + 3_600_000,
    )
    const response = await postLogoutToken(await logoutToken())
    expect(response.status).toBe(200)
    expect(response.headers.get("cache-control")).toContain("no-store")
    expect(await sessionOf(laptop)).toBeNull()
    expect(await sessionOf(phone)).toBeNull()
    expect((await sessionOf(other))?.user?.email).toBe("second@example.test")
    expect(sessionRows(db).map((row) => row.provider)).toEqual(expect.arrayContaining(["nodemailer", "dev-oidc"]))
    expect(sessionRows(db)).toHaveLength(2)
    db.close()
  })

  it("refuses a replayed logout token: 400, and the session begun since is untouched", async () => {
    const { app, db } = appWith(strategy)
    const token = await logoutToken()
    const first = await signedIn(app, "dev-user-1")
    expect((await postLogoutToken(token)).status).toBe(200)
    expect(await sessionOf(first)).toBeNull()

    const again = await signedIn(app, "dev-user-1")
    const replay = await postLogoutToken(token)
    expect(replay.status).toBe(400)
    expect(replay.headers.get("cache-control")).toContain("no-store")
    expect(await replay.json()).toEqual({ error: "invalid_request" })
    expect((await sessionOf(again))?.user?.email).toBe("dev@example.test")
    expect(loggedCodes(app)).toEqual(["InvalidLogoutToken:replayed"])
    // Shared through the database (the adapter's verification tokens), hashed: other instances refuse it too.
    const ledger = db.prepare("SELECT token FROM verification_tokens WHERE identifier = 'gatehouse:logout-token'").all() as {
      token: string
    }[]
    expect(ledger).toHaveLength(1)
    expect(ledger[0]!.token).not.toContain(token.split(".")[1]!.slice(0, 20))
    db.close()
  })

  it("refuses what is not a valid logout token with 400 and no-store, logs the check, and ends nothing", async () => {
    const { app, db } = appWith(strategy)
    const user1 = await signedIn(app, "dev-user-1")
    const user2 = await signedIn(app, "dev-user-2")
    const now = Math.floor(Date.now() / 1000)
    const cases: [string, () => Promise<Response>][] = [
      ["signature", async () => postLogoutToken(await logoutToken({}, { key: strangerKey }))],
      ["audience", async () => postLogoutToken(await logoutToken({ aud: "someone-else" }))],
      ["issuer", async () => postLogoutToken(await logoutToken({ iss: "http://127.0.0.1:1" }))],
      ["iat", async () => postLogoutToken(await logoutToken({ iat: now - 600, exp: now + 60 }))],
      ["iat", async () => postLogoutToken(await logoutToken({ iat: now + 600, exp: now + 900 }))],
      ["iat", async () => postLogoutToken(await logoutToken({ iat: undefined }))],
      ["expired", async () => postLogoutToken(await logoutToken({ iat: now - 200, exp: now - 100 }))],
      ["nonce", async () => postLogoutToken(await logoutToken({ nonce: "n-1" }))],
      ["events", async () => postLogoutToken(await logoutToken({ events: undefined }))],
      ["events", async () => postLogoutToken(await logoutToken({ events: { "http://example.test/other": {} } }))],
      ["events", async () => postLogoutToken(await logoutToken({ events: { [logoutEvent]: "yes" } }))],
      ["typ", async () => postLogoutToken(await logoutToken({}, { typ: "JWT" }))],
      ["jti", async () => postLogoutToken(await logoutToken({ jti: undefined }))],
      ["sub-sid", async () => postLogoutToken(await logoutToken({ sub: undefined }))],
      ["malformed", async () => postLogoutToken("not.a.jwt")],
      ["malformed", async () => postLogoutToken(undefined)],
      ["malformed", async () => postLogoutToken(await logoutToken(), { contentType: "application/json" })],
      // Signed with the client secret (HMAC): anyone holding the secret could mint it.
      ["signature", async () => postLogoutToken(await hmacLogoutToken(client.client_secret))],
      // Unsigned (`alg: none`).
      ["signature", async () => postLogoutToken(unsignedLogoutToken())],
      // An ID token of this IdP for this client: signed right, but no logout event (and typ JWT, a nonce).
      ["typ", async () => postLogoutToken(await logoutToken({ nonce: "n-2", events: undefined }, { typ: "JWT" }))],
    ]
    for (const [code, send] of cases) {
      const response = await send()
      expect(response.status, code).toBe(400)
      expect(response.headers.get("cache-control"), code).toContain("no-store")
      expect(await response.json(), code).toEqual({ error: "invalid_request" })
    }
    expect(loggedCodes(app)).toEqual(cases.map(([code]) => `InvalidLogoutToken:${code}`))
    expect((await sessionOf(user1))?.user?.email).toBe("dev@example.test")
    expect((await sessionOf(user2))?.user?.email).toBe("second@example.test")
    expect(sessionRows(db)).toHaveLength(2)
    // Refused tokens claim no jti: nothing was written to the ledger.
    expect(db.prepare("SELECT count(*) AS n FROM verification_tokens").get()).toEqual({ n: 0 })
    db.close()
  })
})

describe("back-channel logout requests that are not the provider's POST", () => {
  it("answers 400 with no-store (never a redirect) for GET, an unknown provider, and a non-OAuth provider", async () => {
    const { app, db } = appWith("database")
    const get = await app.handler(new Request(`${base}/backchannel-logout/dev-oidc`))
    const unknown = await postLogoutToken(await logoutToken(), { providerId: "nobody" })
    const oversized = await app.handler(
      new Request(`${base}/backchannel-logout/dev-oidc`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `logout_token=${"a".repeat(70_000)}`,
      }),
    )
    for (const response of [get, unknown, oversized]) {
      expect(response.status).toBe(400)
      expect(response.headers.get("location")).toBeNull()
      expect(response.headers.get("cache-control")).toContain("no-store")
    }
    expect(loggedCodes(app).map((entry) => entry.split(":")[0])).toEqual(["UnknownAction", "InvalidProvider", "UnknownAction"])
    db.close()
  })

  it("without `backchannelLogout: BackchannelLogout()` the route is not served: a valid token gets 400 and ends nothing", async () => {
    const { app, db } = appWith("database", { backchannelLogout: undefined })
    const browser = await signedIn(app, "dev-user-1")
    const response = await postLogoutToken(await logoutToken())
    expect(response.status).toBe(400)
    expect(response.headers.get("cache-control")).toContain("no-store")
    expect(loggedCodes(app).map((entry) => entry.split(":")[0])).toEqual(["UnknownAction"])
    expect(await sessionOf(browser)).not.toBeNull()
    db.close()
  })

  it("needs no CSRF token and ignores cookies: a browser's cross-site POST of a forged token ends nothing", async () => {
    const { app, db } = appWith("database")
    const browser = await signedIn(app, "dev-user-1")
    const response = await browser.request(`${base}/backchannel-logout/dev-oidc`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ logout_token: await logoutToken({}, { key: strangerKey }) }),
    })
    expect(response.status).toBe(400)
    expect((await sessionOf(browser))?.user?.email).toBe("dev@example.test")
    db.close()
  })

  it("accepts typ application/logout+jwt and a token without typ (both allowed by the specification)", async () => {
    const { app, db } = appWith("database")
    const first = await signedIn(app, "dev-user-1")
    expect((await postLogoutToken(await logoutToken({}, { typ: "application/logout+jwt" }))).status).toBe(200)
    expect(await sessionOf(first)).toBeNull()
    const second = await signedIn(app, "dev-user-1")
    expect((await postLogoutToken(await logoutToken({}, { typ: null }))).status).toBe(200)
    expect(await sessionOf(second)).toBeNull()
    expect(app.logger.errors).toEqual([])
    db.close()
  })

  it("a provider without an issuer has no keys to check against: refused", async () => {
    const db = new Database(":memory:")
    const app = makeApp(
      [
        {
          id: "dev-oidc",
          name: "Dev OAuth",
          type: "oauth",
          authorization: `${idp.issuer}/auth`,
          token: `${idp.issuer}/token`,
          userinfo: `${idp.issuer}/me`,
          ...clientOptions(),
        },
      ],
      { adapter: SQLiteAdapter(db), session: { strategy: "database" }, backchannelLogout },
    )
    current = app
    expect((await postLogoutToken(await logoutToken())).status).toBe(400)
    expect(loggedCodes(app)).toEqual(["InvalidLogoutToken:no-issuer"])
    db.close()
  })

  it("without session management in the adapter: refused (400), the missing methods logged", async () => {
    const db = new Database(":memory:")
    const { listSessionsByUserId: _l, deleteSessionsByUserId: _d, ...authjsOnly } = SQLiteAdapter(db) as Record<string, unknown>
    const app = makeApp([oidcProvider(idp.issuer, clientOptions())], {
      adapter: authjsOnly as never,
      session: { strategy: "database" },
      backchannelLogout,
    })
    current = app
    const response = await postLogoutToken(await logoutToken())
    expect(response.status).toBe(400)
    expect(app.logger.errors.map((error) => error.message).join()).toMatch(/listSessionsByUserId/)
    db.close()
  })
})

describe("federated sign-out with back-channel logout", () => {
  it.each(["database", "jwt"] as const)(
    "%s sessions: signing out everywhere ends the app session, the IdP session, and the next sign-in asks to log in again",
    async (strategy) => {
      const { app, db } = appWith(strategy)
      const browser = await signedIn(app, "dev-user-1")
      const elsewhere = await signedIn(app, "dev-user-1")
      expect(await idpAsksToLogIn(browser)).toBe(false)

      const { csrfToken } = (await (await browser.request(`${base}/csrf`)).json()) as { csrfToken: string }
      const signOut = await browser.request(`${base}/signout`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, callbackUrl: `${appOrigin}/goodbye`, federated: "true" }),
      })
      expect(await sessionOf(browser)).toBeNull()
      const back = await confirmLogoutAtDevIdp(browser, signOut.headers.get("location")!)
      expect((await browser.request(back)).headers.get("location")).toBe(`${appOrigin}/goodbye`)

      // The IdP told the app too; this browser's session was already over, so nothing more ended.
      expect(delivered.map((entry) => entry.status)).toEqual([200])
      expect((await sessionOf(elsewhere))?.user?.email).toBe("dev@example.test")
      expect(sessionRows(db)).toHaveLength(1)
      expect(await idpAsksToLogIn(browser)).toBe(true)
      expect(app.logger.errors).toEqual([])
      db.close()
    },
  )
})

describe("back-channel logout attacks", () => {
  const publicJwk = (key: JsonWebKey & { kid?: string }) => {
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...rest } = key as Record<string, unknown>
    return rest as JsonWebKey & { kid?: string }
  }

  /** A token like `logoutToken`, with extra protected header parameters and any algorithm/key. */
  async function tokenWithHeader(header: Record<string, unknown>, key: Uint8Array | CryptoKey | Awaited<ReturnType<typeof importJWK>>) {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({ sub: "dev-user-1", jti: crypto.randomUUID(), events: { [logoutEvent]: {} } })
      .setProtectedHeader({ alg: "RS256", typ: "logout+jwt", ...header })
      .setIssuer(idp.issuer)
      .setAudience(client.client_id)
      .setIssuedAt(now)
      .sign(key as never)
  }

  it("HS256 keyed with the IdP's own public key (PEM or JWK text), an embedded jwk, or a jku to the attacker's keys: refused, nothing fetched from the attacker", async () => {
    const { app, db } = appWith("database")
    const victim = await signedIn(app, "dev-user-1")
    let attackerFetches = 0
    const attacker = createServer((_, res) => {
      attackerFetches++
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [publicJwk(strangerKey)] }))
    })
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve))
    const jku = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/jwks`
    try {
      const pem = createPublicKey({ key: signingKey as never, format: "jwk" }).export({ type: "spki", format: "pem" }) as string
      const stranger = await importJWK(strangerKey as never, "RS256")
      const attempts = [
        await tokenWithHeader({ alg: "HS256", kid }, new TextEncoder().encode(pem)),
        await tokenWithHeader({ alg: "HS256", kid }, new TextEncoder().encode(JSON.stringify(publicJwk(signingKey)))),
        await tokenWithHeader({ kid: "attacker-key", jwk: publicJwk({ ...strangerKey, kid: "attacker-key" }) }, stranger),
        await tokenWithHeader({ kid: "attacker-key", jku }, stranger),
        await tokenWithHeader({ kid: "attacker-key", x5u: jku }, stranger),
        // The IdP's kid on the attacker's key: the kid picks the IdP's key, which the signature does not match.
        await tokenWithHeader({ kid }, stranger),
      ]
      for (const token of attempts) expect((await postLogoutToken(token)).status).toBe(400)
      expect(loggedCodes(app)).toEqual(attempts.map(() => "InvalidLogoutToken:signature"))
      expect(attackerFetches).toBe(0)
      expect((await sessionOf(victim))?.user?.email).toBe("dev@example.test")
      expect(db.prepare("SELECT count(*) AS n FROM verification_tokens").get()).toEqual({ n: 0 })
    } finally {
      await new Promise((resolve) => attacker.close(resolve))
      db.close()
    }
  })

  describe.each(["database", "jwt"] as const)("two providers at one IdP, %s sessions", (strategy) => {
    /** dev-oidc (the IdP's client) and dev-oidc-b (another client id at the same issuer). */
    function twoProviderApp() {
      const db = new Database(":memory:")
      const app = makeApp(
        [
          oidcProvider(idp.issuer, clientOptions()),
          oidcProvider(idp.issuer, { id: "dev-oidc-b", clientId: "other-client", clientSecret: "other-secret" }),
        ],
        { adapter: SQLiteAdapter(db), session: { strategy }, backchannelLogout },
      )
      current = app
      return { app, db }
    }

    it("a logout token for provider A posted to provider B's endpoint is refused (audience), and ends nothing", async () => {
      const { app, db } = twoProviderApp()
      const victim = await signedIn(app, "dev-user-1")
      const response = await postLogoutToken(await logoutToken(), { providerId: "dev-oidc-b" })
      expect(response.status).toBe(400)
      expect(loggedCodes(app)).toEqual(["InvalidLogoutToken:audience"])
      expect((await sessionOf(victim))?.user?.email).toBe("dev@example.test")
      db.close()
    })

    it("the same sub at another provider belongs to someone else: only the provider's own account's sessions end", async () => {
      const { app, db } = twoProviderApp()
      const victim = await signedIn(app, "dev-user-1")
      // Another user whose account at dev-oidc-b happens to have the same subject, with a session begun there.
      db.prepare("INSERT INTO users (id, name, email) VALUES ('other-user', 'Other', 'other@example.test')").run()
      db.prepare(
        "INSERT INTO accounts (user_id, type, provider, provider_account_id) VALUES ('other-user', 'oidc', 'dev-oidc-b', 'dev-user-1')",
      ).run()
      db.prepare(
        "INSERT INTO sessions (session_token, user_id, expires, provider) VALUES ('other-session', 'other-user', ?, 'dev-oidc-b')",
      ).run(Date.now() + 3_600_000)
      expect((await postLogoutToken(await logoutToken())).status).toBe(200)
      expect(await sessionOf(victim)).toBeNull()
      expect(db.prepare("SELECT session_token FROM sessions").pluck().all()).toEqual(["other-session"])
      db.close()
    })
  })

  it.each(["database", "jwt"] as const)(
    "%s sessions: a token naming user 1 with user 2's IdP session id ends neither user's session",
    async (strategy) => {
      const { app, db } = appWith(strategy)
      const one = await signedIn(app, "dev-user-1")
      const two = await signedIn(app, "dev-user-2")
      const twosSid = (
        db
          .prepare(
            "SELECT s.provider_session_id AS sid FROM sessions s JOIN accounts a ON a.user_id = s.user_id WHERE a.provider_account_id = 'dev-user-2'",
          )
          .get() as { sid: string }
      ).sid
      expect(twosSid).toBeTruthy()
      expect((await postLogoutToken(await logoutToken({ sub: "dev-user-1", sid: twosSid }))).status).toBe(200)
      expect((await sessionOf(one))?.user?.email).toBe("dev@example.test")
      expect((await sessionOf(two))?.user?.email).toBe("second@example.test")
      expect(sessionRows(db)).toHaveLength(2)
      db.close()
    },
  )
})

/**
 * Back-Channel Logout 1.0 §2.6 step 3: validate iss, aud, iat and exp "in the same way they are
 * validated in ID Tokens" — Core §3.1.3.7: aud may list several audiences, and then azp SHOULD be
 * present; an azp present MUST name this client; the current time MUST be before exp (which §2.4
 * makes REQUIRED in a logout token). A token minted for another client of the same IdP, with ours
 * merely among its audiences, must not end our sessions.
 */
describe("back-channel logout tokens are validated like ID tokens (exp, several audiences, azp)", () => {
  it.each(["database", "jwt"] as const)(
    "%s sessions: without exp, several audiences without azp, or an azp naming another client: refused, nothing ended",
    async (strategy) => {
      const { app, db } = appWith(strategy)
      const victim = await signedIn(app, "dev-user-1")
      const ours = client.client_id
      const cases: [string, Record<string, unknown>][] = [
        ["exp", { exp: undefined }],
        ["azp", { aud: [ours, "other-client"] }],
        ["azp", { aud: [ours, "other-client"], azp: "other-client" }],
        ["azp", { aud: ours, azp: "other-client" }],
        ["azp", { aud: [ours], azp: "other-client" }],
        ["audience", { aud: ["other-client", "third-client"], azp: "other-client" }],
      ]
      for (const [code, claims] of cases) {
        const response = await postLogoutToken(await logoutToken(claims))
        expect(response.status, code).toBe(400)
        expect(await response.json(), code).toEqual({ error: "invalid_request" })
      }
      expect(loggedCodes(app)).toEqual(cases.map(([code]) => `InvalidLogoutToken:${code}`))
      expect((await sessionOf(victim))?.user?.email).toBe("dev@example.test")
      expect(sessionRows(db)).toHaveLength(1)
      expect(db.prepare("SELECT count(*) AS n FROM verification_tokens").get()).toEqual({ n: 0 })
      db.close()
    },
  )

  it("several audiences with azp naming this client, or one audience with that azp: accepted", async () => {
    const { app, db } = appWith("database")
    const first = await signedIn(app, "dev-user-1")
    const response = await postLogoutToken(await logoutToken({ aud: [client.client_id, "other-client"], azp: client.client_id }))
    expect(response.status).toBe(200)
    expect(await sessionOf(first)).toBeNull()
    const second = await signedIn(app, "dev-user-1")
    expect((await postLogoutToken(await logoutToken({ azp: client.client_id }))).status).toBe(200)
    expect(await sessionOf(second)).toBeNull()
    expect(app.logger.errors).toEqual([])
    db.close()
  })
})

describe("back-channel logout through a database hiccup", () => {
  /** The SQLite adapter with `method` failing its next call (the database did not answer once). */
  function flakyApp(method: "getUserByAccount" | "createVerificationToken") {
    const db = new Database(":memory:")
    const adapter = SQLiteAdapter(db) as Record<string, unknown>
    const real = adapter[method] as (...args: unknown[]) => unknown
    const state = { failNext: false }
    adapter[method] = (...args: unknown[]) => {
      if (state.failNext) {
        state.failNext = false
        throw new Error("database did not answer")
      }
      return real(...args)
    }
    const app = makeApp([oidcProvider(idp.issuer, clientOptions())], {
      adapter: adapter as never,
      session: { strategy: "database" },
      backchannelLogout,
    })
    current = app
    return { app, db, state }
  }

  it.each([
    ["getUserByAccount", "find-sessions", "ends nothing"],
    ["createVerificationToken", "claim", "has ended the sessions but claimed nothing"],
  ] as const)(
    "%s failing once: the first delivery fails (500, BackchannelLogoutFailed %s) and %s; the IdP's retry of the same token is not taken for a replay",
    async (method, code, _outcome) => {
      const { app, db, state } = flakyApp(method)
      const victim = await signedIn(app, "dev-user-1")
      const token = await logoutToken()
      state.failNext = true
      const first = await postLogoutToken(token)
      expect(first.status).toBe(500)
      expect(await first.json()).toEqual({ error: "server_error" })
      expect(loggedCodes(app)).toEqual([`BackchannelLogoutFailed:${code}`])
      // The jti is claimed last, once every session has ended: a failing lookup ended none, a failing claim all.
      if (code === "find-sessions") expect((await sessionOf(victim))?.user?.email).toBe("dev@example.test")
      else expect(await sessionOf(victim)).toBeNull()
      const retry = await postLogoutToken(token)
      expect(retry.status).toBe(200)
      expect(await sessionOf(victim)).toBeNull()
      // Once done, the token is used: a third delivery is a replay.
      expect((await postLogoutToken(token)).status).toBe(400)
      expect(loggedCodes(app).at(-1)).toBe("InvalidLogoutToken:replayed")
      db.close()
    },
  )
})
