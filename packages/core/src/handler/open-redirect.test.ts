import { describe, expect, it } from "vitest"
import { sameOriginRedirect } from "../config/default-callbacks.js"
import { resolveCallbackUrl } from "../http/callback-url.js"
import { base, browserFor, credentialsConfig, origin, signInAsAda } from "@gatehouse/test-kit/credentials-app"
import type { TestBrowser } from "@gatehouse/test-kit/browser"
import { Auth } from "./auth.js"

/** callbackUrl values that must never take the browser off the site (GHSA-f9wg-5f46-cjmw and kin). */
const hostile: [string, string][] = [
  ["absolute off-origin", "https://evil.example"],
  ["absolute off-origin with path", "https://evil.example/auth/callback"],
  ["upper-case scheme and host", "HTTPS://EVIL.EXAMPLE/"],
  ["protocol-relative", "//evil.example"],
  ["protocol-relative with path", "//evil.example/x?y=1"],
  ["triple slash", "///evil.example"],
  ["backslash after slash", "/\\evil.example"],
  ["double backslash", "\\\\evil.example"],
  ["slash-backslash-slash", "/\\/evil.example"],
  ["tab in protocol-relative", "/\t/evil.example"],
  ["newline in protocol-relative", "/\n/evil.example"],
  ["scheme without slashes", "https:evil.example"],
  ["scheme with one slash", "https:/evil.example"],
  ["userinfo on our host", "http://localhost:3000@evil.example"],
  ["userinfo with path", "http://localhost:3000@evil.example/auth"],
  ["our host as a subdomain label", "http://localhost:3000.evil.example"],
  ["other port", "http://localhost:4000/x"],
  ["other scheme on our host", "https://localhost:3000/x"],
  ["javascript:", "javascript:alert(1)"],
  ["javascript: with spaces", " javascript:alert(document.cookie)"],
  ["JaVaScRiPt: mixed case", "JaVaScRiPt:alert(1)"],
  ["javascript: with tab", "java\tscript:alert(1)"],
  ["data:", "data:text/html,<script>alert(1)</script>"],
  ["vbscript:", "vbscript:msgbox(1)"],
  ["percent-encoded protocol-relative", "%2F%2Fevil.example"],
  ["percent-encoded backslash", "/%5Cevil.example"],
  ["percent-encoded absolute", "https%3A%2F%2Fevil.example"],
  ["double-encoded protocol-relative", "%252F%252Fevil.example"],
  ["encoded userinfo", "http://localhost:3000%40evil.example"],
  ["full-width solidus", "／／evil.example"],
  ["very long off-origin", `https://evil.example/${"a".repeat(10_000)}`],
  ["very long relative", `/${"a".repeat(30_000)}`],
  ["CR/LF header injection", "/ok\r\nSet-Cookie: pwned=1"],
  ["encoded CR/LF", "/ok%0d%0aSet-Cookie:%20pwned=1"],
  ["CR/LF before an off-site URL", "\r\nhttps://evil.example"],
  ["NUL byte", "/ok\u0000//evil.example"],
  ["unparsable absolute", "http://[::1"],
  ["only a scheme", "https:"],
]

/** Where the browser would go: the Location header resolved as a browser resolves it. */
function destination(response: Response): URL {
  const location = response.headers.get("location")
  expect(location).not.toBeNull()
  expect(location).not.toMatch(/[\r\n\0]/)
  return new URL(location!, `${base}/callback/credentials`)
}

function expectStaysOnSite(response: Response) {
  expect(response.status).toBe(302)
  expect(destination(response).origin).toBe(origin)
  expect(response.headers.getSetCookie().some((c) => c.toLowerCase().startsWith("pwned"))).toBe(false)
}

function callbackCookie(browser: TestBrowser): string | undefined {
  const value = browser.cookies.get("authjs.callback-url")
  return value === undefined ? undefined : decodeURIComponent(value)
}

describe.each(hostile)("callbackUrl: %s", (_, value) => {
  it("credentials sign-in, callbackUrl in the body", async () => {
    const browser = browserFor(credentialsConfig())
    const response = await signInAsAda(browser, { callbackUrl: value })
    expectStaysOnSite(response)
    expect(browser.cookies.has("authjs.session-token")).toBe(true)
    const stored = callbackCookie(browser)
    if (stored !== undefined) expect(new URL(stored).origin).toBe(origin)
  })

  it("credentials sign-in, callbackUrl in the query", async () => {
    const browser = browserFor(credentialsConfig())
    const csrfToken = await browser.csrfToken(base)
    const response = await browser.fetch(`${base}/callback/credentials?callbackUrl=${encodeURIComponent(value)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, username: "ada", password: "lovelace" }),
    })
    expectStaysOnSite(response)
  })

  it("credentials sign-in, callbackUrl in a JSON body", async () => {
    const browser = browserFor(credentialsConfig())
    const csrfToken = await browser.csrfToken(base)
    const response = await browser.fetch(`${base}/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, username: "ada", password: "lovelace", callbackUrl: value }),
    })
    expectStaysOnSite(response)
  })

  it("sign-out, callbackUrl in the body", async () => {
    const browser = browserFor(credentialsConfig())
    await signInAsAda(browser)
    const response = await browser.post(`${base}/signout`, { callbackUrl: value }, base)
    expectStaysOnSite(response)
    expect(browser.cookies.has("authjs.session-token")).toBe(false)
  })

  it("sign-out, callbackUrl in the query", async () => {
    const browser = browserFor(credentialsConfig())
    await signInAsAda(browser)
    const csrfToken = await browser.csrfToken(base)
    const response = await browser.fetch(`${base}/signout?callbackUrl=${encodeURIComponent(value)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken }),
    })
    expectStaysOnSite(response)
  })

  it("sign-in page, then a later sign-in without a callbackUrl (via the callback-url cookie)", async () => {
    const browser = browserFor(credentialsConfig())
    const page = await browser.fetch(`${base}/signin?callbackUrl=${encodeURIComponent(value)}`)
    expect(page.status).toBe(200)
    const fields = [...(await page.text()).matchAll(/name="callbackUrl" value="([^"]*)"/g)].map((m) => m[1].replaceAll("&amp;", "&"))
    expect(fields.length).toBeGreaterThan(0)
    for (const field of fields) expect(new URL(field).origin).toBe(origin)
    expectStaysOnSite(await signInAsAda(browser))
  })

  it("a planted callback-url cookie", async () => {
    const browser = browserFor(credentialsConfig())
    browser.cookies.set("authjs.callback-url", encodeURIComponent(value))
    expectStaysOnSite(await signInAsAda(browser))
  })

  it("pages.signIn redirect carries only an on-site callbackUrl", async () => {
    const response = await Auth(
      new Request(`${base}/signin?callbackUrl=${encodeURIComponent(value)}`),
      credentialsConfig({ pages: { signIn: "/login" } }),
    )
    expect(response.status).toBe(302)
    const target = destination(response)
    expect(target.origin).toBe(origin)
    expect(new URL(target.searchParams.get("callbackUrl")!, origin).origin).toBe(origin)
  })

  it("X-Auth-Return-Redirect { url } stays on the site", async () => {
    const browser = browserFor(credentialsConfig())
    const response = await browser.post(
      `${base}/callback/credentials`,
      { username: "ada", password: "lovelace", callbackUrl: value },
      base,
      {
        "X-Auth-Return-Redirect": "1",
      },
    )
    expect(response.status).toBe(200)
    expect(new URL((await response.json()).url).origin).toBe(origin)
  })
})

describe("same-site callbackUrls are kept", () => {
  it.each([
    ["/dashboard", `${origin}/dashboard`],
    ["/a/b?c=d#e", `${origin}/a/b?c=d#e`],
    [`${origin}/x`, `${origin}/x`],
  ])("%s → %s", async (value, expected) => {
    const response = await signInAsAda(browserFor(credentialsConfig()), { callbackUrl: value })
    expect(response.headers.get("location")).toBe(expected)
  })

  it.each([
    ["/café", `${origin}/caf%C3%A9`],
    ["/日本語", `${origin}/%E6%97%A5%E6%9C%AC%E8%AA%9E`],
    ["/a b", `${origin}/a%20b`],
  ])("a path with characters a header cannot carry raw (%s) still signs in", async (value, expected) => {
    const browser = browserFor(credentialsConfig())
    const response = await signInAsAda(browser, { callbackUrl: value })
    expect(response.headers.get("location")).toBe(expected)
    expect(browser.cookies.has("authjs.session-token")).toBe(true)
    // Kept in the callback-url cookie, it must not break the next sign-in either.
    await browser.fetch(`${base}/signin?callbackUrl=${encodeURIComponent(value)}`)
    expect((await signInAsAda(browser)).headers.get("location")).toBe(expected)
  })

  it("remembers the sign-in page's callbackUrl for the sign-in that follows", async () => {
    const browser = browserFor(credentialsConfig())
    await browser.fetch(`${base}/signin?callbackUrl=%2Fafter`)
    expect((await signInAsAda(browser)).headers.get("location")).toBe(`${origin}/after`)
  })
})

describe("a custom redirect callback", () => {
  it("is asked with the url and the origin as baseUrl", async () => {
    const seen: unknown[] = []
    const config = credentialsConfig({
      callbacks: {
        redirect: (params) => {
          seen.push(params)
          return params.baseUrl
        },
      },
    })
    await signInAsAda(browserFor(config), { callbackUrl: "/x" })
    expect(seen).toContainEqual({ url: "/x", baseUrl: origin })
  })

  it("may allow another host on purpose", async () => {
    const config = credentialsConfig({ callbacks: { redirect: ({ url }) => url } })
    const response = await signInAsAda(browserFor(config), { callbackUrl: "https://partner.example/x" })
    expect(response.headers.get("location")).toBe("https://partner.example/x")
  })

  it("can never produce a javascript: redirect", async () => {
    const config = credentialsConfig({ callbacks: { redirect: () => "javascript:alert(1)" } })
    const response = await signInAsAda(browserFor(config), { callbackUrl: "/x" })
    expect(destination(response).origin).toBe(origin)
  })
})

describe("sameOriginRedirect and resolveCallbackUrl", () => {
  it.each(hostile)("%s never leaves the origin", async (_, value) => {
    const direct = sameOriginRedirect(value, origin)
    expect(new URL(direct).origin).toBe(origin)
    const resolved = await resolveCallbackUrl([value], origin, ({ url, baseUrl }) => sameOriginRedirect(url, baseUrl))
    expect(new URL(resolved).origin).toBe(origin)
    expect(resolved).not.toMatch(/[\r\n\0]/)
  })
})
