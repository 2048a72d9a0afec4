import { describe, expect, it } from "vitest"
import { Auth } from "../handler/auth.js"
import GitHub from "../providers/github.js"
import { adaCredentials, base, browserFor, credentialsConfig, origin } from "@gatehouse/test-kit/credentials-app"
import type { AuthConfig } from "../types.js"
import { escapeHtml, html } from "./html.js"

function get(path: string, config: AuthConfig = credentialsConfig(), headers: Record<string, string> = {}) {
  return Auth(new Request(`${base}${path}`, { headers }), config)
}

function expectSecurityHeaders(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/^text\/html/)
  const csp = response.headers.get("content-security-policy")!
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toContain("default-src 'none'")
  expect(csp).toMatch(/script-src 'none'/)
  expect(response.headers.get("x-frame-options")).toBe("DENY")
  expect(response.headers.get("x-content-type-options")).toBe("nosniff")
  expect(response.headers.get("cache-control")).toMatch(/no-store/)
}

describe("built-in pages", () => {
  it("GET /signin renders a credentials form posting to the callback with the CSRF token", async () => {
    const browser = browserFor(credentialsConfig())
    const response = await browser.fetch(`${base}/signin`)
    expect(response.status).toBe(200)
    expectSecurityHeaders(response)
    const page = await response.text()
    expect(page).toMatch(/^<!DOCTYPE html><html lang="en">/)
    expect(page).toContain("<title>Sign In</title>")
    expect(page).toContain(`action="${base}/callback/credentials" method="POST"`)
    const csrfToken = page.match(/name="csrfToken" value="([0-9a-f]{64})"/)![1]
    expect(decodeURIComponent(browser.cookies.get("authjs.csrf-token")!).split("|")[0]).toBe(csrfToken)
    expect(page).toMatch(
      /<label for="input-username-for-credentials-provider">Username<\/label><input name="username" id="input-username-for-credentials-provider">/,
    )
    expect(page).toMatch(/<input name="password" id="input-password-for-credentials-provider" type="password">/)
    expect(page).toContain("Sign in with Credentials")
  })

  it("the sign-in page's form actually signs in", async () => {
    const browser = browserFor(credentialsConfig())
    const page = await (await browser.fetch(`${base}/signin?callbackUrl=%2Fhome`)).text()
    const action = page.match(/<form class="provider" action="([^"]+)"/)![1]
    const hidden = Object.fromEntries([...page.matchAll(/type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]))
    const response = await browser.fetch(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...hidden, username: "ada", password: "lovelace" }),
    })
    expect(response.headers.get("location")).toBe(`${origin}/home`)
    expect(browser.cookies.has("authjs.session-token")).toBe(true)
  })

  it("shows an OAuth button posting to the provider's sign-in URL", async () => {
    const config = credentialsConfig({ providers: [GitHub({ clientId: "id", clientSecret: "s" }), adaCredentials()] })
    const page = await (await get("/signin", config)).text()
    expect(page).toContain(`action="${base}/signin/github" method="POST"`)
    expect(page).toContain("Sign in with GitHub")
    expect(page).toContain("<hr>")
  })

  it("shows the sign-in error message for ?error=CredentialsSignin", async () => {
    const page = await (await get("/signin?error=CredentialsSignin")).text()
    expect(page).toContain("Check the details you provided are correct")
  })

  it("GET /signout renders a confirmation form with the CSRF token", async () => {
    const response = await get("/signout")
    expect(response.status).toBe(200)
    expectSecurityHeaders(response)
    const page = await response.text()
    expect(page).toContain("<title>Sign Out</title>")
    expect(page).toContain(`action="${base}/signout" method="POST"`)
    expect(page).toMatch(/name="csrfToken" value="[0-9a-f]{64}"/)
  })

  it.each([
    ["Configuration", 500, "Server error"],
    ["AccessDenied", 403, "Access Denied"],
    ["Verification", 403, "Unable to sign in"],
    ["OAuthCallbackError", 200, "Error"],
    ["Default", 200, "Error"],
    ["", 200, "Error"],
  ])("GET /error?error=%s → %i", async (error, status, heading) => {
    const response = await get(`/error?error=${error}`)
    expect(response.status).toBe(status)
    expectSecurityHeaders(response)
    const page = await response.text()
    expect(page).toContain("<title>Error</title>")
    expect(page).toContain(`<h1>${heading}</h1>`)
  })

  it.each(["constructor", "__proto__", "toString", "hasOwnProperty"])(
    "GET /error?error=%s is just an unknown error (200)",
    async (error) => {
      const response = await get(`/error?error=${error}`)
      expect(response.status).toBe(200)
      const page = await response.text()
      expect(page).toContain("<h1>Error</h1>")
      expect(page).not.toContain("[native code]")
    },
  )

  it.each(["constructor", "__proto__", "toString"])("GET /signin?error=%s shows the generic message", async (error) => {
    const page = await (await get(`/signin?error=${error}`)).text()
    expect(page).toContain("Unable to sign in.")
    expect(page).not.toContain("[native code]")
  })

  it("GET /error without a query → 200", async () => {
    expect((await get("/error")).status).toBe(200)
  })

  it("GET /verify-request renders the check-your-email page", async () => {
    const response = await get("/verify-request")
    expect(response.status).toBe(200)
    expectSecurityHeaders(response)
    const page = await response.text()
    expect(page).toContain("<title>Verify Request</title>")
    expect(page).toContain("Check your email")
  })

  it("applies the theme", async () => {
    const config = credentialsConfig({
      theme: { colorScheme: "dark", brandColor: "#ff0000", buttonText: "#ffffff", logo: "https://example.test/logo.png" },
    })
    const page = await (await get("/signin", config)).text()
    expect(page).toContain('class="theme-dark"')
    expect(page).toContain("--brand-color:#ff0000;")
    expect(page).toContain("--button-text-color:#ffffff;")
    expect(page).toContain('<img src="https://example.test/logo.png"')
  })
})

describe("markup in interpolated values is escaped", () => {
  const payload = `"><script>alert(1)</script><img src=x onerror=alert(1)>`

  /**
   * Reads the page the way a browser's tokenizer would, just enough to prove the payload stayed
   * text: every `<` outside the stylesheet opens a well-formed tag with double-quoted attribute
   * values, no tag is a script, and no attribute is an event handler.
   */
  function expectNoMarkupInjected(page: string) {
    const body = page.replace(/<style>[\s\S]*?<\/style>/, "<style></style>")
    const tag = /^(?:<!DOCTYPE html>|<\/([a-z][a-z0-9]*)>|<([a-z][a-z0-9]*)((?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*(?:="[^"<]*")?)*)\s*\/?>)/
    for (let at = body.indexOf("<"); at !== -1; at = body.indexOf("<", at + 1)) {
      const match = body.slice(at).match(tag)
      expect(match, `stray "<" at ${body.slice(at, at + 40)}`).not.toBeNull()
      const name = (match![1] ?? match![2] ?? "").toLowerCase()
      expect(name).not.toBe("script")
      const attributes = [...(match![3] ?? "").matchAll(/\s+([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:="[^"]*")?/gy)].map((m) => m[1].toLowerCase())
      for (const attribute of attributes) expect(attribute).not.toMatch(/^on/)
    }
    expect(page.toLowerCase()).not.toContain("<script")
  }

  it("(the checker itself catches injected markup)", () => {
    expect(() => expectNoMarkupInjected("<p><img src=x onerror=alert(1)></p>")).toThrow()
    expect(() => expectNoMarkupInjected('<p><input value="" onfocus="alert(1)"></p>')).toThrow()
    expect(() => expectNoMarkupInjected("<p><script>alert(1)</script></p>")).toThrow()
    expect(() => expectNoMarkupInjected('<p title="&quot;&gt;&lt;img onerror=x&gt;">&lt;script&gt;</p>')).not.toThrow()
  })

  it("in a provider name", async () => {
    const config = credentialsConfig({
      providers: [adaCredentials({ name: payload }), GitHub({ name: payload, clientId: "id", clientSecret: "s" })],
    })
    const page = await (await get("/signin", config)).text()
    expectNoMarkupInjected(page)
    expect(page).toContain("Sign in with &quot;&gt;&lt;script&gt;")
  })

  it("in a provider id", async () => {
    const config = credentialsConfig({ providers: [adaCredentials({ id: `x${payload}` })] })
    const response = await get("/signin", config)
    expectNoMarkupInjected(await response.text())
  })

  it("in credentials labels, names and attributes", async () => {
    const config = credentialsConfig({
      providers: [
        adaCredentials({
          credentials: {
            [payload]: { label: payload, placeholder: payload, type: payload, [`x"onload="alert(1)`]: "y" },
          },
        }),
      ],
    })
    const page = await (await get("/signin", config)).text()
    expectNoMarkupInjected(page)
  })

  it("in ?error= on the sign-in and error pages", async () => {
    expectNoMarkupInjected(await (await get(`/signin?error=${encodeURIComponent(payload)}`)).text())
    const error = await get(`/error?error=${encodeURIComponent(payload)}`)
    expect(error.status).toBe(200)
    expectNoMarkupInjected(await error.text())
  })

  it("in callbackUrl", async () => {
    for (const callbackUrl of [`/${payload}`, `${origin}/${payload}`, `/x?a="><script>alert(1)</script>`]) {
      const page = await (await get(`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`)).text()
      expectNoMarkupInjected(page)
    }
  })

  it("in ?email= on an e-mail form", async () => {
    const adapter = {
      createVerificationToken: async () => null,
      useVerificationToken: async () => null,
      getUserByEmail: async () => null,
    }
    const email = { id: "email", name: "Email", type: "email", sendVerificationRequest: async () => {} } as any
    const config = credentialsConfig({ providers: [email], adapter: adapter as any, session: { strategy: "jwt" } })
    const response = await get(`/signin?email=${encodeURIComponent(payload)}`, config)
    expect(response.status).toBe(200)
    expectNoMarkupInjected(await response.text())
  })

  it("in the theme", async () => {
    const config = credentialsConfig({
      theme: { logo: payload, brandColor: `red;}</style><script>alert(1)</script>`, buttonText: `"</style><script>` },
    })
    expectNoMarkupInjected(await (await get("/signin", config)).text())
    expectNoMarkupInjected(await (await get("/error?error=AccessDenied", config)).text())
  })

  it("the html helper escapes every special character and trusts only nested html", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;")
    expect(html`<p title="${`"x'`}">${["<a>", html`<b>`]}</p>`.value).toBe('<p title="&quot;x&#39;">&lt;a&gt;<b></p>')
    expect(html`${null}${undefined}${false}${0}`.value).toBe("0")
  })
})

describe("pages overrides", () => {
  const pages = { signIn: "/login", signOut: "/logout", error: "/oops", verifyRequest: "/check-email" }

  it.each([
    ["/signin", `${origin}/login?callbackUrl=${encodeURIComponent(origin)}`],
    ["/signin?callbackUrl=%2Fdashboard", `${origin}/login?callbackUrl=${encodeURIComponent(`${origin}/dashboard`)}`],
    ["/signin?error=SessionRequired", `${origin}/login?callbackUrl=${encodeURIComponent(origin)}&error=SessionRequired`],
    ["/signout", `${origin}/logout`],
    ["/error?error=AccessDenied", `${origin}/oops?error=AccessDenied`],
    ["/verify-request?provider=email&type=email", `${origin}/check-email?provider=email&type=email`],
  ])("GET %s → 302 %s", async (path, location) => {
    const response = await get(path, credentialsConfig({ pages }))
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(location)
  })

  it("appends to a page that already has a query", async () => {
    const response = await get("/signin", credentialsConfig({ pages: { signIn: "/login?theme=dark" } }))
    expect(response.headers.get("location")).toBe(`${origin}/login?theme=dark&callbackUrl=${encodeURIComponent(origin)}`)
  })

  it("passes on the callbackUrl remembered in the callback-url cookie", async () => {
    const response = await get("/signin", credentialsConfig({ pages }), {
      cookie: `authjs.callback-url=${encodeURIComponent(`${origin}/kept`)}`,
    })
    expect(response.headers.get("location")).toBe(`${origin}/login?callbackUrl=${encodeURIComponent(`${origin}/kept`)}`)
  })

  it("sends errors to pages.error", async () => {
    const browser = browserFor(credentialsConfig({ pages, callbacks: { signIn: () => false } }))
    const response = await browser.post(`${base}/callback/credentials`, { username: "ada", password: "lovelace" }, base)
    expect(response.headers.get("location")).toBe(`${origin}/oops?error=AccessDenied`)
  })
})

describe("provider brand marks", () => {
  const config = () =>
    credentialsConfig({
      providers: [
        GitHub({ clientId: "id", clientSecret: "secret" }),
        GitHub({ id: "github-enterprise", name: "GitHub Enterprise", clientId: "id", clientSecret: "secret" }),
        { id: "corp", name: "Corp SSO", type: "oauth", issuer: "https://sso.corp.test", clientId: "id", clientSecret: "secret" } as any,
      ],
    })

  it("a catalogue provider's button carries its mark inline, hidden from assistive technology; the text is the name", async () => {
    const response = await get("/signin", config())
    const page = await response.text()
    const button = page.match(/<button type="submit" class="oauth">(.*?)<\/button>/)![1]
    expect(button).toMatch(
      /^<svg class="mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false" style="--mark:#181717;--mark-dark:#e6edf3"><path d="M12 \.297c/,
    )
    expect(button).toMatch(/<\/svg><span>Sign in with GitHub<\/span>$/)
    // Nothing is fetched from elsewhere, and the policy is the same as on every other page.
    expect(page).not.toMatch(/(src|href)="https?:\/\/(?!localhost:3000)/)
    expect(response.headers.get("content-security-policy")).toBe((await get("/signout")).headers.get("content-security-policy"))
  })

  it("the mark comes with the catalogue provider, whatever its id; a provider without one gets none (no guessing from its name)", async () => {
    const page = await (await get("/signin", config())).text()
    expect(page).toMatch(/<path d="M12 \.297c[^"]*"\/><\/svg><span>Sign in with GitHub Enterprise<\/span>/)
    expect(page).toContain('<button type="submit" class="oauth"><span>Sign in with Corp SSO</span></button>')
  })

  it("a custom provider may bring its own mark", async () => {
    const mark = { title: "Corp", light: "#123456", dark: "#abcdef", path: "M0 0h24v24H0z" }
    const page = await (
      await get(
        "/signin",
        credentialsConfig({
          providers: [
            {
              id: "corp",
              name: "Corp SSO",
              type: "oauth",
              issuer: "https://sso.corp.test",
              clientId: "id",
              clientSecret: "secret",
              style: { mark },
            } as any,
          ],
        }),
      )
    ).text()
    expect(page).toContain('style="--mark:#123456;--mark-dark:#abcdef"><path d="M0 0h24v24H0z"/></svg><span>Sign in with Corp SSO</span>')
  })

  it("pages without OAuth buttons do not carry the marks", async () => {
    expect(await (await get("/signin")).text()).not.toContain("<svg")
  })
})
