/**
 * §4.3-4 / GHSA-v64w-49xw-qq89: a JWT minted for an interrupted OAuth flow's check cookie was
 * accepted by middleware as a session, giving a "mock user". Here every cookie an unfinished
 * flow leaves behind (PKCE verifier, state, nonce, passkey challenge, CSRF, callback URL) is
 * replayed as the session cookie, on http and https names, and as a Bearer token to getToken,
 * the middleware's path. None may read as a session.
 */
import { describe, expect, it } from "vitest"
import { Auth } from "../../packages/core/src/handler/auth.js"
import { getToken } from "../../packages/core/src/jwt/get-token.js"
import Passkey from "../../packages/core/src/providers/passkey.js"
import { browserFor, credentialsConfig, adaCredentials, secret } from "@gatehouse/test-kit/credentials-app"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { adapterWithAllMethods } from "@gatehouse/test-kit/adapter-with-all-methods"

/** An OAuth provider with every check on and fixed endpoints: starting its flow needs no network. */
const everyCheck = {
  id: "everycheck",
  name: "Every Check",
  type: "oauth" as const,
  clientId: "client",
  clientSecret: "secret",
  checks: ["pkce", "state", "nonce"] as ("pkce" | "state" | "nonce")[],
  authorization: { url: "https://idp.example/authorize", params: { scope: "openid" } },
  token: "https://idp.example/token",
  userinfo: "https://idp.example/userinfo",
}

function config(): AuthConfig {
  return credentialsConfig({
    providers: [adaCredentials(), everyCheck as any, Passkey({})],
    adapter: adapterWithAllMethods(),
    session: { strategy: "jwt" },
    experimental: { enableWebAuthn: true },
  })
}

/** Starts every flow that leaves cookies behind and abandons it; returns the cookies by name. */
async function leftoverCookies(origin: string): Promise<Map<string, string>> {
  const c = config()
  const base = `${origin}/auth`
  const browser = browserFor(c)
  const start = await browser.post(`${base}/signin/everycheck`, { callbackUrl: `${origin}/after` }, base)
  expect(start.status).toBe(302)
  expect(new URL(start.headers.get("location")!).host).toBe("idp.example")
  const options = await browser.fetch(`${base}/webauthn-options/passkey?action=authenticate`)
  expect(options.status).toBe(200)
  return browser.cookies
}

describe.each(["http://localhost:3000", "https://app.example"])("cookies of abandoned flows on %s", (origin) => {
  const secure = origin.startsWith("https")
  const sessionCookie = secure ? "__Secure-authjs.session-token" : "authjs.session-token"

  it("include every kind of check cookie (so the attack below is real)", async () => {
    const names = [...(await leftoverCookies(origin)).keys()].map((n) => n.replace(/^__(Secure|Host)-/, ""))
    for (const kind of [
      "authjs.pkce.code_verifier",
      "authjs.state",
      "authjs.nonce",
      "authjs.challenge",
      "authjs.csrf-token",
      "authjs.callback-url",
    ]) {
      expect(names).toContain(kind)
    }
  })

  it("none reads as a session at GET /session, under the session cookie's name", async () => {
    const c = config()
    for (const [name, value] of await leftoverCookies(origin)) {
      const response = await Auth(new Request(`${origin}/auth/session`, { headers: { cookie: `${sessionCookie}=${value}` } }), c)
      expect(response.status, name).toBe(200)
      expect(await response.json(), name).toBeNull()
    }
  })

  it("none reads as a token through getToken, as a cookie or as a Bearer token (the middleware's path)", async () => {
    for (const [name, value] of await leftoverCookies(origin)) {
      const asCookie = new Request(origin, { headers: { cookie: `${sessionCookie}=${value}` } })
      expect(await getToken({ req: asCookie, secret, secureCookie: secure }), name).toBeNull()
      const asBearer = new Request(origin, { headers: { authorization: `Bearer ${value}` } })
      expect(await getToken({ req: asBearer, secret, secureCookie: secure }), name).toBeNull()
      // Even a middleware that reads the check cookie under its own name as if it were a session.
      const underOwnName = new Request(origin, { headers: { cookie: `${name}=${value}` } })
      expect(await getToken({ req: underOwnName, secret, cookieName: name, salt: sessionCookie }), name).toBeNull()
    }
  })

  it("the check cookies are encrypted tokens, only for their own salt: reading one with its own name works, so the refusal above is the salt's doing", async () => {
    const cookies = await leftoverCookies(origin)
    const pkceName = [...cookies.keys()].find((n) => n.endsWith("authjs.pkce.code_verifier"))!
    const own = await getToken({
      req: new Request(origin, { headers: { cookie: `${pkceName}=${cookies.get(pkceName)}` } }),
      secret,
      cookieName: pkceName,
    })
    expect(own).not.toBeNull()
    expect(own).not.toHaveProperty("sub")
    expect(own).not.toHaveProperty("email")
  })
})
