/** The dev IdP's sign-out: RP-initiated logout confirmed at the IdP sends a logout token to the client. */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose"
import * as oauth from "oauth4webapi"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { FetchBrowser, confirmLogoutAtDevIdp, signInAtDevIdp } from "./fetch-browser.js"
import { startDevIdentityProvider, type DevIdentityProvider } from "./index.js"

const redirectUri = "http://app.test/auth/callback/dev-idp"
const postLogoutRedirectUri = "http://app.test/auth/signout/callback/dev-idp"
const http = { [oauth.allowInsecureRequests]: true }

let receiver: Server
let receiverUrl: string
const received: { contentType: string | undefined; body: string }[] = []
let idp: DevIdentityProvider
const outcomes: { clientId: string; sub: string; sid?: string; error?: Error }[] = []

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = ""
    req.on("data", (chunk) => (body += chunk))
    req.on("end", () => {
      received.push({ contentType: req.headers["content-type"], body })
      res.writeHead(200, { "cache-control": "no-store" }).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/auth/backchannel-logout/dev-idp`
  idp = await startDevIdentityProvider({
    clients: [
      {
        client_id: "bc-client",
        client_secret: "bc-secret",
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [postLogoutRedirectUri],
        backchannel_logout_uri: receiverUrl,
      },
    ],
    onBackchannelLogout: (outcome) => outcomes.push(outcome),
  })
})

afterAll(async () => {
  await idp?.close()
  await new Promise((resolve) => receiver?.close(resolve))
})

describe("dev identity provider sign-out", () => {
  it("advertises the end-session endpoint and back-channel logout with sessions", async () => {
    const issuer = new URL(idp.issuer)
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, http))
    expect(as.end_session_endpoint).toBe(`${idp.issuer}/session/end`)
    expect(as.backchannel_logout_supported).toBe(true)
    expect(as.backchannel_logout_session_supported).toBe(true)
  })

  it("sends a signed logout token naming the user and the IdP session of the ID token", async () => {
    const issuer = new URL(idp.issuer)
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, http))
    const client = { client_id: "bc-client" }
    const browser = new FetchBrowser()
    const verifier = oauth.generateRandomCodeVerifier()
    const authorization = new URL(as.authorization_endpoint!)
    authorization.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "openid",
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    }).toString()
    const callback = await signInAtDevIdp(browser, authorization)
    const params = oauth.validateAuthResponse(as, client, callback)
    const tokenResponse = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic("bc-secret"),
      params,
      redirectUri,
      verifier,
      http,
    )
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenResponse, { requireIdToken: true })
    const idClaims = oauth.getValidatedIdTokenClaims(tokens)!
    expect(typeof idClaims.sid).toBe("string")

    const endSession = new URL(as.end_session_endpoint!)
    endSession.search = new URLSearchParams({
      id_token_hint: tokens.id_token!,
      client_id: client.client_id,
      post_logout_redirect_uri: postLogoutRedirectUri,
      state: "s-1",
    }).toString()
    const back = await confirmLogoutAtDevIdp(browser, endSession)
    expect(back.href).toBe(`${postLogoutRedirectUri}?state=s-1`)

    expect(received).toHaveLength(1)
    expect(received[0]!.contentType).toBe("application/x-www-form-urlencoded")
    const logoutToken = new URLSearchParams(received[0]!.body).get("logout_token")!
    expect(decodeProtectedHeader(logoutToken).typ).toBe("logout+jwt")
    const { payload } = await jwtVerify(logoutToken, createRemoteJWKSet(new URL(as.jwks_uri!)), {
      issuer: idp.issuer,
      audience: client.client_id,
    })
    expect(payload).toMatchObject({
      sub: "dev-user-1",
      sid: idClaims.sid,
      events: { "http://schemas.openid.net/event/backchannel-logout": {} },
    })
    expect(typeof payload.jti).toBe("string")
    expect(payload.nonce).toBeUndefined()
    expect(outcomes).toEqual([{ clientId: "bc-client", sub: "dev-user-1", sid: idClaims.sid }])
  })
})
