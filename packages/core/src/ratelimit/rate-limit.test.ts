/**
 * The rate limiter as an attacker meets it, through `Auth`: budgets per client address and per
 * account that no spelling of the address, the account or the path escapes, a 429 with
 * Retry-After in the form each caller reads, and nothing at all on GET /session.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { Auth } from "../handler/auth.js"
import { RateLimited } from "../errors.js"
import Passkey from "../providers/passkey.js"
import { raw, skipCSRFCheck } from "../auth-options.js"
import { adaCredentials, base, credentialsConfig, origin, type silentLogger } from "@gatehouse/test-kit/credentials-app"
import type { AuthConfig, RateLimitOptions } from "../types.js"
import type { RateLimitStore } from "../shared-types.js"
import { adapterWithAllMethods } from "@gatehouse/test-kit/adapter-with-all-methods"
import { withClientAddress } from "./client-ip.js"
import { memoryRateLimitStore } from "./memory-store.js"

type Logged = ReturnType<typeof silentLogger>

function limitedConfig(rateLimit: RateLimitOptions | false | undefined, overrides: Partial<AuthConfig> = {}) {
  return credentialsConfig({ rateLimit, ...overrides })
}

/** One credentials attempt as a plain form post (CSRF is not what is under test: each uses a valid pair). */
async function attempt(
  config: AuthConfig,
  {
    username = "ada",
    password = "wrong",
    headers = {},
    path = "/callback/credentials",
  }: {
    username?: string
    password?: string
    headers?: Record<string, string>
    path?: string
  } = {},
): Promise<Response> {
  const csrf = await Auth(new Request(`${base}/csrf`), config)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const cookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!
  return Auth(
    new Request(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
      body: new URLSearchParams({ csrfToken, username, password }),
    }),
    config,
  )
}

async function attempts(config: AuthConfig, count: number, options: Parameters<typeof attempt>[1] = {}) {
  const statuses: number[] = []
  for (let i = 0; i < count; i++) statuses.push((await attempt(config, options)).status)
  return statuses
}

function rateLimitedErrors(config: AuthConfig) {
  return (config.logger as Logged).errors.filter((e) => e instanceof RateLimited)
}

describe("per client address", () => {
  const perIp = { limit: 3, window: 60 }

  it("refuses the attempt past the limit with 429, Retry-After and the error page, and logs RateLimited", async () => {
    const config = limitedConfig({ ipHeader: "x-real-ip", perIp, perAccount: false })
    expect(await attempts(config, 3, { headers: { "x-real-ip": "203.0.113.7" } })).toEqual([302, 302, 302])
    const refused = await attempt(config, { headers: { "x-real-ip": "203.0.113.7" } })
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get("retry-after"))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(refused.headers.get("content-type")).toContain("text/html")
    expect(refused.headers.get("cache-control")).toContain("no-store")
    expect(refused.headers.get("x-frame-options")).toBe("DENY")
    expect(refused.headers.get("content-security-policy")).toContain("default-src 'none'")
    expect(refused.headers.getSetCookie()).toEqual([])
    const html = await refused.text()
    expect(html).toContain("Too many attempts")
    expect(html).not.toContain("203.0.113.7")
    expect(rateLimitedErrors(config)).toHaveLength(1)
    expect(rateLimitedErrors(config)[0]!.type).toBe("RateLimited")
  })

  it("refuses even the right password once the address is over its budget (no sign-in, no cookie)", async () => {
    const config = limitedConfig({ ipHeader: "x-real-ip", perIp, perAccount: false })
    await attempts(config, 3, { headers: { "x-real-ip": "203.0.113.8" } })
    const right = await attempt(config, { password: "lovelace", headers: { "x-real-ip": "203.0.113.8" } })
    expect(right.status).toBe(429)
    expect(right.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token"))).toBe(false)
  })

  it("leaves other addresses their own budget", async () => {
    const config = limitedConfig({ ipHeader: "x-real-ip", perIp, perAccount: false })
    await attempts(config, 4, { headers: { "x-real-ip": "203.0.113.9" } })
    expect((await attempt(config, { headers: { "x-real-ip": "203.0.113.10" } })).status).toBe(302)
  })

  it.each([
    ["IPv6 spellings and the rest of the /64", ["2001:db8::1", "2001:DB8:0:0::2", "[2001:0db8::3]:443", "2001:db8::ffff:1234:5678:9abc"]],
    ["IPv4 and IPv4-mapped IPv6", ["198.51.100.4", "::ffff:198.51.100.4", "::FFFF:c633:6404", "198.051.100.004"]],
  ])("%s share one budget", async (_, spellings) => {
    const config = limitedConfig({ ipHeader: "x-real-ip", perIp, perAccount: false })
    const statuses = []
    for (const ip of spellings) statuses.push((await attempt(config, { headers: { "x-real-ip": ip } })).status)
    expect(statuses).toEqual([302, 302, 302, 429])
  })

  it("takes the right-most X-Forwarded-For entry: what the client prepends changes nothing", async () => {
    const config = limitedConfig({ ipHeader: "x-forwarded-for", perIp, perAccount: false })
    const statuses = []
    for (const forged of ["1.1.1.1", "2.2.2.2", "3.3.3.3, 4.4.4.4", "5.5.5.5"]) {
      statuses.push((await attempt(config, { headers: { "x-forwarded-for": `${forged}, 192.0.2.1` } })).status)
    }
    expect(statuses).toEqual([302, 302, 302, 429])
  })

  it("trusts no header it was not told to: rotating X-Forwarded-For does not escape an x-real-ip budget", async () => {
    const config = limitedConfig({ ipHeader: "x-real-ip", perIp, perAccount: false })
    const statuses = []
    for (let i = 1; i <= 4; i++) {
      statuses.push(
        (await attempt(config, { headers: { "x-real-ip": "192.0.2.50", "x-forwarded-for": `10.0.0.${i}`, forwarded: `for=10.0.1.${i}` } }))
          .status,
      )
    }
    expect(statuses).toEqual([302, 302, 302, 429])
  })

  it("keys a missing or unreadable address as one shared 'unknown' budget, so garbage escapes nothing", async () => {
    const config = limitedConfig({ ipHeader: "x-real-ip", perIp, perAccount: false })
    const statuses = []
    for (const value of ["not-an-ip", "999.1.1.1", undefined, "<script>"]) {
      statuses.push((await attempt(config, { headers: value === undefined ? {} : { "x-real-ip": value } })).status)
    }
    expect(statuses).toEqual([302, 302, 302, 429])
  })

  it("uses clientIp(request) when the platform knows the address", async () => {
    const config = limitedConfig({ clientIp: (request) => request.headers.get("x-test-socket"), perIp, perAccount: false })
    expect(await attempts(config, 4, { headers: { "x-test-socket": "2001:db8:1::9" } })).toEqual([302, 302, 302, 429])
  })

  it("without an address source there is no per-IP limit at all (and a warning), rather than one shared by everyone", async () => {
    const config = limitedConfig({ perIp, perAccount: false })
    expect(await attempts(config, 5, { headers: { "x-real-ip": "192.0.2.60" } })).toEqual([302, 302, 302, 302, 302])
    expect((config.logger as Logged).warnings).toContain("rate-limit-without-client-ip")
  })
})

describe("per account", () => {
  const perAccount = { limit: 3, window: 60 }

  it("shares one budget across spellings of the identifier and across addresses", async () => {
    const config = limitedConfig({ ipHeader: "x-real-ip", perIp: false, perAccount })
    const spellings = ["ada", " ADA ", "Ａｄａ", "ada\u3000"]
    const statuses = []
    for (const [i, username] of spellings.entries()) {
      statuses.push((await attempt(config, { username, headers: { "x-real-ip": `198.51.100.${i + 1}` } })).status)
    }
    expect(statuses).toEqual([302, 302, 302, 429])
    expect((await attempt(config, { username: "grace" })).status).toBe(302)
  })

  it("counts an address's flood against the address first, so it cannot lock the account's owner out", async () => {
    const config = limitedConfig({ ipHeader: "x-real-ip", perIp: { limit: 2, window: 60 }, perAccount })
    expect(await attempts(config, 6, { headers: { "x-real-ip": "203.0.113.66" } })).toEqual([302, 302, 429, 429, 429, 429])
    // Two of the account's three attempts were used by the flood; its owner, elsewhere, still has one.
    expect((await attempt(config, { password: "lovelace", headers: { "x-real-ip": "192.0.2.1" } })).status).toBe(302)
  })

  it("reads the identifier from a JSON body too, and answers JSON callers with JSON", async () => {
    const config = limitedConfig({ perIp: false, perAccount: { limit: 1, window: 60 } })
    const post = async () => {
      const csrf = await Auth(new Request(`${base}/csrf`), config)
      const { csrfToken } = (await csrf.json()) as { csrfToken: string }
      return Auth(
        new Request(`${base}/callback/credentials`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: csrf.headers.getSetCookie()[0]!.split(";")[0]! },
          body: JSON.stringify({ csrfToken, username: "Ada", password: "x" }),
        }),
        config,
      )
    }
    expect((await post()).status).toBe(302)
    const refused = await post()
    expect(refused.status).toBe(429)
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/)
    expect(await refused.json()).toMatchObject({ error: "RateLimited", url: `${base}/error?error=RateLimited` })
  })
})

describe("the account is what authorize() reads (issue 22, items 1 and 2)", () => {
  const perAccount = { limit: 3, window: 60 }

  /** A credentials attempt with any fields, as a form or as JSON. */
  async function attemptWith(config: AuthConfig, fields: Record<string, unknown>, json = false): Promise<Response> {
    const csrf = await Auth(new Request(`${base}/csrf`), config)
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const cookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!
    const body = json ? JSON.stringify({ csrfToken, ...fields }) : new URLSearchParams({ csrfToken, ...(fields as Record<string, string>) })
    return Auth(
      new Request(`${base}/callback/credentials`, {
        method: "POST",
        headers: { "content-type": json ? "application/json" : "application/x-www-form-urlencoded", cookie },
        body,
      }),
      config,
    )
  }

  function countingCredentials() {
    const calls: unknown[] = []
    const provider = adaCredentials({
      authorize: (fields: Record<string, unknown>) => {
        calls.push(fields)
        return fields.username === "ada" && fields.password === "lovelace" ? { id: "user-1", name: "Ada" } : null
      },
    })
    return { provider, calls }
  }

  it("a decoy e-mail field on each guess does not reset the locked account, and the right password stays refused", async () => {
    const { provider, calls } = countingCredentials()
    const config = limitedConfig({ perIp: false, perAccount }, { providers: [provider] })
    const statuses = []
    for (let i = 0; i < 8; i++)
      statuses.push((await attemptWith(config, { username: "ada", password: `guess-${i}`, email: `decoy-${i}@x.test` })).status)
    expect(statuses).toEqual([302, 302, 302, 429, 429, 429, 429, 429])
    const right = await attemptWith(config, { username: "ada", password: "lovelace", email: "fresh@x.test" })
    expect(right.status).toBe(429)
    expect(calls).toHaveLength(3)
  })

  it("a non-text JSON decoy or identifier does not fall through to another key: it is refused before authorize, and counted", async () => {
    const { provider, calls } = countingCredentials()
    const config = limitedConfig({ perIp: false, perAccount }, { providers: [provider] })
    for (let i = 0; i < 3; i++) await attemptWith(config, { username: "ada", password: "x", email: { toString: i } }, true)
    expect((await attemptWith(config, { username: "ada", password: "lovelace", email: 7 }, true)).status).toBe(429)
    expect(calls).toHaveLength(3)

    const other = countingCredentials()
    const fresh = limitedConfig({ perIp: false, perAccount }, { providers: [other.provider] })
    const locations = []
    for (const username of [["ada"], 42, { 0: "ada" }, null]) {
      const response = await attemptWith(fresh, { username, password: "lovelace" }, true)
      locations.push(response.status === 429 ? "429" : new URL(response.headers.get("location")!).searchParams.get("error"))
    }
    expect(locations).toEqual(["CredentialsSignin", "CredentialsSignin", "CredentialsSignin", "429"])
    expect(other.calls).toHaveLength(0)
    expect((fresh.logger as Logged).errors.some((e) => /refused before authorize/.test(e.message))).toBe(true)
  })

  it("a missing or over-long (padded) username is refused before authorize; padding within the limit keys as the account", async () => {
    const { provider, calls } = countingCredentials()
    const config = limitedConfig({ perIp: false, perAccount: { limit: 10, window: 60 } }, { providers: [provider] })
    const missing = await attemptWith(config, { password: "lovelace" })
    expect(missing.headers.get("location")).toBe(`${base}/signin?error=CredentialsSignin&code=credentials`)
    const padded = await attemptWith(config, { username: " ".repeat(1300) + "ada", password: "lovelace" })
    expect(padded.headers.get("location")).toBe(`${base}/signin?error=CredentialsSignin&code=credentials`)
    expect(calls).toHaveLength(0)

    const locked = limitedConfig({ perIp: false, perAccount }, { providers: [countingCredentials().provider] })
    const statuses = []
    for (const pad of [0, 100, 1000, 1200])
      statuses.push((await attemptWith(locked, { username: " ".repeat(pad) + "ADA", password: "x" })).status)
    expect(statuses).toEqual([302, 302, 302, 429])
  })

  it("takes the account from rateLimit.accountKey(request, fields) when the app gives it", async () => {
    const accountKey = (_request: Request, fields: Record<string, unknown>) =>
      typeof fields.login === "string" ? fields.login.split("/")[1] : undefined
    const config = limitedConfig({ perIp: false, perAccount, accountKey })
    const statuses = []
    for (const login of ["acme/ada", "other/ADA", "x/ada", "y/ada"])
      statuses.push((await attemptWith(config, { login, password: "x" })).status)
    expect(statuses).toEqual([302, 302, 302, 429])
    expect((await attemptWith(config, { username: "ada", password: "lovelace" })).headers.get("location")).toContain(
      "error=CredentialsSignin",
    )
  })
})

describe("the memory store under a flood of new keys, through Auth (issue 22, item 5)", () => {
  it("a locked account stays locked while thousands of new usernames fill the store", async () => {
    const store = memoryRateLimitStore({ maxKeys: 200 })
    const config = limitedConfig({ store, perIp: false, perAccount: { limit: 3, window: 60 } })
    expect(await attempts(config, 4)).toEqual([302, 302, 302, 429])
    for (let i = 0; i < 1000; i++) await attempt(config, { username: `flood-${i}` })
    expect(store.size).toBeLessThanOrEqual(200)
    expect((await attempt(config, { password: "lovelace" })).status).toBe(429)
  })
})

describe("a per-IP limit wherever a trustworthy address is known (issue 22, item 5)", () => {
  afterEach(() => vi.unstubAllEnvs())
  const perIp = { limit: 2, window: 60 }

  it("on a platform that overwrites the client-address header (Vercel: x-real-ip), without configuration", async () => {
    vi.stubEnv("VERCEL", "1")
    const config = limitedConfig({ perIp, perAccount: false })
    const statuses = []
    for (let i = 0; i < 3; i++)
      statuses.push((await attempt(config, { username: `u${i}`, headers: { "x-real-ip": "203.0.113.200" } })).status)
    expect(statuses).toEqual([302, 302, 429])
    expect((config.logger as Logged).warnings).not.toContain("rate-limit-without-client-ip")
  })

  it("from the address an integration attached to the request (withClientAddress)", async () => {
    const config = limitedConfig({ perIp, perAccount: false })
    const statuses = []
    for (let i = 0; i < 3; i++) {
      const csrf = await Auth(new Request(`${base}/csrf`), config)
      const { csrfToken } = (await csrf.json()) as { csrfToken: string }
      const request = new Request(`${base}/callback/credentials`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrf.headers.getSetCookie()[0]!.split(";")[0]! },
        body: new URLSearchParams({ csrfToken, username: `u${i}`, password: "x" }),
      })
      statuses.push((await Auth(withClientAddress(request, "198.51.100.200"), config)).status)
    }
    expect(statuses).toEqual([302, 302, 429])
    expect((config.logger as Logged).warnings).not.toContain("rate-limit-without-client-ip")
  })
})

describe("paths are keyed as parsed, not as spelled", () => {
  it("trailing slashes and query strings share the budget; `//` spellings never reach an action", async () => {
    const config = limitedConfig({ ipHeader: "x-real-ip", perIp: { limit: 3, window: 60 }, perAccount: false })
    const headers = { "x-real-ip": "192.0.2.77" }
    const statuses = []
    for (const path of ["/callback/credentials", "/callback/credentials/", "/callback/credentials?x=1", "/callback/credentials//"]) {
      statuses.push((await attempt(config, { path, headers })).status)
    }
    expect(statuses).toEqual([302, 302, 302, 429])
    for (const path of [
      "//callback/credentials",
      "/callback//credentials",
      "/callback/credentials/x",
      "/callback%2Fcredentials",
      "/callback/%2Fcredentials",
    ]) {
      const response = await attempt(config, { path, headers })
      // 400 for shapes that are no action; an id like "%2Fcredentials" is an attempt at an unknown provider, and counts.
      expect([400, 302, 429]).toContain(response.status)
      expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token"))).toBe(false)
    }
  })

  it("counts attempts at a provider that does not exist (no budget reset by inventing ids)", async () => {
    const config = limitedConfig({ ipHeader: "x-real-ip", perIp: { limit: 2, window: 60 }, perAccount: false })
    const headers = { "x-real-ip": "192.0.2.78" }
    await attempt(config, { path: "/callback/nope", headers })
    await attempt(config, { path: "/callback/nope2", headers })
    expect((await attempt(config, { headers })).status).toBe(429)
  })
})

describe("the 429 in each caller's language", () => {
  const config = () => limitedConfig({ ipHeader: "x-real-ip", perIp: { limit: 1, window: 60 }, perAccount: false })

  it("X-Auth-Return-Redirect callers get JSON with the error page's url (what client signIn() reads)", async () => {
    const c = config()
    await attempt(c, { headers: { "x-real-ip": "192.0.2.90" } })
    const refused = await attempt(c, { headers: { "x-real-ip": "192.0.2.90", "x-auth-return-redirect": "1" } })
    expect(refused.status).toBe(429)
    expect(refused.headers.get("content-type")).toContain("application/json")
    const body = (await refused.json()) as { url: string; error: string; retryAfter: number }
    expect(new URL(body.url).searchParams.get("error")).toBe("RateLimited")
    expect(new URL(body.url).origin).toBe(origin)
    expect(body.retryAfter).toBe(Number(refused.headers.get("retry-after")))
  })

  it("the error page it points to says Too many attempts", async () => {
    const page = await Auth(new Request(`${base}/error?error=RateLimited`), config())
    expect(page.status).toBe(429)
    expect(await page.text()).toContain("Too many attempts")
  })

  it("raw mode (server-side framework calls) throws RateLimited, as it throws every AuthError", async () => {
    const c = { ...config(), raw, skipCSRFCheck } as AuthConfig
    const post = () =>
      Auth(
        new Request(`${base}/signin/credentials`, {
          method: "POST",
          headers: { "x-real-ip": "192.0.2.91", "content-type": "application/x-www-form-urlencoded" },
          body: "",
        }),
        c as AuthConfig & { raw: symbol },
      )
    await post()
    await expect(post()).rejects.toBeInstanceOf(RateLimited)
  })

  it("passkey options (fetched by the page script) are limited and answered in JSON", async () => {
    const c = limitedConfig(
      { ipHeader: "x-real-ip", perIp: { limit: 1, window: 60 }, perAccount: false },
      { providers: [Passkey({})], adapter: adapterWithAllMethods(), experimental: { enableWebAuthn: true } },
    )
    const get = () =>
      Auth(new Request(`${base}/webauthn-options/passkey?action=authenticate`, { headers: { "x-real-ip": "192.0.2.92" } }), c)
    expect((await get()).status).toBe(200)
    const refused = await get()
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ error: "RateLimited" })
  })
})

describe("what is not limited, and what it costs", () => {
  function countingStore() {
    const inner = memoryRateLimitStore()
    const store: RateLimitStore & { hits: number } = {
      hits: 0,
      hit(key, windowMs) {
        store.hits++
        return inner.hit(key, windowMs)
      },
    }
    return store
  }

  it("GET /session, /csrf, /providers, /signin and sign-out never touch the store, even when the address is over its budget", async () => {
    const store = countingStore()
    const config = limitedConfig({ store, ipHeader: "x-real-ip", perIp: { limit: 1, window: 60 }, perAccount: { limit: 1, window: 60 } })
    await attempts(config, 2, { headers: { "x-real-ip": "192.0.2.100" } })
    const before = store.hits
    const headers = { "x-real-ip": "192.0.2.100" }
    for (const path of ["/session", "/csrf", "/providers", "/signin", "/signout", "/error"]) {
      expect((await Auth(new Request(`${base}${path}`, { headers }), config)).status).toBeLessThan(400)
    }
    expect(store.hits).toBe(before)
  })
})

describe("failures and configuration", () => {
  afterEach(() => vi.unstubAllEnvs())

  it("a store that fails lets the attempt through to the normal checks and logs the outage", async () => {
    const store: RateLimitStore = { hit: () => Promise.reject(new Error("redis down")) }
    const config = limitedConfig({ store, ipHeader: "x-real-ip" })
    const response = await attempt(config, { password: "lovelace", headers: { "x-real-ip": "192.0.2.110" } })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(origin)
    expect((config.logger as Logged).errors.some((e) => /rate-limit store failed/.test(e.message))).toBe(true)
  })

  it("a window ends: the client may try again after Retry-After", async () => {
    const config = limitedConfig({ ipHeader: "x-real-ip", perIp: { limit: 1, window: 0.3 }, perAccount: false })
    const headers = { "x-real-ip": "192.0.2.111" }
    expect(await attempts(config, 2, { headers })).toEqual([302, 429])
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect((await attempt(config, { headers })).status).toBe(302)
  })

  it("is on by default when NODE_ENV is production (10 attempts per account per 10 minutes)", async () => {
    vi.stubEnv("NODE_ENV", "production")
    const config = limitedConfig(undefined)
    const statuses = await attempts(config, 11, { username: `prod-${Math.random()}` })
    expect(statuses.slice(0, 10).every((s) => s === 302)).toBe(true)
    expect(statuses[10]).toBe(429)
    expect((config.logger as Logged).warnings).toContain("rate-limit-without-client-ip")
  })

  it("is off by default elsewhere, and off in production with rateLimit: false", async () => {
    expect(await attempts(limitedConfig(undefined), 12)).not.toContain(429)
    vi.stubEnv("NODE_ENV", "production")
    expect(await attempts(limitedConfig(false), 12)).not.toContain(429)
  })

  it("keeps counting across config objects that share one rateLimit options object (lazy configs)", async () => {
    const rateLimit: RateLimitOptions = { ipHeader: "x-real-ip", perIp: { limit: 2, window: 60 }, perAccount: false }
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await attempt(limitedConfig(rateLimit), { headers: { "x-real-ip": "192.0.2.120" } })).status)
    expect(statuses).toEqual([302, 302, 429])
  })

  it.each([
    ["both ipHeader and clientIp", { ipHeader: "x-real-ip", clientIp: () => "1.2.3.4" }],
    ["a header name with a space", { ipHeader: "x real ip" }],
    ["a zero limit", { perIp: { limit: 0, window: 60 } }],
    ["a negative window", { perAccount: { limit: 5, window: -1 } }],
    ["a store without hit", { store: {} }],
    ["accountFields that are not names", { accountFields: [""] }],
  ])("a malformed option (%s) fails every request closed", async (_, rateLimit) => {
    const config = limitedConfig(rateLimit as RateLimitOptions)
    const response = await Auth(new Request(`${base}/session`), config)
    expect(response.status).toBe(500)
    expect((config.logger as Logged).errors[0]!.message).toMatch(/rateLimit/)
  })
})
