/**
 * Property tests of callbackUrl / redirectTo (GHSA-f9wg-5f46-cjmw, GHSA-q2mx-j4x2-2h74,
 * GHSA-g5fm-jp9v-2432, Better Auth GHSA-vp58-j275-797x): whatever the value, where it came
 * from (body, query, cookie) and whatever the flow, the browser is sent to this origin only,
 * the Location header is one valid header, and nothing throws.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { defaultCallbacks } from "../config/default-callbacks.js"
import { Auth } from "../handler/auth.js"
import { base, browserFor, credentialsConfig, origin } from "@gatehouse/test-kit/credentials-app"
import { fuzzBudget, fuzzTimeout } from "@gatehouse/test-kit/fuzz-budget"
import { headerSafe, hostileText } from "@gatehouse/test-kit/hostile-text"
import { resolveCallbackUrl } from "./callback-url.js"

/** Values that start the way redirect tricks start, then go on with anything. */
const callbackUrl = fc
  .tuple(
    fc.constantFrom(
      "",
      "/",
      "//",
      "///",
      "/\\",
      "\\\\",
      "http://",
      "https://",
      "HTTP://",
      "http:",
      "https:/",
      `${origin}`,
      `${origin}@`,
      `${origin}.`,
      "javascript:",
      " ",
      "\t/",
      "%2F%2F",
      "／／",
      "?",
      "#",
    ),
    hostileText(10),
    fc.constantFrom("", "evil.example", "evil.example/x", "localhost:3000", "@evil.example", ".evil.example", ":4000"),
  )
  .map((parts) => parts.join(""))

/** Where a browser goes for this response: its Location resolved against the request URL. */
function destination(response: Response, requestUrl: string): URL | undefined {
  const location = response.headers.get("location")
  return location === null ? undefined : new URL(location, requestUrl)
}

describe("callbackUrl properties", () => {
  it(
    "resolveCallbackUrl always lands on the origin and yields a valid header value",
    async () => {
      await fc.assert(
        fc.asyncProperty(callbackUrl, callbackUrl, async (first, second) => {
          const result = await resolveCallbackUrl([first, second], origin, defaultCallbacks.redirect)
          expect(new URL(result, origin).origin).toBe(origin)
          expect(() => new Headers({ location: result })).not.toThrow()
          expect(result).not.toMatch(/[\r\n\0]/)
        }),
        fuzzBudget(1000),
      )
    },
    fuzzTimeout(),
  )

  it(
    "sign-in, sign-out and the sign-in page never send the browser off the origin",
    async () => {
      const config = credentialsConfig({ pages: { signIn: "/login" } })
      await fc.assert(
        fc.asyncProperty(
          callbackUrl,
          fc.constantFrom("body", "query", "cookie", "json"),
          fc.boolean(),
          async (value, where, rightPassword) => {
            const browser = browserFor(config)
            if (where === "cookie") browser.cookies.set("authjs.callback-url", encodeURIComponent(value))
            const query = where === "query" ? `?callbackUrl=${encodeURIComponent(value)}` : ""
            const fields: Record<string, string> = where === "body" ? { callbackUrl: value } : {}

            const signInUrl = `${base}/callback/credentials${query}`
            const csrfToken = await browser.csrfToken(base)
            const signIn =
              where === "json"
                ? await browser.fetch(signInUrl, {
                    method: "POST",
                    headers: { "content-type": "application/json" },
                    body: JSON.stringify({ csrfToken, username: "ada", password: rightPassword ? "lovelace" : "x", callbackUrl: value }),
                  })
                : await browser.post(signInUrl, { username: "ada", password: rightPassword ? "lovelace" : "x", ...fields }, base)
            expect(signIn.status).toBe(302)
            expect(destination(signIn, signInUrl)!.origin).toBe(origin)

            const signOutUrl = `${base}/signout${query}`
            const signOut = await browser.post(signOutUrl, fields, base)
            expect(signOut.status).toBe(302)
            expect(destination(signOut, signOutUrl)!.origin).toBe(origin)

            const pageUrl = `${base}/signin?callbackUrl=${encodeURIComponent(value)}`
            const page = await browser.fetch(pageUrl)
            expect(page.status).toBe(302)
            const landing = destination(page, pageUrl)!
            expect(landing.origin).toBe(origin)
            const carried = landing.searchParams.get("callbackUrl")
            if (carried !== null) expect(new URL(carried, origin).origin).toBe(origin)

            const redirectMode = await browser.post(`${base}/signout`, { callbackUrl: value }, base, { "x-auth-return-redirect": "1" })
            const { url } = (await redirectMode.json()) as { url: string }
            expect(new URL(url).origin).toBe(origin)
          },
        ),
        fuzzBudget(60),
      )
    },
    fuzzTimeout(),
  )

  it(
    "a callbackUrl in a header-unsafe spelling (raw bytes as a server reads them) never throws",
    async () => {
      const config = credentialsConfig()
      await fc.assert(
        fc.asyncProperty(callbackUrl, async (value) => {
          const response = await Auth(
            new Request(`${base}/signout`, {
              method: "POST",
              headers: { cookie: `authjs.callback-url=${headerSafe(value).replace(/;/g, "")}` },
            }),
            config,
          )
          expect(response.status).toBeLessThan(500)
          const location = response.headers.get("location")
          if (location) expect(new URL(location, base).origin).toBe(origin)
        }),
        fuzzBudget(300),
      )
    },
    fuzzTimeout(),
  )
})
