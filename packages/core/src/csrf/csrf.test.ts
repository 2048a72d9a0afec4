import { describe, expect, it } from "vitest"
import { Auth } from "../handler/auth.js"
import { skipCSRFCheck } from "../auth-options.js"
import type { TestBrowser } from "@gatehouse/test-kit/browser"
import {
  base,
  browserFor,
  credentialsConfig,
  origin,
  secret,
  setCookies,
  signInAsAda,
  type silentLogger,
} from "@gatehouse/test-kit/credentials-app"
import type { AuthConfig } from "../types.js"
import { readCsrfToken } from "./csrf-token.js"

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))
  return Buffer.from(digest).toString("hex")
}

const form = { "content-type": "application/x-www-form-urlencoded" }

/** A POST as an attacker would send it: exactly the cookies and fields given, nothing fetched first. */
function postRaw(browser: TestBrowser, path: string, fields: Record<string, string>, cookie = browser.cookieHeader()) {
  return browser.fetch(`${base}${path}`, {
    method: "POST",
    headers: { ...form, cookie },
    body: new URLSearchParams(fields),
  })
}

function hasSessionCookie(response: Response): boolean {
  return response.headers.getSetCookie().some((c) => /^authjs\.session-token(\.\d+)?=[^;]+/.test(c))
}

describe("GET /csrf", () => {
  it("returns a 64-hex token, no-cache headers, and a `<token>|<sha256(token + secret)>` cookie", async () => {
    const response = await Auth(new Request(`${base}/csrf`), credentialsConfig())
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(Object.keys(body)).toEqual(["csrfToken"])
    expect(body.csrfToken).toMatch(/^[0-9a-f]{64}$/)
    expect(response.headers.get("cache-control")).toBe("private, no-store")
    expect(response.headers.get("expires")).toBe("0")
    expect(response.headers.get("pragma")).toBe("no-cache")

    const header = setCookies(response).get("authjs.csrf-token")!
    expect(header).toMatch(/; Path=\//)
    expect(header).toMatch(/; HttpOnly/)
    expect(header).toMatch(/; SameSite=Lax/)
    expect(header).not.toMatch(/Max-Age|Expires|Secure/)
    const value = decodeURIComponent(header.slice(header.indexOf("=") + 1, header.indexOf(";")))
    const [token, hash] = value.split("|")
    expect(value).toMatch(/^[0-9a-f]{64}\|[0-9a-f]{64}$/)
    expect(token).toBe(body.csrfToken)
    expect(hash).toBe(await sha256Hex(`${token}${secret}`))
  })

  it("reuses a valid cookie's token and sets no new cookie", async () => {
    const browser = browserFor(credentialsConfig())
    const first = await browser.csrfToken(base)
    const again = await browser.fetch(`${base}/csrf`)
    expect((await again.json()).csrfToken).toBe(first)
    expect(again.headers.getSetCookie()).toEqual([])
  })

  it("replaces a cookie whose hash does not check out", async () => {
    const browser = browserFor(credentialsConfig())
    browser.cookies.set("authjs.csrf-token", `${"a".repeat(64)}|${"b".repeat(64)}`)
    const token = await browser.csrfToken(base)
    expect(token).not.toBe("a".repeat(64))
    expect(browser.cookies.get("authjs.csrf-token")).toMatch(new RegExp(`^${token}(%7C|\\|)`))
  })

  it("uses the __Host- cookie with Secure on https", async () => {
    const response = await Auth(new Request("https://example.test/auth/csrf"), credentialsConfig())
    const header = setCookies(response).get("__Host-authjs.csrf-token")!
    expect(header).toMatch(/; Secure/)
    expect(header).toMatch(/; Path=\//)
    expect(header).not.toMatch(/Domain=/)
  })

  it("hashes an array secret as Auth.js does (comma-joined)", async () => {
    const response = await Auth(
      new Request(`${base}/csrf`),
      credentialsConfig({ secret: ["new-secret-0123456789abcdef", "old-secret-0123456789abcdef"] }),
    )
    const header = setCookies(response).get("authjs.csrf-token")!
    const [token, hash] = decodeURIComponent(header.slice(header.indexOf("=") + 1, header.indexOf(";"))).split("|")
    expect(hash).toBe(await sha256Hex(`${token}new-secret-0123456789abcdef,old-secret-0123456789abcdef`))
  })
})

describe("the double-submit check", () => {
  it("lets a form that carries the cookie's token through (the control case)", async () => {
    const browser = browserFor(credentialsConfig())
    const response = await signInAsAda(browser)
    expect(response.headers.get("location")).toBe(origin)
    expect(hasSessionCookie(response)).toBe(true)
  })

  it("accepts the token in a JSON body too", async () => {
    const browser = browserFor(credentialsConfig())
    const csrfToken = await browser.csrfToken(base)
    const response = await browser.fetch(`${base}/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, username: "ada", password: "lovelace" }),
    })
    expect(hasSessionCookie(response)).toBe(true)
  })

  const signinError = `${base}/signin?error=MissingCSRF`

  async function victimWithCookie() {
    const browser = browserFor(credentialsConfig())
    const token = await browser.csrfToken(base)
    return { browser, token }
  }

  const attacks: [string, () => Promise<{ browser: TestBrowser; fields: Record<string, string>; cookie?: string }>][] = [
    ["no token and no cookie", async () => ({ browser: browserFor(credentialsConfig()), fields: {} })],
    ["no token", async () => ({ ...(await victimWithCookie()), fields: {} })],
    ["an empty token", async () => ({ ...(await victimWithCookie()), fields: { csrfToken: "" } })],
    ["a mismatched token", async () => ({ ...(await victimWithCookie()), fields: { csrfToken: "0".repeat(64) } })],
    [
      "the cookie's whole value as the token",
      async () => {
        const { browser } = await victimWithCookie()
        return { browser, fields: { csrfToken: decodeURIComponent(browser.cookies.get("authjs.csrf-token")!) } }
      },
    ],
    [
      "a token from another browser's cookie",
      async () => {
        const attacker = await victimWithCookie()
        const { browser } = await victimWithCookie()
        return { browser, fields: { csrfToken: attacker.token } }
      },
    ],
    [
      "a planted cookie with a forged hash",
      async () => {
        const browser = browserFor(credentialsConfig())
        const token = "c".repeat(64)
        return { browser, fields: { csrfToken: token }, cookie: `authjs.csrf-token=${token}%7C${await sha256Hex(token)}` }
      },
    ],
    [
      "a planted cookie hashed with another secret",
      async () => {
        const browser = browserFor(credentialsConfig())
        const token = "d".repeat(64)
        const hash = await sha256Hex(`${token}another-secret-another-secret-xx`)
        return { browser, fields: { csrfToken: token }, cookie: `authjs.csrf-token=${token}%7C${hash}` }
      },
    ],
    [
      "a planted cookie with no hash",
      async () => ({
        browser: browserFor(credentialsConfig()),
        fields: { csrfToken: "e".repeat(64) },
        cookie: `authjs.csrf-token=${"e".repeat(64)}`,
      }),
    ],
  ]

  describe.each(attacks)("with %s", (_, setUp) => {
    it("credentials sign-in sets no session and lands on signin?error=MissingCSRF", async () => {
      const { browser, fields, cookie } = await setUp()
      const response = await postRaw(browser, "/callback/credentials", { ...fields, username: "ada", password: "lovelace" }, cookie)
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(signinError)
      expect(hasSessionCookie(response)).toBe(false)
    })

    it("sign-out keeps the session", async () => {
      const { browser, fields, cookie } = await setUp()
      await signInAsAda(browser)
      const sessionCookie = `authjs.session-token=${browser.cookies.get("authjs.session-token")}`
      const response = await postRaw(browser, "/signout", fields, cookie ? `${cookie}; ${sessionCookie}` : undefined)
      expect(response.headers.get("location")).toBe(signinError)
      expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(false)
      expect(await (await browser.fetch(`${base}/session`)).json()).toMatchObject({ user: { name: "Ada Lovelace" } })
    })

    it("session update answers 400 null and never runs the update", async () => {
      const triggers: unknown[] = []
      const config = credentialsConfig({
        callbacks: {
          jwt: ({ token, trigger, session }) => {
            triggers.push(trigger)
            return trigger === "update" ? { ...token, name: (session as { name: string }).name } : token
          },
        },
      })
      const { fields, cookie } = await setUp()
      const browser = browserFor(config)
      await signInAsAda(browser)
      const sessionCookie = `authjs.session-token=${browser.cookies.get("authjs.session-token")}`
      const response = await browser.fetch(`${base}/session`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: cookie ? `${cookie}; ${sessionCookie}` : sessionCookie },
        body: JSON.stringify({ ...fields, data: { name: "Mallory" } }),
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toBeNull()
      expect(triggers).not.toContain("update")
      expect(hasSessionCookie(response)).toBe(false)
    })
  })

  it("ignores a token in the query string", async () => {
    const browser = browserFor(credentialsConfig())
    const token = await browser.csrfToken(base)
    const response = await browser.fetch(`${base}/callback/credentials?csrfToken=${token}`, {
      method: "POST",
      headers: form,
      body: new URLSearchParams({ username: "ada", password: "lovelace" }),
    })
    expect(response.headers.get("location")).toBe(signinError)
  })

  it("ignores a token in a header", async () => {
    const browser = browserFor(credentialsConfig())
    const token = await browser.csrfToken(base)
    const response = await browser.fetch(`${base}/callback/credentials`, {
      method: "POST",
      headers: { ...form, "x-csrf-token": token, "csrf-token": token },
      body: new URLSearchParams({ username: "ada", password: "lovelace" }),
    })
    expect(response.headers.get("location")).toBe(signinError)
  })

  it.each([
    ["an array", (token: string) => [token]],
    ["an object", (token: string) => ({ toString: token })],
    ["a number", () => 1],
    ["null", () => null],
  ])("refuses a JSON token that is %s, without crashing", async (_, shape) => {
    const browser = browserFor(credentialsConfig())
    const token = await browser.csrfToken(base)
    const response = await browser.fetch(`${base}/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken: shape(token), username: "ada", password: "lovelace" }),
    })
    expect(response.headers.get("location")).toBe(signinError)
  })
})

describe("skipCSRFCheck", () => {
  function skippingConfig(): AuthConfig {
    return credentialsConfig({ skipCSRFCheck })
  }

  it("makes GET /csrf a 404 that deletes the CSRF cookie, and warns", async () => {
    const config = skippingConfig()
    const response = await Auth(new Request(`${base}/csrf`, { headers: { cookie: "authjs.csrf-token=x%7Cy" } }), config)
    expect(response.status).toBe(404)
    expect(await response.text()).toBe("")
    expect(setCookies(response).get("authjs.csrf-token")).toMatch(/^authjs\.csrf-token=; Max-Age=0/)
    expect((config.logger as ReturnType<typeof silentLogger>).warnings).toContain("csrf-disabled")
  })

  it("lets a POST through without a token and mints no CSRF cookie", async () => {
    const browser = browserFor(skippingConfig())
    const response = await postRaw(browser, "/callback/credentials", { username: "ada", password: "lovelace" })
    expect(hasSessionCookie(response)).toBe(true)
    expect(setCookies(response).has("authjs.csrf-token")).toBe(false)
    const page = await browser.fetch(`${base}/signin`)
    expect(setCookies(page).has("authjs.csrf-token")).toBe(false)
  })
})

describe("readCsrfToken", () => {
  it("verifies only on POST", async () => {
    const minted = await readCsrfToken(undefined, undefined, false, secret)
    const reread = await readCsrfToken(minted.cookieValue, minted.token, false, secret)
    expect(reread).toEqual({ token: minted.token, verified: false })
    expect(await readCsrfToken(minted.cookieValue, minted.token, true, secret)).toEqual({ token: minted.token, verified: true })
  })

  it("reads `<token>|<hash>|…` as Auth.js does: the first two parts decide", async () => {
    const minted = await readCsrfToken(undefined, undefined, false, secret)
    expect(await readCsrfToken(`${minted.cookieValue}|extra`, minted.token, true, secret)).toEqual({ token: minted.token, verified: true })
  })

  it("never verifies a token against a freshly minted cookie", async () => {
    const result = await readCsrfToken("garbage", "garbage", true, secret)
    expect(result.verified).toBe(false)
    expect(result.token).not.toBe("garbage")
    expect(result.cookieValue).toMatch(new RegExp(`^${result.token}\\|[0-9a-f]{64}$`))
  })
})
