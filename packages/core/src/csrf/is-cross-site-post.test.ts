import { describe, expect, it } from "vitest"
import { Auth } from "../index.js"
import Credentials from "../providers/credentials.js"
import { TestBrowser } from "@gatehouse/test-kit/browser"

const base = "http://localhost:3000/auth"
const config = {
  secret: "cross-site-test-secret-cross-site-test-secret",
  trustHost: true,
  providers: [Credentials({ credentials: { username: {} }, authorize: () => ({ id: "1", name: "A" }) })],
}

async function signIn(headers: Record<string, string>) {
  const browser = new TestBrowser((request) => Auth(request, config))
  const response = await browser.post(`${base}/callback/credentials`, { username: "a" }, base, headers)
  const sessionSet = response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token=ey"))
  return { location: response.headers.get("location"), sessionSet }
}

describe("a POST that comes from another site is refused even with a valid CSRF token", () => {
  it("accepts a same-origin form post", async () => {
    expect(await signIn({ origin: "http://localhost:3000", "sec-fetch-site": "same-origin" })).toEqual({
      location: "http://localhost:3000",
      sessionSet: true,
    })
  })

  it("accepts a post with no Origin (a server or an old browser): the token decides", async () => {
    expect((await signIn({})).sessionSet).toBe(true)
  })

  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["an unparsable Origin", { origin: "::::" }],
    ["a look-alike Origin", { origin: "http://localhost:3000.evil.example" }],
  ])("refuses %s", async (_, headers) => {
    const result = await signIn(headers)
    expect(result.sessionSet).toBe(false)
    expect(result.location).toBe(`${base}/signin?error=MissingCSRF`)
  })
})
