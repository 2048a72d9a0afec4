/**
 * Attacks on a revoked JWT session (session management, #19): a copy of the cookie kept by the
 * attacker must be dead everywhere once the session is revoked or signed out — GET /session,
 * GET /sessions, and getAccessToken (the upstream tokens of #20) — whatever the app's jwt callback
 * does with the token, and however often the token is re-issued. Real SQLite adapter, JWT strategy,
 * sessions recorded under `gatehouse.sid`.
 */
import { describe, expect, it } from "vitest"
import { getAccessToken } from "../../packages/core/src/server/access-token-of-request.js"
import type { Adapter } from "../../packages/core/src/adapters.js"
import { Auth } from "../../packages/core/src/handler/auth.js"
import { remember, revocationCheckEntries } from "../../packages/core/src/sessions/revocation-checks.js"
import { revokeUserSessions } from "../../packages/core/src/server/sessions-of-request.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { TokenRefresh } from "../../packages/core/src/token-refresh/index.js"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import { adaWithUpstreamAccount, linkUpstreamAccount, upstream, upstreamAccessToken } from "@gatehouse/test-kit/ada-with-upstream-account"
import { adaCredentials, base, credentialsConfig, signInAsAda } from "@gatehouse/test-kit/credentials-app"

async function setup(overrides: Partial<AuthConfig> = {}) {
  const { db, adapter, config, userId } = await adaWithUpstreamAccount(overrides)
  const rows = () => db.prepare("SELECT session_token FROM sessions").pluck().all() as string[]
  return { db, adapter, config, rows, userId }
}

async function signedIn(config: AuthConfig): Promise<TestBrowser> {
  const browser = new TestBrowser((request) => Auth(request, config))
  const response = await signInAsAda(browser)
  expect(response.headers.get("location")).not.toContain("error")
  return browser
}

/**
 * The attacker's copy of a browser's cookies as they are now, replayed unchanged on every request
 * (an attacker ignores the Set-Cookie that clears them).
 */
function copyOf(browser: TestBrowser) {
  const cookie = browser.cookieHeader()
  const send = (path: string) => browser.handler(new Request(`${base}${path}`, { headers: { cookie } }))
  return {
    session: async () => (await send("/session")).json(),
    listStatus: async () => (await send("/sessions")).status,
    accessToken: (config: AuthConfig) => getAccessToken(new Request(`${base}/anything`, { headers: { cookie } }), config, "upstream"),
  }
}

async function sessionOf(browser: TestBrowser): Promise<unknown> {
  return (await browser.fetch(`${base}/session`)).json()
}

describe("a revoked JWT session, replayed by whoever kept its cookie", () => {
  it("gets no upstream access token from getAccessToken after revocation by the user", async () => {
    const { config, rows } = await setup()
    const victim = await signedIn(config)
    const stolen = copyOf(victim)
    expect(await stolen.accessToken(config)).toMatchObject({ accessToken: upstreamAccessToken })
    // The victim notices and ends every session (its own included).
    const response = await victim.post(`${base}/sessions/revoke`, { scope: "all" }, base)
    expect(await response.json()).toEqual({ revoked: 1 })
    expect(rows()).toEqual([])
    expect(await stolen.session()).toBeNull()
    expect(await stolen.accessToken(config)).toBeNull()
  })

  it("gets no access token, session or session list after sign-out", async () => {
    const { config, rows } = await setup()
    const victim = await signedIn(config)
    const stolen = copyOf(victim)
    await victim.post(`${base}/signout`, {}, base)
    expect(rows()).toEqual([])
    expect(await stolen.session()).toBeNull()
    expect(await stolen.listStatus()).toBe(401)
    expect(await stolen.accessToken(config)).toBeNull()
  })

  it("gets no access token after a revocation made by another instance, once the interval has passed", async () => {
    const { config, db } = await setup({ session: { strategy: "jwt", revocationCheckInterval: 1 } })
    const stolen = copyOf(await signedIn(config))
    expect(await stolen.accessToken(config)).not.toBeNull()
    db.prepare("DELETE FROM sessions").run()
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(await stolen.accessToken(config)).toBeNull()
  })

  it("stays revoked whatever the jwt callback returns: a callback rebuilding the token from scratch keeps its session id", async () => {
    const { config } = await setup({
      callbacks: { jwt: ({ token }) => ({ sub: token.sub, name: token.name, email: token.email }) },
      session: { strategy: "jwt", revocationCheckInterval: 60, updateAge: 0 },
    })
    const victim = await signedIn(config)
    // Re-issued (updateAge 0) through the rebuilding callback: the new cookie must still carry the sid.
    expect(await sessionOf(victim)).not.toBeNull()
    const reissued = copyOf(victim)
    await victim.post(`${base}/sessions/revoke`, { scope: "all" }, base)
    expect(await reissued.accessToken(config)).toBeNull()
    expect(await reissued.session()).toBeNull()
  })

  it("stays revoked when the jwt callback drops `sub` (or a copied update nulls it): the session id is still checked", async () => {
    for (const jwt of [
      // Keeps `sub` at sign-in (so the session is recorded), rebuilds the token without it afterwards.
      ({ token, trigger }: { token: Record<string, unknown>; trigger?: string }) =>
        trigger === "signIn" ? token : { name: token.name, email: token.email },
      ({ token, trigger, session }: { token: Record<string, unknown>; trigger?: string; session?: unknown }) =>
        trigger === "update" ? { ...token, ...(session as object) } : token,
    ]) {
      const { config, userId } = await setup({
        callbacks: { jwt: jwt as never },
        session: { strategy: "jwt", revocationCheckInterval: 60, updateAge: 0 },
      })
      const victim = await signedIn(config)
      expect(await sessionOf(victim)).not.toBeNull()
      const csrfToken = await victim.csrfToken(base)
      await victim.fetch(`${base}/session`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ csrfToken, data: { sub: null } }),
      })
      const withoutSub = copyOf(victim)
      expect(await withoutSub.session()).not.toBeNull()
      // Sign out everywhere from server code (a session without `sub` cannot manage sessions itself).
      expect(await revokeUserSessions(config, userId)).toBe(1)
      expect(await withoutSub.session()).toBeNull()
    }
  })

  it("a re-issue in flight when another instance revoked the session does not bring its row back", async () => {
    const { config, db, rows } = await setup({ session: { strategy: "jwt", revocationCheckInterval: 1, updateAge: 0 } })
    const victim = await signedIn(config)
    db.prepare("DELETE FROM sessions").run()
    // Within the interval this instance still serves it, re-issuing the cookie and touching the row.
    expect(await sessionOf(victim)).not.toBeNull()
    expect(rows()).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(await sessionOf(victim)).toBeNull()
  })

  it("a new sign-in in the same browser records a new session; the revoked one stays revoked", async () => {
    const { config, rows } = await setup()
    const victim = await signedIn(config)
    const [first] = rows()
    const stolen = copyOf(victim)
    await victim.post(`${base}/sessions/revoke`, { scope: "all" }, base)
    await signInAsAda(victim)
    expect(rows()).toHaveLength(1)
    expect(rows()[0]).not.toBe(first)
    expect(await sessionOf(victim)).not.toBeNull()
    expect(await stolen.session()).toBeNull()
  })

  it("a database failing mid-revoke changes nothing and reports 500: the session and its row stay, a retry works", async () => {
    const { config, adapter, rows } = await setup()
    let failing = true
    const flaky: Adapter = {
      ...adapter,
      deleteSessionsByUserId: (...args) => {
        if (failing) throw new Error("database down")
        return adapter.deleteSessionsByUserId!(...args)
      },
    }
    const flakyConfig = { ...config, adapter: flaky }
    const a = await signedIn(flakyConfig)
    const b = await signedIn(flakyConfig)
    const response = await a.post(`${base}/sessions/revoke`, { scope: "others" }, base)
    expect(response.status).toBe(500)
    expect(response.headers.get("cache-control")).toContain("no-store")
    expect(await response.text()).not.toContain("database down")
    expect(rows()).toHaveLength(2)
    expect(await sessionOf(a)).not.toBeNull()
    // Nothing was remembered as revoked in this process either: the other session still reads.
    expect(await sessionOf(b)).not.toBeNull()
    failing = false
    expect(await (await a.post(`${base}/sessions/revoke`, { scope: "others" }, base)).json()).toEqual({ revoked: 1 })
    expect(await sessionOf(b)).toBeNull()
  })
})

describe("a recorded JWT session stays bound to its user", () => {
  it("an update through a jwt callback that copies the posted data (sub included) makes no session of another user", async () => {
    const { config, adapter } = await setup({
      // A callback pattern seen in apps: the update's data merged into the token, unchecked.
      callbacks: { jwt: ({ token, trigger, session }) => (trigger === "update" ? { ...token, ...(session as object) } : token) },
    })
    const victim = await adapter.createUser!({ id: "", name: "Victim", email: "victim@example.test", emailVerified: null })
    await linkUpstreamAccount(adapter, victim.id, "victim-upstream", "upstream-access-token-of-the-victim")
    const attacker = await signedIn(config)
    expect(await sessionOf(attacker)).not.toBeNull()
    const csrfToken = await attacker.csrfToken(base)
    await attacker.fetch(`${base}/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, data: { sub: victim.id, email: "victim@example.test" } }),
    })
    // The session's record belongs to the attacker's user: a token naming another user is not it.
    const forged = copyOf(attacker)
    expect(await forged.accessToken(config)).toBeNull()
    expect(await forged.session()).toBeNull()
    expect(await forged.listStatus()).toBe(401)
  })
})

describe("marks only sign-in sets", () => {
  it("an update copied into the token by the jwt callback cannot add upstream tokens (JWT sessions without an adapter)", async () => {
    const config = credentialsConfig({
      providers: [adaCredentials(), upstream],
      tokenRefresh: TokenRefresh(),
      callbacks: { jwt: ({ token, trigger, session }) => (trigger === "update" ? { ...token, ...(session as object) } : token) },
    })
    const browser = new TestBrowser((request) => Auth(request, config))
    await signInAsAda(browser)
    const csrfToken = await browser.csrfToken(base)
    const mark = { provider: "upstream", providerAccountId: "anyone", access_token: "token-of-the-client's-choosing" }
    const update = await browser.fetch(`${base}/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, data: { "gatehouse.tokens": mark, "gatehouse.idp": { provider: "upstream", idToken: "x.y.z" } } }),
    })
    expect(update.status).toBe(200)
    const { decode } = await import("../../packages/core/src/jwt.js")
    const payload = await decode({
      token: browser.cookies.get("authjs.session-token")!,
      secret: config.secret as string,
      salt: "authjs.session-token",
    })
    expect(payload?.["gatehouse.tokens"]).toBeUndefined()
    expect(payload?.["gatehouse.idp"]).toBeUndefined()
    expect(await copyOf(browser).accessToken(config)).toBeNull()
  })
})

describe("sign-out while the database fails", () => {
  it("clears the cookie, logs SignOutError, and this instance refuses a kept copy even though the row could not be deleted", async () => {
    const { config, adapter, rows } = await setup()
    let failing = false
    const flaky: Adapter = {
      ...adapter,
      deleteSession: (token) => {
        if (failing) throw new Error("database down")
        return adapter.deleteSession!(token)
      },
    }
    const flakyConfig = { ...config, adapter: flaky }
    const victim = await signedIn(flakyConfig)
    const stolen = copyOf(victim)
    failing = true
    const response = await victim.post(`${base}/signout`, {}, base)
    expect(response.status).toBe(302)
    expect(response.headers.getSetCookie().some((h) => /^authjs\.session-token=;.*Max-Age=0/i.test(h))).toBe(true)
    expect((flakyConfig.logger as unknown as { errors: Error[] }).errors.map((e) => (e as { type?: string }).type)).toContain(
      "SignOutError",
    )
    expect(rows()).toHaveLength(1)
    expect(await stolen.session()).toBeNull()
    expect(await stolen.accessToken(flakyConfig)).toBeNull()
  })
})

describe("the in-process revocation map", () => {
  it("stays bounded however many distinct sessions are checked, and an evicted revoked session is still refused", async () => {
    const { config } = await setup()
    const victim = await signedIn(config)
    const stolen = copyOf(victim)
    await victim.post(`${base}/sessions/revoke`, { scope: "all" }, base)
    for (let i = 0; i < 25_000; i++) remember(`flood-${i}`, false)
    expect(revocationCheckEntries()).toBeLessThanOrEqual(20_000)
    // The revocation fell out of memory; the adapter (row gone) still says revoked.
    expect(await stolen.session()).toBeNull()
  })
})
