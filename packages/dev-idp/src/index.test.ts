import * as oauth from "oauth4webapi"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parseCliOptions } from "./cli-options.js"
import { FetchBrowser, signInAtDevIdp } from "./fetch-browser.js"
import { defaultDevUser, startDevIdentityProvider, type DevIdentityProvider } from "./index.js"

const redirectUri = "http://app.test/auth/callback/dev-idp"
const basicClient = { client_id: "basic-client", client_secret: "basic-secret", redirect_uris: [redirectUri] }
const postClient = {
  client_id: "post-client",
  client_secret: "post-secret",
  redirect_uris: [redirectUri],
  token_endpoint_auth_method: "client_secret_post" as const,
}
const secondUser = { sub: "dev-user-2", name: "Second Dev", email: "second@example.test", email_verified: false }

let idp: DevIdentityProvider
let as: oauth.AuthorizationServer
const http = { [oauth.allowInsecureRequests]: true }

beforeAll(async () => {
  idp = await startDevIdentityProvider({ clients: [basicClient, postClient], users: [defaultDevUser, secondUser] })
  const issuer = new URL(idp.issuer)
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, http))
})

afterAll(async () => {
  await idp?.close()
})

async function authorize(clientId: string, extra: Record<string, string> = {}) {
  const verifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  const nonce = oauth.generateRandomNonce()
  const url = new URL(as.authorization_endpoint!)
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid profile email",
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    ...extra,
  }).toString()
  return { url, verifier, state, nonce }
}

async function exchange(client: typeof basicClient, auth: oauth.ClientAuth, callback: URL, flow: Awaited<ReturnType<typeof authorize>>) {
  const params = oauth.validateAuthResponse(as, client, callback, flow.state)
  const response = await oauth.authorizationCodeGrantRequest(as, client, auth, params, redirectUri, flow.verifier, http)
  return oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: flow.nonce, requireIdToken: true })
}

describe("dev identity provider", () => {
  it("listens on loopback and publishes discovery for its issuer", () => {
    expect(idp.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(as.issuer).toBe(idp.issuer)
    expect(as.token_endpoint_auth_methods_supported).toEqual(expect.arrayContaining(["client_secret_basic", "client_secret_post"]))
    expect(as.code_challenge_methods_supported).toContain("S256")
  })

  it("signs the default user in with one click and releases profile claims in the ID token and userinfo", async () => {
    const browser = new FetchBrowser()
    const flow = await authorize(basicClient.client_id)
    const callback = await signInAtDevIdp(browser, flow.url)
    expect(callback.origin + callback.pathname).toBe(redirectUri)
    expect(callback.searchParams.get("state")).toBe(flow.state)

    const tokens = await exchange(basicClient, oauth.ClientSecretBasic(basicClient.client_secret), callback, flow)
    const claims = oauth.getValidatedIdTokenClaims(tokens)!
    expect(claims).toMatchObject({ sub: "dev-user-1", name: "Dev User", email: "dev@example.test", aud: "basic-client", nonce: flow.nonce })

    const userinfo = await oauth.processUserInfoResponse(
      as,
      basicClient,
      claims.sub,
      await oauth.userInfoRequest(as, basicClient, tokens.access_token, http),
    )
    expect(userinfo).toMatchObject({ sub: "dev-user-1", email: "dev@example.test", email_verified: true })
  })

  it("authenticates client_secret_post clients and lets a chosen user sign in", async () => {
    const flow = await authorize(postClient.client_id)
    const callback = await signInAtDevIdp(new FetchBrowser(), flow.url, { username: "dev-user-2" })
    const tokens = await exchange(postClient, oauth.ClientSecretPost(postClient.client_secret), callback, flow)
    expect(oauth.getValidatedIdTokenClaims(tokens)).toMatchObject({ sub: "dev-user-2", email: "second@example.test" })
  })

  it("refuses a client with the wrong secret", async () => {
    const flow = await authorize(postClient.client_id)
    const callback = await signInAtDevIdp(new FetchBrowser(), flow.url)
    await expect(exchange(postClient, oauth.ClientSecretPost("not-the-secret"), callback, flow)).rejects.toMatchObject({
      error: "invalid_client",
    })
  })

  it("refuses to redeem a code with the wrong PKCE verifier", async () => {
    const flow = await authorize(basicClient.client_id)
    const callback = await signInAtDevIdp(new FetchBrowser(), flow.url)
    flow.verifier = oauth.generateRandomCodeVerifier()
    await expect(exchange(basicClient, oauth.ClientSecretBasic(basicClient.client_secret), callback, flow)).rejects.toMatchObject({
      error: "invalid_grant",
    })
  })

  it("sends the user back with error=access_denied when they cancel", async () => {
    const flow = await authorize(basicClient.client_id)
    const callback = await signInAtDevIdp(new FetchBrowser(), flow.url, { cancel: true })
    expect(callback.searchParams.get("error")).toBe("access_denied")
    expect(callback.searchParams.get("state")).toBe(flow.state)
    expect(callback.searchParams.has("code")).toBe(false)
  })

  it("re-shows the login page for an unknown user, escaping what was typed", async () => {
    const browser = new FetchBrowser()
    const flow = await authorize(basicClient.client_id)
    const page = await browser.follow(flow.url)
    const result = await browser.submitForm(`${page.url}/login`, { username: "<script>nobody</script>" })
    expect(result.response.status).toBe(400)
    const html = await result.response.text()
    expect(html).toContain("No such user")
    expect(html).toContain("&lt;script&gt;nobody&lt;/script&gt;")
    expect(html).not.toContain("<script>nobody")
  })

  it("rejects an unregistered redirect_uri without redirecting to it", async () => {
    const flow = await authorize(basicClient.client_id, { redirect_uri: "http://evil.test/callback" })
    const response = await new FetchBrowser().request(flow.url)
    expect(response.status).toBe(400)
    expect(response.headers.get("location")).toBeNull()
  })

  it("answers a stale interaction URL with a readable error page", async () => {
    const response = await new FetchBrowser().request(`${idp.issuer}/interaction/not-a-real-uid`)
    expect(response.status).toBe(400)
    expect(await response.text()).toContain("Dev IdP error")
  })

  it("refuses to listen beyond loopback and to start without clients", async () => {
    await expect(startDevIdentityProvider({ clients: [basicClient], host: "0.0.0.0" })).rejects.toThrow(/loopback/)
    await expect(startDevIdentityProvider({ clients: [] })).rejects.toThrow(/client/)
  })
})

describe("dev identity provider CLI options", () => {
  it("reads flags, with environment fallbacks", () => {
    expect(parseCliOptions(["--client-id", "demo", "--client-secret", "s", "--redirect-uri", redirectUri, "--port", "4100"], {})).toEqual({
      kind: "start",
      options: {
        port: 4100,
        host: undefined,
        clients: [{ client_id: "demo", client_secret: "s", redirect_uris: [redirectUri], token_endpoint_auth_method: undefined }],
      },
    })
    const fromEnv = parseCliOptions([], {
      DEV_IDP_CLIENT_ID: "demo",
      DEV_IDP_CLIENT_SECRET: "s",
      DEV_IDP_REDIRECT_URIS: `${redirectUri}, http://other.test/cb`,
    })
    expect(fromEnv).toMatchObject({
      kind: "start",
      options: { port: 0, clients: [{ redirect_uris: [redirectUri, "http://other.test/cb"] }] },
    })
  })

  it("registers sign-out URIs from flags or the environment", () => {
    const logoutUri = "http://app.test/auth/backchannel-logout/dev-idp"
    const landing = "http://app.test/auth/signout/callback/dev-idp"
    const base = ["--client-id", "demo", "--client-secret", "s", "--redirect-uri", redirectUri]
    expect(parseCliOptions([...base, "--post-logout-redirect-uri", landing, "--backchannel-logout-uri", logoutUri], {})).toMatchObject({
      kind: "start",
      options: { clients: [{ post_logout_redirect_uris: [landing], backchannel_logout_uri: logoutUri }] },
    })
    expect(parseCliOptions(base, { DEV_IDP_POST_LOGOUT_REDIRECT_URIS: landing, DEV_IDP_BACKCHANNEL_LOGOUT_URI: logoutUri })).toMatchObject({
      kind: "start",
      options: { clients: [{ post_logout_redirect_uris: [landing], backchannel_logout_uri: logoutUri }] },
    })
    expect(parseCliOptions([...base, "--backchannel-logout-uri", "nope"], {})).toMatchObject({ kind: "invalid", problem: /nope/ })
  })

  it("explains what is wrong instead of starting", () => {
    expect(parseCliOptions(["--redirect-uri", redirectUri], {})).toMatchObject({ kind: "invalid", problem: /client id/ })
    expect(parseCliOptions(["--client-id", "x", "--client-secret", "s"], {})).toMatchObject({ kind: "invalid", problem: /redirect URI/ })
    expect(parseCliOptions(["--client-id", "x", "--client-secret", "s", "--redirect-uri", "nope"], {})).toMatchObject({ kind: "invalid" })
    expect(
      parseCliOptions(["--client-id", "x", "--client-secret", "s", "--redirect-uri", redirectUri, "--port", "99999"], {}),
    ).toMatchObject({ kind: "invalid", problem: /port/ })
    expect(parseCliOptions(["--client-id", "x", "--redirect-uri", redirectUri], {})).toMatchObject({ kind: "invalid", problem: /secret/ })
    expect(parseCliOptions(["--bogus"], {})).toMatchObject({ kind: "invalid" })
    expect(parseCliOptions(["--help"], {})).toEqual({ kind: "help" })
  })
})
