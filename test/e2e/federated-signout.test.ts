/**
 * Federated sign-out (OpenID Connect RP-Initiated Logout 1.0) end to end: Auth() in-process, the
 * dev IdP (oidc-provider, rpInitiatedLogout on) on loopback, a cookie-keeping fetch browser.
 */
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import Database from "better-sqlite3"
import { describe, expect, it } from "vitest"
import { MissingOption } from "../../packages/core/src/errors.js"
import { FederatedSignOut } from "../../packages/core/src/federated-sign-out/index.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import type { FetchBrowser } from "../../packages/dev-idp/src/fetch-browser.js"
import {
  appOrigin,
  base,
  basicClient,
  browserFor,
  landing,
  loggedTypes,
  makeApp,
  oauthProvider,
  oidcProvider,
  sessionOf,
  setCookieNames,
  signInThroughIdp,
  useDevIdp,
  startSignIn,
  type TestApp,
} from "./oauth-app.js"

const idp = useDevIdp()

/** An app with `federatedSignOut: FederatedSignOut()`, which brings the code the providers' flags ask for. */
function federatedApp(providers: unknown[], overrides: Partial<AuthConfig> = {}): TestApp {
  return makeApp(providers, { federatedSignOut: FederatedSignOut(), ...overrides })
}

async function signedIn(app: TestApp): Promise<FetchBrowser> {
  const browser = browserFor({ [appOrigin]: app })
  const { response } = await signInThroughIdp(browser, "dev-oidc")
  expect(response.headers.get("location")).toBe(landing)
  expect((await sessionOf(browser)).user.email).toBe("dev@example.test")
  return browser
}

async function postSignOut(browser: FetchBrowser, fields: Record<string, string> = {}): Promise<Response> {
  const { csrfToken } = (await (await browser.request(`${base}/csrf`)).json()) as { csrfToken: string }
  return browser.request(`${base}/signout`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${appOrigin}/goodbye`, ...fields }),
  })
}

/** Whether an authorization request at the IdP shows its login page (no IdP session) or goes straight back. */
async function idpAsksToLogIn(browser: FetchBrowser): Promise<boolean> {
  const { authorizationUrl } = await startSignIn(browser, "dev-oidc")
  const result = await browser.follow(authorizationUrl, {}, { stopAt: (url) => url.origin !== idp().issuer })
  return new URL(result.url).pathname.startsWith("/interaction/") && result.response.status === 200
}

/** oidc-provider's logout confirmation page, answered "Yes, sign me out"; returns where the IdP sends the browser. */
async function confirmAtIdp(browser: FetchBrowser, endSessionUrl: string): Promise<URL> {
  const page = await browser.request(endSessionUrl)
  expect(page.status).toBe(200)
  const html = await page.text()
  const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1]
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1]
  expect(action, html.slice(0, 400)).toBeDefined()
  const result = await browser.submitForm(
    action!.replace(/&amp;/g, "&"),
    { xsrf: xsrf!, logout: "yes" },
    {
      stopAt: (url) => url.origin !== idp().issuer,
    },
  )
  return new URL(result.response.headers.get("location")!, result.url)
}

describe("federated sign-out", () => {
  it("ends the local session, sends the browser to the end-session endpoint, lands on callbackUrl, and the IdP asks to log in again", async () => {
    const app = federatedApp([oidcProvider(idp().issuer, { federatedSignOut: "on-request" })])
    const browser = await signedIn(app)
    // The IdP session is live: a second sign-in goes straight through (so the last check below means something).
    expect(await idpAsksToLogIn(browser)).toBe(false)

    const response = await postSignOut(browser, { federated: "true" })
    expect(response.status).toBe(302)
    expect(setCookieNames(response).deleted).toContain("authjs.session-token")
    expect(await sessionOf(browser)).toBeNull()

    const endSession = new URL(response.headers.get("location")!)
    expect(endSession.origin + endSession.pathname).toBe(`${idp().issuer}/session/end`)
    expect(endSession.searchParams.get("client_id")).toBe(basicClient.client_id)
    expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(`${base}/signout/callback/dev-oidc`)
    expect(endSession.searchParams.get("state")).toMatch(/^[\w-]{20,}$/)
    const idTokenHint = endSession.searchParams.get("id_token_hint")!
    const claims = JSON.parse(atob(idTokenHint.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")))
    expect(claims).toMatchObject({ iss: idp().issuer, aud: basicClient.client_id, sub: "dev-user-1" })

    const back = await confirmAtIdp(browser, endSession.href)
    expect(back.origin + back.pathname).toBe(`${base}/signout/callback/dev-oidc`)
    expect(back.searchParams.get("state")).toBe(endSession.searchParams.get("state"))
    const landed = await browser.request(back)
    expect(landed.status).toBe(302)
    expect(landed.headers.get("location")).toBe(`${appOrigin}/goodbye`)
    expect(setCookieNames(landed).deleted).toContain("authjs.signout-state")

    expect(await idpAsksToLogIn(browser)).toBe(true)
  })

  it("is the default with `federatedSignOut: true`, and `federated=false` opts out", async () => {
    const app = federatedApp([oidcProvider(idp().issuer, { federatedSignOut: true })])
    const browser = await signedIn(app)
    const optedOut = await postSignOut(browser, { federated: "false" })
    expect(optedOut.headers.get("location")).toBe(`${appOrigin}/goodbye`)

    const again = await signedIn(app)
    const response = await postSignOut(again)
    expect(new URL(response.headers.get("location")!).pathname).toBe("/session/end")
  })

  it("refuses a landing with a forged state, without a state, or without the state cookie", async () => {
    const app = federatedApp([oidcProvider(idp().issuer, { federatedSignOut: true })])
    const browser = await signedIn(app)
    const endSession = new URL((await postSignOut(browser)).headers.get("location")!)
    const state = endSession.searchParams.get("state")!

    for (const query of ["?state=forged", ""]) {
      const refused = await browser.request(`${base}/signout/callback/dev-oidc${query}`)
      expect(refused.status).toBe(302)
      expect(refused.headers.get("location")).toBe(`${base}/error?error=Configuration`)
    }
    expect(loggedTypes(app)).toEqual(["InvalidCheck", "InvalidCheck"])

    // A state handed to one browser does not work in another.
    const other = browserFor({ [appOrigin]: app })
    const foreign = await other.request(`${base}/signout/callback/dev-oidc?state=${state}`)
    expect(foreign.headers.get("location")).toBe(`${base}/error?error=Configuration`)

    // The right browser with the right state still lands.
    const landed = await browser.request(`${base}/signout/callback/dev-oidc?state=${state}`)
    expect(landed.headers.get("location")).toBe(`${appOrigin}/goodbye`)
    // …once: the state cookie is gone.
    const replay = await browser.request(`${base}/signout/callback/dev-oidc?state=${state}`)
    expect(replay.headers.get("location")).toBe(`${base}/error?error=Configuration`)
  })

  it("never lands on a foreign callbackUrl", async () => {
    const app = federatedApp([oidcProvider(idp().issuer, { federatedSignOut: true })])
    const browser = await signedIn(app)
    const response = await postSignOut(browser, { callbackUrl: "https://evil.example/phish" })
    const endSession = new URL(response.headers.get("location")!)
    const landed = await browser.request(`${base}/signout/callback/dev-oidc?state=${endSession.searchParams.get("state")}`)
    expect(landed.headers.get("location")).toBe(appOrigin)
  })

  it("answers only GET at the landing", async () => {
    const app = federatedApp([oidcProvider(idp().issuer, { federatedSignOut: true })])
    const browser = await signedIn(app)
    const { csrfToken } = (await (await browser.request(`${base}/csrf`)).json()) as { csrfToken: string }
    const response = await browser.request(`${base}/signout/callback/dev-oidc`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken }),
    })
    expect(response.headers.get("location")).toBe(`${base}/error?error=Configuration`)
    expect((await sessionOf(browser)).user.email).toBe("dev@example.test")
  })

  it("leaves a plain sign-out as it was: no provider redirect, no ID token in the session cookie", async () => {
    const plainApp = makeApp([oidcProvider(idp().issuer)])
    const plain = await signedIn(plainApp)
    const plainCookie = plain.cookiesFor(appOrigin).get("authjs.session-token")!
    const response = await postSignOut(plain)
    expect(response.headers.get("location")).toBe(`${appOrigin}/goodbye`)
    expect(setCookieNames(response).deleted).toEqual(["authjs.session-token"])
    expect(setCookieNames(response).set).not.toContain("authjs.signout-state")
    expect(await sessionOf(plain)).toBeNull()
    expect(await idpAsksToLogIn(plain)).toBe(false)

    const markingApp = federatedApp([oidcProvider(idp().issuer, { federatedSignOut: "on-request" })])
    const federated = await signedIn(markingApp)
    const federatedCookie = federated.cookiesFor(appOrigin).get("authjs.session-token")!
    // The ID token rides in the cookie only for providers that may sign out federated.
    expect(federatedCookie.length - plainCookie.length).toBeGreaterThan(500)
  })

  it("asked for a session whose provider does not keep what it needs: the local session ends, the error is logged and shown", async () => {
    const app = makeApp([oidcProvider(idp().issuer)])
    const browser = await signedIn(app)
    const response = await postSignOut(browser, { federated: "true" })
    expect(response.headers.get("location")).toBe(`${base}/error?error=Configuration`)
    expect(setCookieNames(response).deleted).toContain("authjs.session-token")
    expect(await sessionOf(browser)).toBeNull()
    expect(loggedTypes(app)).toEqual(["InvalidProvider"])
  })

  it("with the option, a session whose provider lacks the flag: asked for, the error is logged and shown; not asked, a plain sign-out", async () => {
    const app = federatedApp([oidcProvider(idp().issuer)])
    const plain = await signedIn(app)
    // No ID token in the cookie of a provider without the flag: about the size of an app's without the option.
    const cookie = plain.cookiesFor(appOrigin).get("authjs.session-token")!
    const withoutOption = (await signedIn(makeApp([oidcProvider(idp().issuer)]))).cookiesFor(appOrigin).get("authjs.session-token")!
    expect(Math.abs(cookie.length - withoutOption.length)).toBeLessThan(100)
    const response = await postSignOut(plain)
    expect(response.headers.get("location")).toBe(`${appOrigin}/goodbye`)
    expect(setCookieNames(response).deleted).toEqual(["authjs.session-token"])

    const asking = await signedIn(app)
    const refused = await postSignOut(asking, { federated: "true" })
    expect(refused.headers.get("location")).toBe(`${base}/error?error=Configuration`)
    expect(await sessionOf(asking)).toBeNull()
    expect(loggedTypes(app)).toEqual(["InvalidProvider"])
  })

  it("a provider with the flag in a config without FederatedSignOut(): refused at configuration, naming the import", async () => {
    for (const flag of [true, "on-request"] as const) {
      const app = makeApp([oidcProvider(idp().issuer, { federatedSignOut: flag })])
      const response = await app.handler(new Request(`${base}/session`))
      expect(response.status).toBe(500)
      const [error] = app.logger.errors
      expect(error).toBeInstanceOf(MissingOption)
      expect((error as MissingOption).code).toBe("federated-sign-out")
      expect(error!.message).toMatch(/^Provider "dev-oidc" has `federatedSignOut`, but the config does not turn federated sign-out on/)
      expect(error!.message).toContain('import { FederatedSignOut } from "@gatehouse/core/federated-sign-out"')
      // Never a sign-in that would end in a silent plain sign-out.
      const browser = browserFor({ [appOrigin]: app })
      const signIn = await browser.request(`${base}/signin/dev-oidc`, { method: "POST" })
      expect(signIn.status).not.toBe(302)
    }
  })

  it("without the option, the landing is refused before any state is read", async () => {
    const app = makeApp([oidcProvider(idp().issuer)])
    const response = await app.handler(new Request(`${base}/signout/callback/dev-oidc?state=x`))
    expect(response.headers.get("location")).toBe(`${base}/error?error=Configuration`)
    expect(loggedTypes(app)).toEqual(["UnknownAction"])
  })

  it("a provider without an end_session_endpoint: refused at configuration, or logged and shown at sign-out", async () => {
    // No issuer to discover from, no declared endpoint: the config itself is refused.
    const noIssuer = oauthProvider(idp().issuer, { federatedSignOut: true, issuer: undefined, idToken: false })
    const refusedApp = federatedApp([noIssuer])
    const refused = await refusedApp.handler(new Request(`${base}/session`))
    expect(refused.status).toBe(500)
    expect(refusedApp.logger.errors[0]?.message).toMatch(/"dev-oauth" has no end_session_endpoint/)

    // An issuer whose discovery document names none (the IdP's own, with the endpoint removed).
    const withoutEndpoint = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await fetch(input, init)
      if (!new URL(new Request(input).url).pathname.endsWith("/openid-configuration")) return response
      const { end_session_endpoint: _dropped, ...metadata } = (await response.json()) as Record<string, unknown>
      return Response.json(metadata)
    }) as typeof fetch
    const { customFetch } = await import("../../packages/core/src/index.js")
    const app = federatedApp([oidcProvider(idp().issuer, { federatedSignOut: true, [customFetch]: withoutEndpoint })])
    const browser = await signedIn(app)
    const response = await postSignOut(browser)
    expect(response.headers.get("location")).toBe(`${base}/error?error=Configuration`)
    expect(await sessionOf(browser)).toBeNull()
    expect(app.logger.errors.map((e) => e.message).join()).toMatch(/"dev-oidc" has no end_session_endpoint/)
  })

  it("uses the endpoint an OAuth provider declares", async () => {
    const app = federatedApp([
      oauthProvider(idp().issuer, { id: "dev-oidc", federatedSignOut: true, endSessionEndpoint: `${idp().issuer}/session/end` }),
    ])
    const browser = await signedIn(app)
    const response = await postSignOut(browser)
    const endSession = new URL(response.headers.get("location")!)
    expect(endSession.href.startsWith(`${idp().issuer}/session/end?`)).toBe(true)
    expect(endSession.searchParams.get("id_token_hint")).toMatch(/^ey/)
    const back = await confirmAtIdp(browser, endSession.href)
    expect((await browser.request(back)).headers.get("location")).toBe(`${appOrigin}/goodbye`)
  })

  it("database sessions: the ID token comes from the account row; the landing and the IdP sign-out work the same", async () => {
    const db = new Database(":memory:")
    const adapter = SQLiteAdapter(db)
    const app = federatedApp([oidcProvider(idp().issuer, { federatedSignOut: true })], { adapter, session: { strategy: "database" } })
    const browser = browserFor({ [appOrigin]: app })
    const { response: signInResponse } = await signInThroughIdp(browser, "dev-oidc")
    expect(setCookieNames(signInResponse).set).toContain("authjs.idp")
    expect((await sessionOf(browser)).user.email).toBe("dev@example.test")
    const storedIdToken = (db.prepare("SELECT id_token FROM accounts").get() as { id_token: string }).id_token
    expect(await idpAsksToLogIn(browser)).toBe(false)

    const response = await postSignOut(browser)
    expect(setCookieNames(response).deleted).toEqual(expect.arrayContaining(["authjs.session-token", "authjs.idp"]))
    expect(db.prepare("SELECT count(*) AS n FROM sessions").get()).toEqual({ n: 0 })
    const endSession = new URL(response.headers.get("location")!)
    expect(endSession.searchParams.get("id_token_hint")).toBe(storedIdToken)
    const back = await confirmAtIdp(browser, endSession.href)
    expect((await browser.request(back)).headers.get("location")).toBe(`${appOrigin}/goodbye`)
    expect(await idpAsksToLogIn(browser)).toBe(true)
    db.close()
  })

  it("database sessions: an identity-provider cookie from another session is not used", async () => {
    const db = new Database(":memory:")
    const app = federatedApp([oidcProvider(idp().issuer, { federatedSignOut: "on-request" })], {
      adapter: SQLiteAdapter(db),
      session: { strategy: "database" },
    })
    const first = browserFor({ [appOrigin]: app })
    await signInThroughIdp(first, "dev-oidc")
    const second = browserFor({ [appOrigin]: app })
    await signInThroughIdp(second, "dev-oidc")
    // The second browser carries the first one's cookie: it names the first session, not this one.
    second.setCookie(appOrigin, "authjs.idp", first.cookiesFor(appOrigin).get("authjs.idp")!)
    const response = await postSignOut(second, { federated: "true" })
    expect(response.headers.get("location")).toBe(`${base}/error?error=Configuration`)
    expect(await sessionOf(second)).toBeNull()
    expect(loggedTypes(app)).toEqual(["InvalidProvider"])
    db.close()
  })

  it("binds the state to its provider: another provider's landing refuses it", async () => {
    const app = federatedApp([
      oidcProvider(idp().issuer, { federatedSignOut: true }),
      oidcProvider(idp().issuer, { id: "dev-oidc-b", federatedSignOut: true }),
    ])
    const browser = await signedIn(app)
    const state = new URL((await postSignOut(browser)).headers.get("location")!).searchParams.get("state")!
    const wrong = await browser.request(`${base}/signout/callback/dev-oidc-b?state=${state}`)
    expect(wrong.headers.get("location")).toBe(`${base}/error?error=Configuration`)
    expect(app.logger.errors.map((e) => e.message).join()).toMatch(/created for another provider/)
  })

  it("keeps the provider and ID token through a jwt callback that rebuilds the token", async () => {
    const app = federatedApp([oidcProvider(idp().issuer, { federatedSignOut: true })], {
      callbacks: { jwt: ({ token }) => ({ sub: token.sub, email: token.email }) },
    })
    const browser = await signedIn(app)
    // A session read runs the callback again and re-issues the cookie.
    await browser.request(`${base}/session`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })
    const endSession = new URL((await postSignOut(browser)).headers.get("location")!)
    expect(endSession.pathname).toBe("/session/end")
    expect(endSession.searchParams.get("id_token_hint")).toMatch(/^ey/)
  })

  it("follows today's CSRF and Origin rules: a cross-site federated sign-out ends nothing and goes nowhere", async () => {
    const app = federatedApp([oidcProvider(idp().issuer, { federatedSignOut: true })])
    const browser = await signedIn(app)
    const { csrfToken } = (await (await browser.request(`${base}/csrf`)).json()) as { csrfToken: string }
    const response = await browser.request(`${base}/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${appOrigin}/goodbye`, federated: "true" }),
    })
    expect(response.headers.get("location")).toBe(`${base}/signin?error=MissingCSRF`)
    expect((await sessionOf(browser)).user.email).toBe("dev@example.test")
  })
})
