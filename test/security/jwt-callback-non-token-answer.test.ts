/**
 * A jwt callback must answer a token (an object) or null. Apps get the ban wrong in ways that look
 * right: `return false` (as the signIn callback bans), a message string, or forgetting to return.
 * Auth.js signs such a session out (encoding a non-object throws, and its read clears the cookie).
 * Here too: the session the callback answered that way reads as nobody on every path, above all
 * getAccessToken, which must not hand out the upstream tokens the cookie still carries as marks.
 * Real Auth() handler, real dev IdP, JWT sessions without an adapter (the tokens in the cookie).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { getAccessToken } from "../../packages/core/src/server/access-token-of-request.js"
import { Auth } from "../../packages/core/src/handler/auth.js"
import type { JWT } from "../../packages/core/src/jwt/types.js"
import { TokenRefresh } from "../../packages/core/src/token-refresh/index.js"
import { startDevIdentityProvider, type DevIdentityProvider } from "../../packages/dev-idp/src/index.js"
import { appOrigin, basicClient, browserFor, makeApp, oidcProvider, signInThroughIdp } from "../e2e/oauth-app.js"

const sessionCookie = "authjs.session-token"

describe("a jwt callback answering neither a token nor null signs the session out", () => {
  let idp: DevIdentityProvider
  beforeAll(async () => {
    idp = await startDevIdentityProvider({
      clients: [basicClient],
      users: [{ sub: "dev-user-1", name: "Dev User", email: "dev@example.test", email_verified: true }],
    })
  })
  afterAll(() => idp?.close())

  const providers = () => [oidcProvider(idp.issuer, { tokenRefresh: true })]

  for (const [shape, answer] of [
    ["false", false],
    ["a string", "banned"],
    ["undefined", undefined],
    ["a number", 0],
    ["an array", []],
  ] as const) {
    it(`answering ${shape} (after sign-in): no access token, no session, the cookie cleared`, async () => {
      let ban = false
      const jwt = ({ token }: { token: JWT }) => (ban ? answer : token)
      const app = makeApp(providers(), { callbacks: { jwt: jwt as never }, tokenRefresh: TokenRefresh() })
      const browser = browserFor({ [appOrigin]: app })
      await signInThroughIdp(browser, "dev-oidc")
      const cookie = `${sessionCookie}=${browser.cookiesFor(appOrigin).get(sessionCookie)}`
      const request = (path: string) => new Request(`${appOrigin}${path}`, { headers: { cookie } })
      const config = app.config

      // While the callback answers the token, the session has its upstream token.
      expect((await getAccessToken(request("/api/data"), config, "dev-oidc"))?.accessToken).toBeTruthy()

      ban = true
      const { token, cookies } = await getAccessToken(request("/api/data"), config, "dev-oidc", { withCookies: true })
      expect(token).toBeNull()
      expect(cookies).toEqual([])
      const session = await Auth(request("/auth/session"), config)
      expect(await session.json()).toBeNull()
      const cleared = session.headers.getSetCookie().find((line) => line.startsWith(`${sessionCookie}=`))
      expect(cleared).toMatch(/^authjs\.session-token=;/)
      expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i)
    })
  }
})
