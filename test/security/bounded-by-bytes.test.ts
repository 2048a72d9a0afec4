/**
 * Issue 25 (4): what an attacker sends must not grow memory or answers without bound. Caches keyed
 * by request values are bounded in bytes, not only in entries; session chunk names are canonical
 * (`.0`, `.1`, …); a request with more chunks than `session.maxCookieChunks` is refused before any
 * action runs, so no answer carries hundreds of deletions. Each is attacked through `Auth()`.
 */
import { describe, expect, it } from "vitest"
import { Auth } from "../../packages/core/src/handler/auth.js"
import { resolveConfig } from "../../packages/core/src/config/resolve-config.js"
import { rememberedCsrfStats } from "../../packages/core/src/csrf/csrf-token.js"
import { cachedTokenStats } from "../../packages/core/src/session-cookie/read-token-cached.js"
import { chunkSize } from "../../packages/core/src/http/session-chunks.js"
import { getToken } from "../../packages/core/src/jwt/get-token.js"
import { encode } from "../../packages/core/src/jwt.js"
import { base, browserFor, credentialsConfig, secret, signInAsAda } from "@gatehouse/test-kit/credentials-app"
import type { AuthConfig } from "../../packages/core/src/types.js"

const sessionName = "authjs.session-token"

function get(path: string, config: AuthConfig, headers: Record<string, string> = {}): Promise<Response> {
  return Auth(new Request(`${base}/${path}`, { headers }), config)
}

function loggedTypes(config: AuthConfig): string[] {
  return (config.logger as unknown as { errors: Array<{ type?: string }> }).errors.map((e) => e.type ?? "?")
}

/** A genuine session token whose payload makes it about `length` characters long. */
function tokenOfLength(length: number, sub: string): Promise<string> {
  return encode({ token: { sub, name: "Ada", pad: "p".repeat(Math.floor(length * 0.74)) }, secret, salt: sessionName })
}

/** The token as the browser holds it: in chunks `.0`, `.1`, … when it is too long for one cookie. */
function chunked(token: string, names: (index: number) => string = (i) => `${sessionName}.${i}`): string {
  if (token.length <= chunkSize) return `${sessionName}=${token}`
  const parts: string[] = []
  for (let i = 0; i * chunkSize < token.length; i++) parts.push(`${names(i)}=${token.slice(i * chunkSize, (i + 1) * chunkSize)}`)
  return parts.join("; ")
}

describe("the remembered-CSRF-cookie cache", () => {
  it("is keyed by the token pair, so 15 kB tails on a genuine cookie add nothing", async () => {
    const config = credentialsConfig()
    const minted = await get("csrf", config)
    const cookie = minted.headers.getSetCookie()[0].split(";")[0].slice("authjs.csrf-token=".length)
    const { csrfToken } = (await minted.json()) as { csrfToken: string }
    const before = rememberedCsrfStats()
    for (let i = 0; i < 200; i++) {
      const tail = `${i}-${"x".repeat(15_000)}`
      const response = await get("csrf", config, { cookie: `authjs.csrf-token=${cookie}|${tail}` })
      // Read as Auth.js reads it (first two parts), so the same token, no new cookie…
      expect(((await response.json()) as { csrfToken: string }).csrfToken).toBe(csrfToken)
      expect(response.headers.getSetCookie()).toEqual([])
    }
    // …and nothing of the tails is kept.
    const after = rememberedCsrfStats()
    expect(after.entries - before.entries).toBeLessThanOrEqual(1)
    expect(after.size - before.size).toBeLessThanOrEqual(256 + 64)
  })

  it("stays bounded in bytes when sprayed with fresh cookies", async () => {
    const config = credentialsConfig()
    for (let i = 0; i < 5000; i++) await get("csrf", config)
    const { entries, size } = rememberedCsrfStats()
    expect(entries).toBeLessThanOrEqual(16 * 4096)
    expect(size / Math.max(entries, 1)).toBeLessThanOrEqual(256 + 64)
    expect(size).toBeLessThan(4096 * (129 + 64) * 2)
  })
})

describe("the decoded-session-token cache", () => {
  it("decodes a long genuine token every time instead of keeping it", async () => {
    const config = credentialsConfig()
    const before = cachedTokenStats()
    const token = await tokenOfLength(12_000, "long-token-user")
    for (let i = 0; i < 3; i++) {
      const session = (await (await get("session", config, { cookie: chunked(token) })).json()) as { user?: { name?: string } }
      expect(session.user?.name).toBe("Ada")
    }
    expect(cachedTokenStats().size).toBeLessThanOrEqual(before.size)
  })

  it("holds at most 2 Mi code units (4 MiB) however many distinct genuine tokens arrive", async () => {
    const config = credentialsConfig()
    for (let i = 0; i < 400; i++) {
      const token = await tokenOfLength(7_500, `user-${i}`)
      const response = await get("session", config, { cookie: chunked(token) })
      expect(response.status).toBe(200)
    }
    const { entries, size } = cachedTokenStats()
    expect(entries).toBeGreaterThan(100)
    expect(entries).toBeLessThan(400)
    expect(size).toBeLessThanOrEqual(2 * 1024 * 1024)
  })
})

describe("the providers-per-origin cache (trustHost, no AUTH_URL)", () => {
  it("keeps no entry for an oversized Host, and at most 32 ordinary ones", async () => {
    const config = credentialsConfig()
    const resolved = resolveConfig(config)
    const longHost = `${"a".repeat(60)}.${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.${"e".repeat(60)}.example`
    const response = await Auth(new Request(`http://${longHost}/auth/providers`), config)
    expect(((await response.json()) as Record<string, { callbackUrl: string }>).credentials.callbackUrl).toBe(
      `http://${longHost}/auth/callback/credentials`,
    )
    // Not cached: each call builds a fresh list.
    expect(resolved.providersFor(`http://${longHost}`)).not.toBe(resolved.providersFor(`http://${longHost}`))

    const first = resolved.providersFor("http://host-0.example")
    expect(resolved.providersFor("http://host-0.example")).toBe(first)
    for (let i = 1; i <= 32; i++) await Auth(new Request(`http://host-${i}.example/auth/providers`), config)
    expect(resolved.providersFor("http://host-0.example")).not.toBe(first)
  })
})

describe("session chunk names", () => {
  it.each(["0x0", "1e0", "", "01", "+1", " 1", "1.0", "-0", "0b1"])(
    "ignores a chunk named %j: not read as the session, not deleted",
    async (alias) => {
      const config = credentialsConfig()
      const token = await tokenOfLength(6_000, "chunk-user")
      const canonical = await get("session", config, { cookie: chunked(token) })
      expect(((await canonical.json()) as { user?: { name?: string } }).user?.name).toBe("Ada")

      // The second chunk under a non-canonical name that parses to the same number.
      const cookie = chunked(token, (i) => (i === 1 ? `${sessionName}.${alias}` : `${sessionName}.${i}`))
      const response = await get("session", config, { cookie })
      expect(await response.json()).toBeNull()
      const deleted = response.headers.getSetCookie().map((c) => c.slice(0, c.indexOf("=")))
      expect(deleted).not.toContain(`${sessionName}.${alias}`)
      expect(deleted.length).toBeLessThanOrEqual(2)
    },
  )
})

describe("a flood of session chunks", () => {
  const flood = Array.from({ length: 400 }, (_, i) => `${sessionName}.${i}=x`).join("; ")

  it.each([
    ["GET /session", "session", "GET"],
    ["POST /session", "session", "POST"],
    ["POST /signout", "signout", "POST"],
    ["GET /signin", "signin", "GET"],
  ])("refuses %s with 400 and not one Set-Cookie", async (_label, path, method) => {
    const config = credentialsConfig()
    const response = await Auth(
      new Request(`${base}/${path}`, {
        method,
        headers: { cookie: flood, "content-type": "application/x-www-form-urlencoded" },
        body: method === "POST" ? "csrfToken=x" : undefined,
      }),
      config,
    )
    expect(response.status).toBe(400)
    expect(response.headers.getSetCookie()).toEqual([])
    expect(loggedTypes(config)).toEqual(["SessionTokenError"])
  })

  it("answers up to the configured maximum normally, one more is refused", async () => {
    const config = credentialsConfig({ session: { maxCookieChunks: 4 } })
    const chunks = (n: number) => Array.from({ length: n }, (_, i) => `${sessionName}.${i}=x`).join("; ")
    const atMax = await get("session", config, { cookie: chunks(4) })
    expect(atMax.status).toBe(200)
    expect(await atMax.json()).toBeNull()
    // The unreadable session is cleared: the plain name and the four chunks, no more.
    expect(atMax.headers.getSetCookie().length).toBeLessThanOrEqual(5)
    const overMax = await get("session", config, { cookie: chunks(5) })
    expect(overMax.status).toBe(400)
    expect(overMax.headers.getSetCookie()).toEqual([])
  })

  it("counts the default maximum (16) for the secure cookie name too", async () => {
    const config = credentialsConfig()
    const secure = Array.from({ length: 17 }, (_, i) => `__Secure-${sessionName}.${i}=x`).join("; ")
    const response = await Auth(new Request("https://localhost:3000/auth/session", { headers: { cookie: secure } }), config)
    expect(response.status).toBe(400)
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it("refuses to write a session that would need more chunks than the maximum, instead of locking the user out", async () => {
    const config = credentialsConfig({
      session: { maxCookieChunks: 2 },
      callbacks: { jwt: ({ token }) => ({ ...token, roles: "r".repeat(3 * chunkSize) }) },
    })
    const browser = browserFor(config)
    const response = await signInAsAda(browser)
    expect(new URL(response.headers.get("location")!).searchParams.get("error")).toBe("Configuration")
    expect([...browser.cookies.keys()].filter((name) => name.startsWith(sessionName))).toEqual([])
    expect(loggedTypes(config)).toEqual(["SessionTokenError"])
    // The user can still use the site: nothing was written that the next request would be refused for.
    expect((await browser.fetch(`${base}/session`)).status).toBe(200)
  })

  it("fails closed on an unusable maximum", async () => {
    for (const maxCookieChunks of [0, 65, 1.5, Number.NaN]) {
      const config = credentialsConfig({ session: { maxCookieChunks } })
      const response = await get("session", config)
      expect(response.status, String(maxCookieChunks)).toBe(500)
    }
  })

  it("gives getToken no token for more chunks than any config allows", async () => {
    const token = await tokenOfLength(6_000, "get-token-user")
    const genuine = new Request(`${base}/session`, { headers: { cookie: chunked(token) } })
    expect(await getToken({ req: genuine, secret })).toMatchObject({ sub: "get-token-user" })
    const padded = `${chunked(token)}; ${Array.from({ length: 70 }, (_, i) => `${sessionName}.${i + 2}=`).join("; ")}`
    expect(await getToken({ req: new Request(`${base}/session`, { headers: { cookie: padded } }), secret })).toBeNull()
  })
})
