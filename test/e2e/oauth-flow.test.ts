/**
 * OAuth 2 / OpenID Connect sign-in end to end: Auth() in-process, the dev IdP (oidc-provider) on
 * loopback, a cookie-keeping fetch browser in between. Nothing is mocked.
 */
import { describe, expect, it } from "vitest"
import { customFetch, setEnvDefaults } from "../../packages/core/src/index.js"
import { completeAtDevIdp } from "../../packages/dev-idp/src/fetch-browser.js"
import { decode } from "../../packages/core/src/jwt.js"
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
  postClient,
  secret,
  sessionOf,
  setCookieNames,
  specialClient,
  signInThroughIdp,
  useDevIdp,
  startSignIn,
} from "./oauth-app.js"

const idp = useDevIdp()

/** A fetch that records what Gatehouse sends to the IdP, then sends it for real. */
function recordingFetch() {
  const requests: { url: string; method: string; headers: Headers; body: string }[] = []
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    requests.push({
      url: request.url,
      method: request.method,
      headers: new Headers(request.headers),
      body: request.method === "POST" ? await request.clone().text() : "",
    })
    return fetch(request)
  }) as typeof fetch
  return { fetch: fetchImpl, requests }
}

describe("OIDC sign-in via discovery", () => {
  it("redirects to the discovered authorization endpoint with state, PKCE (S256) and nonce in 15-minute HttpOnly cookies", async () => {
    const app = makeApp([oidcProvider(idp().issuer)])
    const browser = browserFor({ [appOrigin]: app })
    const { authorizationUrl, response } = await startSignIn(browser, "dev-oidc", { query: "?login_hint=dev-user-2&prompt=login" })

    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${idp().issuer}/auth`)
    const query = authorizationUrl.searchParams
    expect(query.get("response_type")).toBe("code")
    expect(query.get("client_id")).toBe(basicClient.client_id)
    expect(query.get("redirect_uri")).toBe(`${base}/callback/dev-oidc`)
    expect(query.get("scope")).toBe("openid profile email")
    expect(query.get("code_challenge_method")).toBe("S256")
    expect(query.get("code_challenge")).toMatch(/^[\w-]{43}$/)
    expect(query.get("nonce")).toMatch(/^[\w-]{20,}$/)
    expect(query.get("state")!.split(".")).toHaveLength(5) // a JWE
    // The sign-in request's own query string is passed on to the provider.
    expect(query.get("login_hint")).toBe("dev-user-2")
    expect(query.get("prompt")).toBe("login")

    const checkCookies = response.headers.getSetCookie().filter((c) => /^authjs\.(state|pkce\.code_verifier|nonce)=/.test(c))
    expect(checkCookies).toHaveLength(3)
    for (const cookie of checkCookies) {
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/SameSite=Lax/i)
      expect(cookie).toMatch(/Expires=/i)
      const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)![1]!)
      expect(expires - Date.now()).toBeGreaterThan(14 * 60_000)
      expect(expires - Date.now()).toBeLessThanOrEqual(15 * 60_000)
    }
  })

  it("lets the app's query override plain params but never the check values", async () => {
    const app = makeApp([oidcProvider(idp().issuer)])
    const browser = browserFor({ [appOrigin]: app })
    const { authorizationUrl } = await startSignIn(browser, "dev-oidc", {
      query: "?state=attacker&code_challenge=attacker&code_challenge_method=plain&nonce=attacker&scope=openid",
    })
    expect(authorizationUrl.searchParams.get("scope")).toBe("openid")
    for (const param of ["state", "code_challenge", "nonce"]) {
      expect(authorizationUrl.searchParams.getAll(param)).toHaveLength(1)
      expect(authorizationUrl.searchParams.get(param)).not.toBe("attacker")
    }
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256")
  })

  it("a profile() that throws ends on the error page with OAuthProfileParseError logged, no session", async () => {
    const app = makeApp([
      oidcProvider(idp().issuer, {
        profile() {
          throw new Error("profile mapping broke")
        },
      }),
    ])
    const browser = browserFor({ [appOrigin]: app })
    const { response } = await signInThroughIdp(browser, "dev-oidc")
    expect(response.headers.get("location")).toBe(`${base}/error?error=Configuration`)
    expect(setCookieNames(response).set).not.toContain("authjs.session-token")
    expect(loggedTypes(app)).toEqual(["OAuthProfileParseError"])
    expect(await sessionOf(browser)).toBeNull()
  })

  it("signs the user in: session from the ID token, check cookies deleted, jwt callback sees account and profile", async () => {
    const seen: any[] = []
    const app = makeApp([oidcProvider(idp().issuer)], {
      callbacks: {
        jwt(params) {
          seen.push(params)
          return params.token
        },
      },
    })
    const browser = browserFor({ [appOrigin]: app })
    const before = Math.floor(Date.now() / 1000)
    const { response } = await signInThroughIdp(browser, "dev-oidc")

    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(landing)
    const cookies = setCookieNames(response)
    expect(cookies.set).toContain("authjs.session-token")
    expect(cookies.deleted).toEqual(expect.arrayContaining(["authjs.state", "authjs.pkce.code_verifier", "authjs.nonce"]))
    expect(loggedTypes(app)).toEqual([])

    const session = await sessionOf(browser)
    // The e-mail is lower-cased; the IdP has it as Dev@Example.test.
    expect(session.user).toEqual({ name: "Dev User", email: "dev@example.test" })

    const signIn = seen.find((params) => params.account)
    expect(signIn.trigger).toBe("signIn")
    expect(signIn.profile).toMatchObject({ sub: "dev-user-1", iss: idp().issuer, aud: basicClient.client_id, email: "Dev@Example.test" })
    const { account } = signIn
    expect(account).toMatchObject({
      provider: "dev-oidc",
      type: "oidc",
      providerAccountId: "dev-user-1",
      token_type: "bearer",
      scope: "openid profile email",
      expires_in: 3600,
    })
    expect(typeof account.access_token).toBe("string")
    expect(account.id_token.split(".")).toHaveLength(3)
    expect(account.expires_at).toBeGreaterThanOrEqual(before + 3600)
    expect(account.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600)
    // The OAuth user's id is a fresh UUID, never the provider's id.
    expect(signIn.user.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(signIn.user.id).not.toBe("dev-user-1")
  })

  it("discovers once per issuer and authenticates with client_secret_basic by default", async () => {
    const recorder = recordingFetch()
    const app = makeApp([oidcProvider(idp().issuer, { [customFetch]: recorder.fetch })])
    await signInThroughIdp(browserFor({ [appOrigin]: app }), "dev-oidc")
    await signInThroughIdp(browserFor({ [appOrigin]: app }), "dev-oidc")

    const discovery = recorder.requests.filter((r) => r.url.endsWith("/.well-known/openid-configuration"))
    expect(discovery).toHaveLength(1)
    const tokenRequests = recorder.requests.filter((r) => r.url === `${idp().issuer}/token`)
    expect(tokenRequests).toHaveLength(2)
    for (const request of tokenRequests) {
      const expected = `Basic ${btoa(`${basicClient.client_id}:${basicClient.client_secret}`)}`
      expect(request.headers.get("authorization")).toBe(expected)
      const body = new URLSearchParams(request.body)
      expect(body.get("grant_type")).toBe("authorization_code")
      expect(body.has("client_secret")).toBe(false)
      expect(body.get("code_verifier")).toMatch(/^[\w-]{43}$/)
      expect(body.get("redirect_uri")).toBe(`${base}/callback/dev-oidc`)
    }
    expect(loggedTypes(app)).toEqual([])
  })

  it("form-url-encodes Basic credentials as Auth.js does (spaces as +, `.` and `_` untouched)", async () => {
    const recorder = recordingFetch()
    const app = makeApp([
      oidcProvider(idp().issuer, {
        clientId: specialClient.client_id,
        clientSecret: specialClient.client_secret,
        [customFetch]: recorder.fetch,
      }),
    ])
    const browser = browserFor({ [appOrigin]: app })
    const { response } = await signInThroughIdp(browser, "dev-oidc")
    expect(response.headers.get("location")).toBe(landing)
    const token = recorder.requests.find((r) => r.url === `${idp().issuer}/token`)!
    expect(token.headers.get("authorization")).toBe(`Basic ${btoa("gatehouse.special_client:p%40ss+word%3A%2B%2F%25x")}`)
  })

  it("takes client id, secret and issuer from AUTH_<ID>_ID / _SECRET / _ISSUER", async () => {
    const app = makeApp([{ id: "dev-oidc", name: "Dev IdP", type: "oidc", checks: ["pkce", "state", "nonce"] }])
    setEnvDefaults(
      { AUTH_DEV_OIDC_ID: basicClient.client_id, AUTH_DEV_OIDC_SECRET: basicClient.client_secret, AUTH_DEV_OIDC_ISSUER: idp().issuer },
      app.config,
    )
    const browser = browserFor({ [appOrigin]: app })
    const { authorizationUrl, response } = await signInThroughIdp(browser, "dev-oidc")
    expect(authorizationUrl.searchParams.get("client_id")).toBe(basicClient.client_id)
    expect(response.headers.get("location")).toBe(landing)
    expect((await sessionOf(browser)).user.email).toBe("dev@example.test")
  })

  it("handles response_mode=form_post: the provider POSTs the callback, state and nonce cookies are SameSite=None", async () => {
    const app = makeApp([
      oidcProvider(idp().issuer, {
        id: "dev-form-post",
        authorization: { params: { scope: "openid profile email", response_mode: "form_post" } },
      }),
    ])
    const browser = browserFor({ [appOrigin]: app })
    const { authorizationUrl, response: signIn } = await startSignIn(browser, "dev-form-post")
    expect(authorizationUrl.searchParams.get("response_mode")).toBe("form_post")
    for (const cookie of signIn.headers.getSetCookie().filter((c) => /^authjs\.(state|nonce)=/.test(c))) {
      expect(cookie).toMatch(/SameSite=None/i)
      expect(cookie).toMatch(/Secure/i)
    }

    const back = await completeAtDevIdp(browser, authorizationUrl)
    expect(back.method).toBe("POST")
    if (back.method !== "POST") return
    expect(back.url.href).toBe(`${base}/callback/dev-form-post`)
    expect(back.fields.code).toBeTruthy()
    const response = await browser.request(back.url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(back.fields),
    })
    expect(response.headers.get("location")).toBe(landing)
    expect(loggedTypes(app)).toEqual([])
    expect((await sessionOf(browser)).user.name).toBe("Dev User")
  })

  it("reads the profile from userinfo when idToken is false", async () => {
    const recorder = recordingFetch()
    const app = makeApp([oidcProvider(idp().issuer, { idToken: false, [customFetch]: recorder.fetch })])
    const browser = browserFor({ [appOrigin]: app })
    const { response } = await signInThroughIdp(browser, "dev-oidc", { username: "dev-user-2" })
    expect(response.headers.get("location")).toBe(landing)
    expect(recorder.requests.some((r) => r.url === `${idp().issuer}/me`)).toBe(true)
    expect((await sessionOf(browser)).user).toEqual({ name: "Second User", email: "second@example.test" })
  })
})

describe("OAuth 2 sign-in with explicit endpoints", () => {
  it("uses userinfo for the profile and client_secret_post at the token endpoint", async () => {
    const recorder = recordingFetch()
    const seen: any[] = []
    const app = makeApp(
      [
        oauthProvider(idp().issuer, {
          id: "dev-oauth-post",
          clientId: postClient.client_id,
          clientSecret: postClient.client_secret,
          client: { token_endpoint_auth_method: "client_secret_post" },
          [customFetch]: recorder.fetch,
          profile: (profile: any) => ({ id: profile.sub, name: profile.name, email: profile.email, image: null }),
        }),
      ],
      { callbacks: { jwt: (params) => (seen.push(params), params.token) } },
    )
    const browser = browserFor({ [appOrigin]: app })
    const { authorizationUrl, response } = await signInThroughIdp(browser, "dev-oauth-post")

    expect(authorizationUrl.searchParams.get("client_id")).toBe(postClient.client_id)
    // Default checks of a generic provider: PKCE only.
    expect(authorizationUrl.searchParams.has("state")).toBe(false)
    expect(authorizationUrl.searchParams.has("nonce")).toBe(false)
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256")
    expect(response.headers.get("location")).toBe(landing)
    expect(loggedTypes(app)).toEqual([])

    // No discovery at all: every endpoint is configured.
    expect(recorder.requests.some((r) => r.url.includes("/.well-known/"))).toBe(false)
    const token = recorder.requests.find((r) => r.url === `${idp().issuer}/token`)!
    expect(token.headers.has("authorization")).toBe(false)
    const body = new URLSearchParams(token.body)
    expect(body.get("client_id")).toBe(postClient.client_id)
    expect(body.get("client_secret")).toBe(postClient.client_secret)
    const userinfo = recorder.requests.find((r) => r.url === `${idp().issuer}/me`)!
    expect(userinfo.headers.get("authorization")).toMatch(/^Bearer \S+/)

    const signIn = seen.find((params) => params.account)
    expect(signIn.account).toMatchObject({
      provider: "dev-oauth-post",
      type: "oauth",
      providerAccountId: "dev-user-1",
      token_type: "bearer",
    })
    // The profile is the userinfo response (it has email_verified, which the ID token mapping would not add).
    expect(signIn.profile).toEqual({
      sub: "dev-user-1",
      name: "Dev User",
      preferred_username: "dev",
      email: "Dev@Example.test",
      email_verified: true,
    })
    expect((await sessionOf(browser)).user).toEqual({ name: "Dev User", email: "dev@example.test", image: null })
  })

  it("uses the provider's own userinfo.request when it has one", async () => {
    const app = makeApp([
      oauthProvider(idp().issuer, {
        userinfo: {
          url: `${idp().issuer}/me`,
          async request({ tokens }: { tokens: { access_token: string } }) {
            const response = await fetch(`${idp().issuer}/me`, { headers: { Authorization: `Bearer ${tokens.access_token}` } })
            return { ...(await response.json()), name: "From Custom Request" }
          },
        },
      }),
    ])
    const browser = browserFor({ [appOrigin]: app })
    await signInThroughIdp(browser, "dev-oauth")
    expect((await sessionOf(browser)).user.name).toBe("From Custom Request")
  })
})

describe("two providers on one issuer", () => {
  it("each signs in through its own callback", async () => {
    const app = makeApp([oidcProvider(idp().issuer), oidcProvider(idp().issuer, { id: "dev-oidc-b", name: "Dev IdP B" })])
    for (const id of ["dev-oidc", "dev-oidc-b"]) {
      const browser = browserFor({ [appOrigin]: app })
      const { authorizationUrl, response } = await signInThroughIdp(browser, id)
      expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(`${base}/callback/${id}`)
      expect(response.headers.get("location")).toBe(landing)
      expect((await sessionOf(browser)).user.email).toBe("dev@example.test")
    }
    expect(loggedTypes(app)).toEqual([])
  })
})

describe("redirectProxyUrl", () => {
  const proxyOrigin = "http://proxy.test"
  const previewOrigin = "http://preview.test"

  it("sends the provider to the proxy, which hands the callback on to the deployment named in the state", async () => {
    const redirectProxyUrl = `${proxyOrigin}/auth`
    const proxy = makeApp([oidcProvider(idp().issuer, { checks: ["pkce"] })], {
      redirectProxyUrl,
      redirectProxyAllowedOrigins: [previewOrigin],
    })
    const preview = makeApp([oidcProvider(idp().issuer, { checks: ["pkce"] })], { redirectProxyUrl })
    const browser = browserFor({ [proxyOrigin]: proxy, [previewOrigin]: preview })

    const { authorizationUrl } = await startSignIn(browser, "dev-oidc", { origin: previewOrigin })
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(`${proxyOrigin}/auth/callback/dev-oidc`)
    const state = authorizationUrl.searchParams.get("state")
    expect(state).toBeTruthy() // forced on by the proxy
    const statePayload = await decode({ token: state!, secret, salt: "encodedState" })
    expect(statePayload).toMatchObject({ origin: `${previewOrigin}/auth/callback/dev-oidc`, random: expect.any(String) })

    const { signInAtDevIdp } = await import("../../packages/dev-idp/src/fetch-browser.js")
    const callback = await signInAtDevIdp(browser, authorizationUrl)
    expect(callback.origin).toBe(proxyOrigin)

    const atProxy = await browser.request(callback)
    expect(atProxy.status).toBe(302)
    const handedOn = new URL(atProxy.headers.get("location")!)
    expect(handedOn.origin + handedOn.pathname).toBe(`${previewOrigin}/auth/callback/dev-oidc`)
    expect(handedOn.searchParams.get("code")).toBe(callback.searchParams.get("code"))
    expect(handedOn.searchParams.get("state")).toBe(state)
    expect(setCookieNames(atProxy).set).not.toContain("authjs.session-token")

    const atPreview = await browser.request(handedOn)
    expect(atPreview.headers.get("location")).toBe(`${previewOrigin}/dashboard`)
    expect((await sessionOf(browser, previewOrigin)).user.email).toBe("dev@example.test")
    expect(await sessionOf(browser, proxyOrigin)).toBeNull()
    expect([...loggedTypes(proxy), ...loggedTypes(preview)]).toEqual([])
  })

  /**
   * Issue 25: whoever starts a sign-in at a deployment decides the origin its state records (a
   * spoofed Host did). The attacker starts one under their own host, sends the victim the
   * authorization URL, and waits for the proxy to hand them the victim's code.
   */
  it.each([
    ["lists nothing", undefined],
    ["lists only other origins", [previewOrigin, "http://*.preview.test", "https://*.evil.test"]],
  ])("refuses to hand a callback on to an origin it does not list, when it %s", async (_label, allowed) => {
    const evilOrigin = "http://evil.test"
    const redirectProxyUrl = `${proxyOrigin}/auth`
    const proxy = makeApp([oidcProvider(idp().issuer)], { redirectProxyUrl, redirectProxyAllowedOrigins: allowed })
    // A deployment without AUTH_URL that trusts the Host header: the attacker's Host lands in the state.
    const preview = makeApp([oidcProvider(idp().issuer)], { redirectProxyUrl })
    const attacker = browserFor({ [evilOrigin]: preview })
    const { authorizationUrl } = await startSignIn(attacker, "dev-oidc", { origin: evilOrigin })
    const statePayload = await decode({ token: authorizationUrl.searchParams.get("state")!, secret, salt: "encodedState" })
    expect(statePayload).toMatchObject({ origin: `${evilOrigin}/auth/callback/dev-oidc` })

    const victim = browserFor({ [proxyOrigin]: proxy })
    const { signInAtDevIdp } = await import("../../packages/dev-idp/src/fetch-browser.js")
    const callback = await signInAtDevIdp(victim, authorizationUrl)
    expect(callback.searchParams.get("code")).toBeTruthy()
    const atProxy = await victim.request(callback)
    expect(atProxy.status).toBe(302)
    expect(atProxy.headers.get("location")).toBe(`${proxyOrigin}/auth/error?error=Configuration`)
    expect(loggedTypes(proxy)).toEqual(["InvalidCheck"])
    expect(proxy.logger.errors[0].message).toContain("redirectProxyAllowedOrigins")
  })

  it("hands a callback on to a subdomain a wildcard entry lists", async () => {
    const branchOrigin = "http://pr-42.preview.test"
    const redirectProxyUrl = `${proxyOrigin}/auth`
    const proxy = makeApp([oidcProvider(idp().issuer)], { redirectProxyUrl, redirectProxyAllowedOrigins: ["http://*.preview.test"] })
    const branch = makeApp([oidcProvider(idp().issuer)], { redirectProxyUrl })
    const browser = browserFor({ [proxyOrigin]: proxy, [branchOrigin]: branch })
    const { authorizationUrl } = await startSignIn(browser, "dev-oidc", { origin: branchOrigin })
    const { signInAtDevIdp } = await import("../../packages/dev-idp/src/fetch-browser.js")
    const atProxy = await browser.request(await signInAtDevIdp(browser, authorizationUrl))
    const handedOn = new URL(atProxy.headers.get("location")!)
    expect(handedOn.origin).toBe(branchOrigin)
    await browser.request(handedOn)
    expect((await sessionOf(browser, branchOrigin)).user.email).toBe("dev@example.test")
  })

  it("signs in directly on the proxy itself", async () => {
    const proxy = makeApp([oidcProvider(idp().issuer)], { redirectProxyUrl: `${proxyOrigin}/auth` })
    const browser = browserFor({ [proxyOrigin]: proxy })
    const { authorizationUrl, response } = await signInThroughIdp(browser, "dev-oidc", { origin: proxyOrigin })
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(`${proxyOrigin}/auth/callback/dev-oidc`)
    expect(response.headers.get("location")).toBe(`${proxyOrigin}/dashboard`)
    expect((await sessionOf(browser, proxyOrigin)).user.name).toBe("Dev User")
  })

  it("refuses a state it cannot decrypt at the proxy", async () => {
    const proxy = makeApp([oidcProvider(idp().issuer)], { redirectProxyUrl: `${proxyOrigin}/auth` })
    const browser = browserFor({ [proxyOrigin]: proxy })
    const response = await browser.request(`${proxyOrigin}/auth/callback/dev-oidc?code=abc&state=not-a-jwe`)
    expect(response.headers.get("location")).toBe(`${proxyOrigin}/auth/error?error=Configuration`)
    expect(loggedTypes(proxy)).toEqual(["InvalidCheck"])
  })
})
