/**
 * Attacks on the OAuth flow (security-advisories.md §4.3 item 4, GHSA-rcv9-vr55-7q5f,
 * GHSA-x445-f3h2-j279, GHSA-v64w-49xw-qq89), each against the real dev IdP: every one must end
 * on the right error page, logged, with no session.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { customFetch } from "../../packages/core/src/index.js"
import type { DevIdentityProvider } from "../../packages/dev-idp/src/index.js"
import { FetchBrowser, signInAtDevIdp } from "../../packages/dev-idp/src/fetch-browser.js"
import {
  appOrigin,
  base,
  basicClient,
  browserFor,
  loggedTypes,
  makeApp,
  oidcProvider,
  postClient,
  sessionOf,
  setCookieNames,
  signInThroughIdp,
  startIdp,
  startSignIn,
  type TestApp,
} from "./oauth-app.js"

const configurationError = `${base}/error?error=Configuration`

let idp: DevIdentityProvider
let otherIdp: DevIdentityProvider

beforeAll(async () => {
  ;[idp, otherIdp] = await Promise.all([startIdp(), startIdp()])
})
afterAll(async () => {
  await Promise.all([idp?.close(), otherIdp?.close()])
})

function oidcApp(overrides: Record<string | symbol, unknown> = {}): TestApp {
  return makeApp([oidcProvider(idp.issuer, overrides), oidcProvider(idp.issuer, { id: "dev-oidc-b", ...overrides })])
}

/** The callback failed closed: the expected page, the expected logged error, no session. */
async function expectRejected(app: TestApp, browser: FetchBrowser, response: Response, page: string, loggedType: string) {
  expect(response.status).toBe(302)
  expect(response.headers.get("location")).toBe(page)
  expect(setCookieNames(response).set).not.toContain("authjs.session-token")
  expect(loggedTypes(app)).toEqual([loggedType])
  expect(await sessionOf(browser)).toBeNull()
}

/** Copies a browser's cookies for the app (an attacker who captured them, or a second tab). */
function cloneAppCookies(from: FetchBrowser, to: FetchBrowser) {
  for (const [name, value] of from.cookiesFor(appOrigin)) to.setCookie(appOrigin, name, value)
}

describe("each check is enforced", () => {
  for (const [cookie, label] of [
    ["authjs.state", "state"],
    ["authjs.pkce.code_verifier", "PKCE code_verifier"],
    ["authjs.nonce", "nonce"],
  ] as const) {
    it(`a missing ${label} cookie fails the callback with InvalidCheck`, async () => {
      const app = oidcApp()
      const browser = browserFor({ [appOrigin]: app })
      const { response } = await signInThroughIdp(browser, "dev-oidc", {
        beforeCallback: () => browser.deleteCookie(appOrigin, cookie),
      })
      await expectRejected(app, browser, response, configurationError, "InvalidCheck")
      expect(app.logger.errors[0]!.message).toMatch(/cookie was missing/)
    })

    it(`a tampered ${label} cookie fails the callback with InvalidCheck`, async () => {
      const app = oidcApp()
      const browser = browserFor({ [appOrigin]: app })
      const { response } = await signInThroughIdp(browser, "dev-oidc", {
        beforeCallback: () => {
          const value = browser.cookiesFor(appOrigin).get(cookie)!
          const parts = value.split(".")
          parts[3] = parts[3]!.startsWith("A") ? `B${parts[3]!.slice(1)}` : `A${parts[3]!.slice(1)}`
          browser.setCookie(appOrigin, cookie, parts.join("."))
        },
      })
      await expectRejected(app, browser, response, configurationError, "InvalidCheck")
      expect(app.logger.errors[0]!.message).toMatch(/could not be parsed/)
    })
  }

  it("a state parameter that is not the one in the state cookie fails with InvalidCheck", async () => {
    const app = oidcApp()
    // The attacker's own, perfectly valid, state from a flow they started themselves.
    const attacker = browserFor({ [appOrigin]: app })
    const { authorizationUrl: attackerFlow } = await startSignIn(attacker, "dev-oidc")
    const browser = browserFor({ [appOrigin]: app })
    const { response } = await signInThroughIdp(browser, "dev-oidc", {
      beforeCallback: (callback) => {
        callback.searchParams.set("state", attackerFlow.searchParams.get("state")!)
      },
    })
    await expectRejected(app, browser, response, configurationError, "InvalidCheck")
    expect(app.logger.errors[0]!.message).toMatch(/state value does not match/)
  })

  it("a callback without any state fails when the provider uses state", async () => {
    const app = oidcApp()
    const browser = browserFor({ [appOrigin]: app })
    const { response } = await signInThroughIdp(browser, "dev-oidc", {
      beforeCallback: (callback) => callback.searchParams.delete("state"),
    })
    await expectRejected(app, browser, response, configurationError, "InvalidCheck")
  })

  it("a nonce cookie from another of the user's flows fails the ID token's nonce check", async () => {
    const app = oidcApp()
    const browser = browserFor({ [appOrigin]: app })
    const other = browserFor({ [appOrigin]: app })
    await startSignIn(other, "dev-oidc")
    const { response } = await signInThroughIdp(browser, "dev-oidc", {
      beforeCallback: () => browser.setCookie(appOrigin, "authjs.nonce", other.cookiesFor(appOrigin).get("authjs.nonce")!),
    })
    await expectRejected(app, browser, response, configurationError, "InvalidCheck")
    expect(app.logger.errors[0]!.message).toMatch(/nonce in the ID token does not match/)
  })

  it("a PKCE verifier from another flow is refused by the provider (code bound to its challenge)", async () => {
    const app = oidcApp()
    const browser = browserFor({ [appOrigin]: app })
    const other = browserFor({ [appOrigin]: app })
    await startSignIn(other, "dev-oidc")
    const { response } = await signInThroughIdp(browser, "dev-oidc", {
      beforeCallback: () =>
        browser.setCookie(appOrigin, "authjs.pkce.code_verifier", other.cookiesFor(appOrigin).get("authjs.pkce.code_verifier")!),
    })
    await expectRejected(app, browser, response, configurationError, "CallbackRouteError")
    expect(String((app.logger.errors[0] as any).cause?.err?.error)).toBe("invalid_grant")
  })
})

describe("check cookies are bound to their provider (GHSA-x445-f3h2-j279)", () => {
  it("checks minted for provider A are refused at provider B's callback on the same issuer", async () => {
    const app = oidcApp()
    const browser = browserFor({ [appOrigin]: app })
    const { response } = await signInThroughIdp(browser, "dev-oidc", {
      beforeCallback: (callback) => new URL(callback.href.replace("/callback/dev-oidc", "/callback/dev-oidc-b")),
    })
    await expectRejected(app, browser, response, configurationError, "InvalidCheck")
    expect(app.logger.errors[0]!.message).toMatch(/created for another provider/)
  })

  it("holds for the PKCE-only default too", async () => {
    const app = makeApp([oidcProvider(idp.issuer, { checks: ["pkce"] }), oidcProvider(idp.issuer, { id: "dev-oidc-b", checks: ["pkce"] })])
    const browser = browserFor({ [appOrigin]: app })
    const { response } = await signInThroughIdp(browser, "dev-oidc", {
      beforeCallback: (callback) => new URL(callback.href.replace("/callback/dev-oidc", "/callback/dev-oidc-b")),
    })
    await expectRejected(app, browser, response, configurationError, "InvalidCheck")
  })
})

describe("check cookies never decode as a session (GHSA-v64w-49xw-qq89)", () => {
  it("an interrupted flow's check cookies, presented as the session cookie, give no session", async () => {
    const app = oidcApp()
    const browser = browserFor({ [appOrigin]: app })
    await startSignIn(browser, "dev-oidc")
    const checkValues = ["authjs.state", "authjs.pkce.code_verifier", "authjs.nonce"].map(
      (name) => browser.cookiesFor(appOrigin).get(name)!,
    )
    for (const value of checkValues) {
      const response = await app.handler(new Request(`${base}/session`, { headers: { cookie: `authjs.session-token=${value}` } }))
      expect(await response.json()).toBeNull()
    }
  })
})

describe("the provider's answer", () => {
  it("error=access_denied from the provider ends on the sign-in page with OAuthCallbackError", async () => {
    const app = oidcApp()
    const browser = browserFor({ [appOrigin]: app })
    const { authorizationUrl } = await startSignIn(browser, "dev-oidc")
    const callback = await signInAtDevIdp(browser, authorizationUrl, { cancel: true })
    expect(callback.searchParams.get("error")).toBe("access_denied")
    const response = await browser.request(callback)
    await expectRejected(app, browser, response, `${base}/signin?error=OAuthCallbackError`, "OAuthCallbackError")
    expect((app.logger.errors[0] as any).cause).toMatchObject({ provider: "dev-oidc", error: "access_denied" })
  })

  it("a garbage callback (no code, no state) fails closed without a 500", async () => {
    const app = oidcApp()
    const browser = browserFor({ [appOrigin]: app })
    await startSignIn(browser, "dev-oidc")
    const response = await browser.request(`${base}/callback/dev-oidc?foo=%E0%A4%A&code[]=1`)
    await expectRejected(app, browser, response, configurationError, "InvalidCheck")
  })

  it("a replayed authorization code is refused, even with the original check cookies", async () => {
    const app = oidcApp()
    const browser = browserFor({ [appOrigin]: app })
    const replayer = browserFor({ [appOrigin]: app })
    const { response: first, callback } = await signInThroughIdp(browser, "dev-oidc", {
      beforeCallback: () => cloneAppCookies(browser, replayer),
    })
    expect(first.headers.get("location")).toBe(`${appOrigin}/dashboard`)
    const replay = await replayer.request(callback)
    expect(replay.headers.get("location")).toBe(configurationError)
    expect(setCookieNames(replay).set).not.toContain("authjs.session-token")
    expect(await sessionOf(replayer)).toBeNull()
    expect(loggedTypes(app)).toEqual(["CallbackRouteError"])
  })

  it("an ID token issued to another client (wrong audience) is refused", async () => {
    const stolen = await idTokenFrom(idp, postClient.client_id, postClient.client_secret!)
    // Without the nonce check, so that the audience is what fails (the stolen token has no nonce).
    const app = oidcApp({ checks: ["pkce", "state"], [customFetch]: substituteIdToken(idp.issuer, () => stolen) })
    const browser = browserFor({ [appOrigin]: app })
    const { response } = await signInThroughIdp(browser, "dev-oidc")
    await expectRejected(app, browser, response, configurationError, "CallbackRouteError")
    expect(String((app.logger.errors[0] as any).cause?.err?.message)).toMatch(/unexpected JWT "aud"/)
  })

  it("an ID token without the nonce that was sent is refused", async () => {
    const withoutNonce = await idTokenFrom(idp, basicClient.client_id, basicClient.client_secret!)
    const app = oidcApp({ [customFetch]: substituteIdToken(idp.issuer, () => withoutNonce) })
    const browser = browserFor({ [appOrigin]: app })
    const { response } = await signInThroughIdp(browser, "dev-oidc")
    await expectRejected(app, browser, response, configurationError, "CallbackRouteError")
    expect(String((app.logger.errors[0] as any).cause?.err?.message)).toMatch(/"nonce" \(nonce\) claim missing/)
  })

  it("an ID token from another issuer is refused", async () => {
    const foreign = await idTokenFrom(otherIdp, basicClient.client_id, basicClient.client_secret!)
    const app = oidcApp({ checks: ["pkce", "state"], [customFetch]: substituteIdToken(idp.issuer, () => foreign) })
    const browser = browserFor({ [appOrigin]: app })
    const { response } = await signInThroughIdp(browser, "dev-oidc")
    await expectRejected(app, browser, response, configurationError, "CallbackRouteError")
    expect(String((app.logger.errors[0] as any).cause?.err?.message)).toMatch(/unexpected JWT "iss"/)
  })

  it("an ID token whose claims were altered in transit fails its signature check", async () => {
    const app = oidcApp({
      [customFetch]: substituteIdToken(idp.issuer, (original) => {
        const [header, payload, signature] = original.split(".")
        const claims = JSON.parse(Buffer.from(payload!, "base64url").toString())
        claims.email = "attacker@example.test"
        return [header, Buffer.from(JSON.stringify(claims)).toString("base64url"), signature].join(".")
      }),
    })
    const browser = browserFor({ [appOrigin]: app })
    const { response } = await signInThroughIdp(browser, "dev-oidc")
    await expectRejected(app, browser, response, configurationError, "CallbackRouteError")
    expect(String((app.logger.errors[0] as any).cause?.err?.message)).toMatch(/JWT signature verification failed/)
  })
})

/** A full flow straight against an IdP (as another client) to get a real, validly signed ID token. */
async function idTokenFrom(server: DevIdentityProvider, clientId: string, clientSecret: string): Promise<string> {
  const browser = new FetchBrowser()
  const redirectUri = `${base}/callback/dev-oidc`
  const url = new URL(`${server.issuer}/auth`)
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid email",
  }).toString()
  const callback = await signInAtDevIdp(browser, url)
  const response = await fetch(`${server.issuer}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: callback.searchParams.get("code")!,
      redirect_uri: redirectUri,
      client_id: clientId,
      client_secret: clientSecret,
    }),
  })
  const tokens = (await response.json()) as { id_token?: string }
  if (!tokens.id_token) throw new Error(`no ID token: ${JSON.stringify(tokens)}`)
  return tokens.id_token
}

/** A man in the middle of the token response: swaps the ID token, leaves everything else. */
function substituteIdToken(issuer: string, replace: (original: string) => string): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await fetch(input, init)
    const url = input instanceof Request ? input.url : String(input)
    if (url !== `${issuer}/token` || !response.ok) return response
    const body = (await response.json()) as { id_token: string }
    body.id_token = replace(body.id_token)
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } })
  }) as typeof fetch
}
