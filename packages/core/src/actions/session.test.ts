import { afterEach, describe, expect, it, vi } from "vitest"
import { Auth } from "../handler/auth.js"
import { chunkSize } from "../http/session-chunks.js"
import { decode, encode } from "../jwt.js"
import {
  ada,
  base,
  browserFor,
  credentialsConfig,
  secret,
  setCookies,
  signInAsAda,
  type silentLogger,
} from "@gatehouse/test-kit/credentials-app"
import type { AuthConfig, JWT } from "../types.js"

const salt = "authjs.session-token"

async function signedIn(config: AuthConfig = credentialsConfig()) {
  const browser = browserFor(config)
  const response = await signInAsAda(browser)
  expect(response.status).toBe(302)
  return browser
}

function sessionCookieNames(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .filter((c) => c.startsWith(salt))
    .map((c) => c.slice(0, c.indexOf("=")))
}

function readSession(cookie: string, config: AuthConfig) {
  return Auth(new Request(`${base}/session`, { headers: { cookie } }), config)
}

afterEach(() => {
  vi.useRealTimers()
})

describe("GET /session with a JWT session", () => {
  it("answers null without a cookie, and sets no cookie at all", async () => {
    const response = await Auth(new Request(`${base}/session`), credentialsConfig())
    expect(response.status).toBe(200)
    expect(await response.json()).toBeNull()
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it("returns name, email and image after a credentials sign-in, how it was signed in, and no user id by default", async () => {
    const browser = await signedIn()
    const response = await browser.fetch(`${base}/session`)
    const session = await response.json()
    expect(session).toEqual({
      user: { name: ada.name, email: ada.email, image: ada.image },
      expires: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      authentication: { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/), methods: ["pwd"], mfa: false },
    })
    const days = (new Date(session.expires).valueOf() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)
  })

  it("stores a JWE with the claims Auth.js puts there", async () => {
    const browser = await signedIn()
    const token = browser.cookies.get(salt)!
    expect(token.split(".")).toHaveLength(5)
    const claims = await decode({ token, secret, salt })
    expect(claims).toMatchObject({ name: ada.name, email: ada.email, picture: ada.image, sub: ada.id })
    expect(claims).toHaveProperty("iat")
    expect(claims).toHaveProperty("exp")
    expect(claims).toHaveProperty("jti")
  })

  it("sets the session cookie with Auth.js's attributes, and a __Secure- name on https", async () => {
    const browser = browserFor(credentialsConfig())
    const plain = setCookies(await signInAsAda(browser)).get(salt)!
    expect(plain).toMatch(/; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/)

    const secure = browserFor(credentialsConfig())
    const response = await signInAsAda(secure, {}, "https://example.test/auth")
    const header = setCookies(response).get(`__Secure-${salt}`)!
    expect(header).toMatch(/; Secure/)
    const token = secure.cookies.get(`__Secure-${salt}`)!
    expect(await decode({ token, secret, salt: `__Secure-${salt}` })).toMatchObject({ email: ada.email })
  })

  it("honours session.maxAge in the cookie's Expires and the token's exp", async () => {
    const browser = browserFor(credentialsConfig({ session: { maxAge: 600 } }))
    const response = await signInAsAda(browser)
    const expires = Date.parse(
      setCookies(response)
        .get(salt)!
        .match(/Expires=([^;]+)/)![1],
    )
    expect(Math.abs(expires - (Date.now() + 600_000))).toBeLessThan(5_000)
    const claims = await decode({ token: browser.cookies.get(salt)!, secret, salt })
    expect(claims!.exp! - claims!.iat!).toBe(600)
  })

  it("uses a renamed session cookie from config.cookies, with the new name as salt", async () => {
    const config = credentialsConfig({ cookies: { sessionToken: { name: "app-session", options: { domain: "localhost" } } as any } })
    const browser = browserFor(config)
    const response = await signInAsAda(browser)
    expect(setCookies(response).get("app-session")).toMatch(/; Domain=localhost; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax/)
    expect(browser.cookies.has(salt)).toBe(false)
    expect(await decode({ token: browser.cookies.get("app-session")!, secret, salt: "app-session" })).toMatchObject({ sub: ada.id })
    expect(await (await browser.fetch(`${base}/session`)).json()).toMatchObject({ user: { email: ada.email } })
  })

  it("sets no CSRF or callback-url cookie", async () => {
    const token = (await signedIn()).cookies.get(salt)!
    const response = await readSession(`${salt}=${token}`, credentialsConfig())
    const names = response.headers.getSetCookie().map((c) => c.slice(0, c.indexOf("=")))
    expect(names).not.toContain("authjs.csrf-token")
    expect(names).not.toContain("authjs.callback-url")
  })

  it("is never cacheable by a shared cache", async () => {
    const browser = await signedIn()
    const response = await browser.fetch(`${base}/session`)
    expect(response.headers.get("cache-control")).toMatch(/private/)
    expect(response.headers.get("cache-control")).toMatch(/no-store/)
    expect(response.headers.get("vary")).toMatch(/Cookie/i)
    expect(response.headers.get("content-type")).toContain("application/json")
    const anonymous = await Auth(new Request(`${base}/session`), credentialsConfig())
    expect(anonymous.headers.get("cache-control")).toMatch(/no-store/)
    expect(anonymous.headers.get("vary")).toMatch(/Cookie/i)
  })

  it("marks the sign-in redirect that sets the session cookie as uncacheable", async () => {
    const browser = browserFor(credentialsConfig())
    const response = await signInAsAda(browser)
    expect(response.headers.get("cache-control")).toMatch(/private.*no-store|no-store.*private/)
    expect(response.headers.get("vary")).toMatch(/Cookie/i)
  })
})

describe("a bad session cookie reads as no session and is cleared", () => {
  async function validToken() {
    return (await signedIn()).cookies.get(salt)!
  }

  function flipCharacter(token: string, index: number) {
    const c = token[index]
    return token.slice(0, index) + (c === "A" ? "B" : "A") + token.slice(index + 1)
  }

  const bad: [string, () => Promise<string>][] = [
    [
      "tampered ciphertext",
      async () => {
        const t = await validToken()
        const [h, k, iv, ct, tag] = t.split(".")
        return [h, k, iv, flipCharacter(ct, 10), tag].join(".")
      },
    ],
    [
      "tampered tag",
      async () => {
        const t = await validToken()
        const parts = t.split(".")
        parts[4] = flipCharacter(parts[4], 3)
        return parts.join(".")
      },
    ],
    [
      "tampered header",
      async () => {
        const t = await validToken()
        const parts = t.split(".")
        parts[0] = flipCharacter(parts[0], 5)
        return parts.join(".")
      },
    ],
    ["truncated", async () => (await validToken()).slice(0, -20)],
    ["only four parts", async () => (await validToken()).split(".").slice(0, 4).join(".")],
    ["garbage", async () => "not-a-token"],
    ["garbage with dots", async () => "####.$$$$.!!!!.@@@@.^^^^"],
    ["an unsigned JWT", async () => `${btoa('{"alg":"none"}')}.${btoa('{"sub":"1"}')}.`],
    [
      "a token made with another secret",
      async () => encode({ token: { sub: "x", name: "Mallory" }, secret: "another-secret-another-secret-xx", salt }),
    ],
    [
      "an OAuth check cookie (other salt)",
      async () => encode({ token: { value: "verifier" } as JWT, secret, salt: "authjs.pkce.code_verifier" }),
    ],
    ["a state cookie (other salt)", async () => encode({ token: { value: "state" } as JWT, secret, salt: "authjs.state" })],
    ["an expired token", async () => encode({ token: { sub: "x", name: "Old" }, secret, salt, maxAge: -3600 })],
    ["a huge value", async () => "a".repeat(20_000)],
  ]

  it.each(bad)("%s", async (_, makeToken) => {
    const config = credentialsConfig()
    const response = await readSession(`${salt}=${await makeToken()}`, config)
    expect(response.status).toBe(200)
    expect(await response.json()).toBeNull()
    expect(setCookies(response).get(salt)).toMatch(/^authjs\.session-token=; Max-Age=0; Path=\//)
    expect((config.logger as ReturnType<typeof silentLogger>).errors.map((e) => (e as { type?: string }).type)).toEqual(["JWTSessionError"])
  })

  it("clears every chunk of a bad chunked cookie", async () => {
    const response = await readSession(`${salt}.0=abc; ${salt}.1=def`, credentialsConfig())
    expect(await response.json()).toBeNull()
    expect(sessionCookieNames(response).sort()).toEqual([salt, `${salt}.0`, `${salt}.1`])
  })

  it("a session update with a bad cookie also reads null and clears it", async () => {
    const browser = browserFor(credentialsConfig())
    const csrfToken = await browser.csrfToken(base)
    browser.cookies.set(salt, "garbage")
    const response = await browser.fetch(`${base}/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, data: {} }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toBeNull()
    expect(browser.cookies.has(salt)).toBe(false)
  })
})

describe("chunked session cookies", () => {
  const blob = "x".repeat(6000)

  function bigTokenConfig() {
    return credentialsConfig({
      callbacks: {
        jwt: ({ token, trigger, session }) => {
          if (trigger === "signIn") return { ...token, blob }
          if (trigger === "update" && (session as { shrink?: boolean })?.shrink) {
            const { blob: _blob, ...rest } = token
            return rest
          }
          return token
        },
        session: ({ session, token }) => ({ ...session, blobLength: typeof token.blob === "string" ? token.blob.length : 0 }),
      },
    })
  }

  it("splits a large token into .0, .1 … and reads it back", async () => {
    const config = bigTokenConfig()
    const browser = browserFor(config)
    const response = await signInAsAda(browser)
    const names = sessionCookieNames(response)
    const chunks = names.map((name) => browser.cookies.get(name)!)
    const whole = chunks.join("")
    expect(names).toEqual(Array.from({ length: Math.ceil(whole.length / chunkSize) }, (_, i) => `${salt}.${i}`))
    expect(names.length).toBeGreaterThanOrEqual(2)
    expect(chunks.slice(0, -1).every((chunk) => chunk.length === chunkSize)).toBe(true)
    expect(await decode({ token: whole, secret, salt })).toMatchObject({ blob })
    const session = await (await browser.fetch(`${base}/session`)).json()
    expect(session).toMatchObject({ user: { email: ada.email }, blobLength: 6000 })
  })

  it("reads chunks sent in any order", async () => {
    const browser = browserFor(bigTokenConfig())
    await signInAsAda(browser)
    const names = [...browser.cookies.keys()].filter((name) => name.startsWith(`${salt}.`))
    expect(names.length).toBeGreaterThanOrEqual(2)
    const cookie = names
      .reverse()
      .map((name) => `${name}=${browser.cookies.get(name)}`)
      .join("; ")
    expect(await (await readSession(cookie, bigTokenConfig())).json()).toMatchObject({ blobLength: 6000 })
  })

  it("clears stale chunks when the token shrinks back to one cookie", async () => {
    const browser = browserFor(bigTokenConfig())
    await signInAsAda(browser)
    const csrfToken = await browser.csrfToken(base)
    const response = await browser.fetch(`${base}/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, data: { shrink: true } }),
    })
    expect(await response.json()).toMatchObject({ blobLength: 0 })
    const headers = setCookies(response)
    expect(headers.get(salt)).toMatch(/^authjs\.session-token=[^;]+; Path/)
    const stale = [...headers.keys()].filter((name) => name.startsWith(`${salt}.`))
    expect(stale.length).toBeGreaterThanOrEqual(2)
    for (const name of stale) expect(headers.get(name)).toMatch(/Max-Age=0/)
    expect([...browser.cookies.keys()].filter((n) => n.startsWith(salt))).toEqual([salt])
    expect(await (await browser.fetch(`${base}/session`)).json()).toMatchObject({ user: { email: ada.email }, blobLength: 0 })
  })

  it("clears the plain cookie when a signed-in browser's token grows into chunks", async () => {
    const browser = await signedIn()
    const big = browserFor(bigTokenConfig())
    big.cookies.set(salt, browser.cookies.get(salt)!)
    const response = await signInAsAda(big)
    const headers = setCookies(response)
    expect(headers.get(salt)).toMatch(/Max-Age=0/)
    expect(headers.get(`${salt}.0`)).not.toMatch(/Max-Age=0/)
  })
})

describe("re-issuing the session cookie", () => {
  it("does not re-issue on a read within updateAge", async () => {
    const browser = await signedIn()
    const response = await browser.fetch(`${base}/session`)
    expect(await response.json()).not.toBeNull()
    expect(sessionCookieNames(response)).toEqual([])
  })

  it("re-issues on every read with updateAge: 0", async () => {
    const browser = await signedIn(credentialsConfig({ session: { updateAge: 0 } }))
    const before = browser.cookies.get(salt)
    const response = await browser.fetch(`${base}/session`)
    expect(sessionCookieNames(response)).toEqual([salt])
    expect(browser.cookies.get(salt)).not.toBe(before)
  })

  it("re-issues once updateAge has passed, with a new expiry", async () => {
    const config = credentialsConfig({ session: { updateAge: 3600 } })
    const browser = await signedIn(config)
    const start = Date.now()
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(start + 30 * 60 * 1000)
    expect(sessionCookieNames(await browser.fetch(`${base}/session`))).toEqual([])
    vi.setSystemTime(start + 61 * 60 * 1000)
    const response = await browser.fetch(`${base}/session`)
    expect(sessionCookieNames(response)).toEqual([salt])
    const claims = await decode({ token: browser.cookies.get(salt)!, secret, salt })
    expect(claims!.iat).toBeGreaterThanOrEqual(Math.floor((start + 61 * 60 * 1000) / 1000))
  })

  it("re-issues when the jwt callback changes the token", async () => {
    let reads = 0
    const config = credentialsConfig({
      callbacks: { jwt: ({ token, trigger }) => (trigger ? token : { ...token, reads: ++reads }) },
    })
    const browser = await signedIn(config)
    const response = await browser.fetch(`${base}/session`)
    expect(sessionCookieNames(response)).toEqual([salt])
    expect(await decode({ token: browser.cookies.get(salt)!, secret, salt })).toMatchObject({ reads: 1 })
  })

  it("re-issues when the jwt callback changes the token in place", async () => {
    const config = credentialsConfig({
      callbacks: {
        jwt: ({ token, trigger }) => {
          if (!trigger) token.lastSeen = "now"
          return token
        },
      },
    })
    const browser = await signedIn(config)
    const response = await browser.fetch(`${base}/session`)
    expect(sessionCookieNames(response)).toEqual([salt])
    expect(await decode({ token: browser.cookies.get(salt)!, secret, salt })).toMatchObject({ lastSeen: "now" })
  })

  it("waits for callbacks that answer with a thenable or a promise, and reads them as their results", async () => {
    // Not a Promise, only a `then`: awaited as `await` would (a read awaits only what came back as one).
    // biome-ignore lint/suspicious/noThenProperty: a thenable is what this test is about
    const later = <T>(value: T) => ({ then: (resolve: (v: T) => void) => setTimeout(() => resolve(value), 5) })
    const config = credentialsConfig({
      callbacks: {
        jwt: (({ token, trigger }: { token: JWT; trigger?: string }) =>
          trigger ? token : later({ ...token, seenBy: "thenable" })) as unknown as NonNullable<AuthConfig["callbacks"]>["jwt"],
        session: async ({ session, token }) => ({ ...session, seenBy: token.seenBy }),
      },
    })
    const browser = await signedIn(config)
    const response = await browser.fetch(`${base}/session`)
    expect(await response.json()).toMatchObject({ user: { name: "Ada Lovelace" }, seenBy: "thenable" })
    // The thenable's token differs from the cookie's: re-issued with it.
    expect(await decode({ token: browser.cookies.get(salt)!, secret, salt })).toMatchObject({ seenBy: "thenable" })
  })

  it("signs out when the jwt callback returns null", async () => {
    let revoked = false
    const config = credentialsConfig({ callbacks: { jwt: ({ token }) => (revoked ? null : token) } })
    const browser = await signedIn(config)
    expect(await (await browser.fetch(`${base}/session`)).json()).not.toBeNull()
    revoked = true
    const response = await browser.fetch(`${base}/session`)
    expect(await response.json()).toBeNull()
    expect(setCookies(response).get(salt)).toMatch(/Max-Age=0/)
    expect(browser.cookies.has(salt)).toBe(false)
  })

  it("sets no session cookie when the jwt callback returns null at sign-in", async () => {
    const browser = browserFor(credentialsConfig({ callbacks: { jwt: () => null } }))
    await signInAsAda(browser)
    expect(browser.cookies.has(salt)).toBe(false)
  })
})

describe("custom jwt.encode / jwt.decode", () => {
  it("are used for the session cookie, with the cookie name as salt and the configured secret", async () => {
    const seen: { op: string; salt?: string; secret?: unknown }[] = []
    const config = credentialsConfig({
      jwt: {
        encode: async ({ token, salt, secret }) => {
          seen.push({ op: "encode", salt, secret })
          return `plain.${btoa(JSON.stringify(token))}`
        },
        decode: async ({ token, salt, secret }) => {
          seen.push({ op: "decode", salt, secret })
          return token?.startsWith("plain.") ? JSON.parse(atob(token.slice(6))) : null
        },
      },
    })
    const browser = await signedIn(config)
    expect(browser.cookies.get(salt)).toMatch(/^plain\./)
    const session = await (await browser.fetch(`${base}/session`)).json()
    expect(session).toMatchObject({ user: { email: ada.email } })
    expect(seen).toContainEqual({ op: "encode", salt, secret })
    expect(seen).toContainEqual({ op: "decode", salt, secret })
  })

  it("a custom decode returning null reads as no session and clears the cookie", async () => {
    const config = credentialsConfig({ jwt: { decode: async () => null } })
    const response = await readSession(`${salt}=anything`, config)
    expect(await response.json()).toBeNull()
    expect(setCookies(response).get(salt)).toMatch(/Max-Age=0/)
  })
})

describe("signing out a chunked session", () => {
  it("clears every chunk", async () => {
    const config = credentialsConfig({ callbacks: { jwt: ({ token }) => ({ ...token, blob: "z".repeat(6000) }) } })
    const browser = browserFor(config)
    await signInAsAda(browser)
    const chunks = [...browser.cookies.keys()].filter((name) => name.startsWith(`${salt}.`))
    expect(chunks.length).toBeGreaterThanOrEqual(2)
    const response = await browser.post(`${base}/signout`, {}, base)
    const cleared = response.headers.getSetCookie().filter((c) => c.startsWith(salt) && /Max-Age=0/.test(c))
    expect(cleared.map((c) => c.slice(0, c.indexOf("="))).sort()).toEqual([salt, ...chunks].sort())
    expect([...browser.cookies.keys()].some((name) => name.startsWith(salt))).toBe(false)
  })
})

describe("POST /session (update)", () => {
  it("runs the jwt callback with trigger update and the posted data", async () => {
    const calls: { trigger?: string; session?: unknown }[] = []
    const config = credentialsConfig({
      callbacks: {
        jwt: ({ token, trigger, session }) => {
          calls.push({ trigger, session })
          return trigger === "update" ? { ...token, name: (session as { name: string }).name } : token
        },
      },
    })
    const browser = await signedIn(config)
    const csrfToken = await browser.csrfToken(base)
    const response = await browser.fetch(`${base}/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, data: { name: "Augusta Ada King" } }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ user: { name: "Augusta Ada King", email: ada.email } })
    expect(calls.at(-1)).toEqual({ trigger: "update", session: { name: "Augusta Ada King" } })
    expect(sessionCookieNames(response)).toEqual([salt])
    expect(response.headers.get("cache-control")).toMatch(/private.*no-store|no-store.*private/)
    expect(response.headers.get("vary")).toMatch(/Cookie/i)
    expect(await (await browser.fetch(`${base}/session`)).json()).toMatchObject({ user: { name: "Augusta Ada King" } })
  })

  it("accepts a form-encoded update", async () => {
    const config = credentialsConfig({
      callbacks: { jwt: ({ token, trigger, session }) => (trigger === "update" ? { ...token, seen: session } : token) },
    })
    const browser = await signedIn(config)
    const response = await browser.post(`${base}/session`, { data: "plain" }, base)
    expect(response.status).toBe(200)
    expect(await decode({ token: browser.cookies.get(salt)!, secret, salt })).toMatchObject({ seen: "plain" })
  })

  it("answers null for an update without a session", async () => {
    const browser = browserFor(credentialsConfig())
    const response = await browser.post(`${base}/session`, {}, base)
    expect(response.status).toBe(200)
    expect(await response.json()).toBeNull()
  })
})

describe("the session callback and event", () => {
  it("lets the session callback add fields from the token", async () => {
    const config = credentialsConfig({
      callbacks: {
        jwt: ({ token, user }) => (user ? { ...token, role: "admin" } : token),
        session: ({ session, token }) => ({ ...session, role: token.role, userId: token.sub }),
      },
    })
    const browser = await signedIn(config)
    expect(await (await browser.fetch(`${base}/session`)).json()).toMatchObject({ role: "admin", userId: ada.id })
  })

  it("emits events.session with the session and the token", async () => {
    const seen: unknown[] = []
    const config = credentialsConfig({ events: { session: (message) => void seen.push(message) } })
    const browser = await signedIn(config)
    await browser.fetch(`${base}/session`)
    expect(seen).toEqual([
      {
        session: {
          user: { name: ada.name, email: ada.email, image: ada.image },
          expires: expect.any(String),
          authentication: expect.objectContaining({ methods: ["pwd"] }),
        },
        token: expect.objectContaining({ sub: ada.id, email: ada.email, amr: ["pwd"], auth_time: expect.any(Number) }),
      },
    ])
  })

  it("a session callback that throws reads as no session, never a 500", async () => {
    const config = credentialsConfig({
      callbacks: {
        session: () => {
          throw new Error("boom")
        },
      },
    })
    const browser = await signedIn(config)
    const response = await browser.fetch(`${base}/session`)
    expect(response.status).toBe(200)
    expect(await response.json()).toBeNull()
  })
})
