/**
 * Property tests of whole requests: action paths (`//x`, encoded separators, dot segments,
 * unknown provider ids), methods, content types and bodies (form, JSON, garbage), with and
 * without a valid CSRF pair. For every one: `Auth` resolves (no uncaught exception), never a
 * 5xx with a working config, never a redirect off the origin (except to the configured
 * provider's own authorization endpoint), never a session cookie without the right password.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { base, browserFor, credentialsConfig, adaCredentials, origin } from "@gatehouse/test-kit/credentials-app"
import { fuzzBudget, fuzzTimeout } from "@gatehouse/test-kit/fuzz-budget"
import { headerSafe, hostileText } from "@gatehouse/test-kit/hostile-text"
import { Auth } from "./auth.js"

const idp = "https://idp.example"
const oauthProvider = {
  id: "idp",
  name: "IdP",
  type: "oauth" as const,
  clientId: "client",
  clientSecret: "secret",
  checks: ["pkce", "state"] as ("pkce" | "state")[],
  authorization: `${idp}/authorize`,
  token: `${idp}/token`,
  userinfo: `${idp}/userinfo`,
}

const segment = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "signin",
      "signout",
      "callback",
      "session",
      "csrf",
      "providers",
      "error",
      "verify-request",
      "webauthn-options",
      "credentials",
      "idp",
      "email",
      "passkey",
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "",
      ".",
      "..",
      "%2F",
      "%2f",
      "%2e%2e",
      "%5C",
      "%00",
      "credentials%2F",
      "%2Fcredentials",
      "SIGNIN",
      "signin;x",
      "callback?x",
      "undefined",
      "__proto__",
      "constructor",
    ),
  },
  { weight: 1, arbitrary: hostileText(3).map((t) => encodeURIComponent(t)) },
)
const path = fc
  .array(segment, { minLength: 0, maxLength: 4 })
  .chain((segments) => fc.constantFrom("", "/", "//").map((tail) => `/${segments.join("/")}${tail}`))
const query = fc.oneof(
  fc.constant(""),
  fc
    .dictionary(
      fc.constantFrom("callbackUrl", "error", "code", "state", "action", "email", "token", "csrfToken", "__proto__"),
      hostileText(4),
      { maxKeys: 4 },
    )
    .map((q) => `?${new URLSearchParams(q)}`),
)
const fields = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      "csrfToken",
      "username",
      "password",
      "callbackUrl",
      "email",
      "token",
      "code",
      "redirect",
      "json",
      "__proto__",
      "constructor",
    ),
    fc.string({ maxLength: 6 }),
  ),
  fc.oneof(hostileText(4), fc.constantFrom("ada", "lovelace")),
  { maxKeys: 6 },
)
const body = fc.oneof(
  fields.map((f) => ({ type: "application/x-www-form-urlencoded", text: new URLSearchParams(f).toString() })),
  fields.map((f) => ({ type: "application/json", text: JSON.stringify(f) })),
  fc.jsonValue({ maxDepth: 3 }).map((v) => ({ type: "application/json", text: JSON.stringify(v) ?? "" })),
  hostileText(10).map((text) => ({ type: "application/json", text })),
  fc
    .tuple(
      fc.constantFrom(
        "text/plain",
        "multipart/form-data; boundary=x",
        "application/json; charset=utf-7",
        "application/x-www-form-urlencoded;",
        "",
        "application/xml",
      ),
      hostileText(8),
    )
    .map(([type, text]) => ({ type, text })),
)
const request = fc.record({
  method: fc.constantFrom("GET", "HEAD", "POST", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"),
  path,
  query,
  body,
  withCsrf: fc.boolean(),
  redirectMode: fc.boolean(),
  origin: fc.constantFrom(undefined, origin, "https://evil.example", "null"),
})

describe("request properties", () => {
  const config = credentialsConfig({ providers: [adaCredentials(), oauthProvider as any] })

  it(
    "any request: no throw, no 5xx, no off-site redirect, no session without the password",
    async () => {
      // A real CSRF pair, so that some requests get past the CSRF check into the actions.
      const browser = browserFor(config)
      const csrfToken = await browser.csrfToken(base)
      const csrfCookie = browser.cookieHeader()

      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const url = `${base}${r.path}${r.query}`
          const headers = new Headers()
          let text = r.body.text
          if (r.withCsrf) {
            headers.set("cookie", csrfCookie)
            if (r.body.type.startsWith("application/x-www-form-urlencoded")) text = `${text}&csrfToken=${csrfToken}`
          }
          if (r.body.type) headers.set("content-type", r.body.type)
          if (r.redirectMode) headers.set("x-auth-return-redirect", "1")
          if (r.origin) headers.set("origin", r.origin)
          const hasBody = r.method !== "GET" && r.method !== "HEAD"
          let target: URL
          try {
            target = new URL(url)
          } catch {
            return // not a URL any server would hand over
          }
          const response = await Auth(new Request(target, { method: r.method, headers, body: hasBody ? text : undefined }), config)

          expect(response.status).toBeLessThan(500)
          const location = response.headers.get("location")
          if (location) expect([origin, idp]).toContain(new URL(location, target).origin)
          if (r.redirectMode && response.headers.get("content-type")?.includes("application/json") && response.status === 200) {
            const json = (await response.clone().json()) as { url?: string }
            if (typeof json?.url === "string") expect([origin, idp]).toContain(new URL(json.url, target).origin)
          }
          const passwordSent = text.includes("lovelace")
          const session = response.headers.getSetCookie().find((c) => /^authjs\.session-token(\.\d+)?=[^;]/.test(c))
          if (!passwordSent) expect(session).toBeUndefined()
        }),
        fuzzBudget(400),
      )
    },
    fuzzTimeout(),
  )

  it(
    "headers of any content (as a server reads raw bytes) never break the handler",
    async () => {
      await fc.assert(
        fc.asyncProperty(hostileText(8), hostileText(8), hostileText(8), async (host, cookie, forwarded) => {
          const headers = new Headers({
            cookie: headerSafe(cookie),
            "x-forwarded-host": headerSafe(forwarded),
            "x-forwarded-proto": headerSafe(host),
            "sec-fetch-site": headerSafe(host),
          })
          for (const [method, p] of [
            ["GET", "/session"],
            ["GET", "/signin"],
            ["POST", "/signout"],
            ["GET", "/csrf"],
          ] as const) {
            const response = await Auth(new Request(`${base}${p}`, { method, headers }), config)
            expect(response.status, `${method} ${p}`).toBeLessThan(500)
            const location = response.headers.get("location")
            if (location) expect(new URL(location, base).origin).toBe(origin)
          }
        }),
        fuzzBudget(100),
      )
    },
    fuzzTimeout(),
  )
})
