import { describe, expect, it } from "vitest"
import FusionAuth, { type FusionAuthProfile } from "./fusionauth.js"

const issuer = "https://auth.example.com"

const claims: FusionAuthProfile = {
  aud: "85a03867-dccf-4882-adde-1a79aeec50df",
  exp: 1700003600,
  iat: 1700000000,
  iss: issuer,
  sub: "2ffb79e2-6a2c-4e48-a1e0-4b1e3e5ba9c1",
  jti: "0a3b8f5c-1d2e-4f6a-9b8c-7d6e5f4a3b2c",
  authenticationType: "PASSWORD",
  email: "richard@example.com",
  email_verified: true,
  given_name: "Richard",
  middle_name: "P",
  family_name: "Hendricks",
}

function tokenConform() {
  const token = FusionAuth({ issuer }).token
  if (typeof token !== "object" || !token.conform) throw new Error("fusionauth has no token.conform")
  return token.conform
}

describe("FusionAuth config", () => {
  it("builds its endpoints from the issuer, with PKCE and state and offline access", () => {
    const config = FusionAuth({ issuer, clientId: "id", clientSecret: "secret" })
    expect(config).toMatchObject({
      id: "fusionauth",
      name: "FusionAuth",
      type: "oidc",
      issuer,
      clientId: "id",
      clientSecret: "secret",
      wellKnown: `${issuer}/.well-known/openid-configuration`,
      authorization: { params: { scope: "openid offline_access email profile" } },
      userinfo: `${issuer}/oauth2/userinfo`,
      token: { url: `${issuer}/oauth2/token` },
      checks: ["pkce", "state"],
    })
    expect((config.authorization as { params: object }).params).not.toHaveProperty("tenantId")
  })

  it("passes the tenant to the authorization request and the well-known URL", () => {
    const config = FusionAuth({ issuer, tenantId: "t-42" })
    expect(config.authorization).toMatchObject({ params: { tenantId: "t-42" } })
    expect(config.wellKnown).toBe(`${issuer}/.well-known/openid-configuration?tenantId=t-42`)
  })
})

describe("FusionAuth profile", () => {
  it("prefers name, then preferred_username, then the joined name parts", () => {
    const profile = FusionAuth({ issuer }).profile!
    expect(profile({ ...claims, name: "Richard Hendricks", picture: "https://example.com/r.png" }, {})).toEqual({
      id: claims.sub,
      email: "richard@example.com",
      name: "Richard Hendricks",
      image: "https://example.com/r.png",
    })
    expect(profile({ ...claims, preferred_username: "richard" }, {})).toMatchObject({ name: "richard" })
    expect(profile(claims, {})).toMatchObject({ name: "Richard P Hendricks", image: undefined })
  })
})

describe("FusionAuth token response repair", () => {
  it("drops the WWW-Authenticate header from a successful response and keeps the rest", async () => {
    const original = Response.json(
      { access_token: "a", token_type: "Bearer" },
      { headers: { "www-authenticate": 'Bearer realm="FusionAuth"', "cache-control": "no-store" } },
    )
    const repaired = await tokenConform()(original)
    expect(repaired!.headers.has("www-authenticate")).toBe(false)
    expect(repaired!.headers.get("cache-control")).toBe("no-store")
    expect(repaired!.status).toBe(200)
    expect(await repaired!.json()).toEqual({ access_token: "a", token_type: "Bearer" })
  })

  it("keeps the challenge on a real 401", async () => {
    const unauthorized = new Response(null, { status: 401, headers: { "www-authenticate": 'Basic realm="FusionAuth"' } })
    const result = await tokenConform()(unauthorized)
    expect(result).toBe(unauthorized)
    expect(result!.headers.get("www-authenticate")).toBe('Basic realm="FusionAuth"')
  })
})
