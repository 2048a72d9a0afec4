import { describe, expect, it } from "vitest"
import Twitch from "./twitch.js"

function conform(response: Response) {
  const token = Twitch().token
  if (typeof token !== "object" || !token.conform) throw new Error("twitch has no token.conform")
  return token.conform(response)
}

describe("Twitch config", () => {
  it("is OIDC on id.twitch.tv, asks for email and picture claims in the ID token", () => {
    const config = Twitch({ clientId: "id" })
    expect(config).toMatchObject({
      id: "twitch",
      name: "Twitch",
      type: "oidc",
      issuer: "https://id.twitch.tv/oauth2",
      client: { token_endpoint_auth_method: "client_secret_post" },
      authorization: {
        params: {
          scope: "openid user:read:email",
          claims: { id_token: { email: null, picture: null, preferred_username: null } },
        },
      },
      style: { bg: "#65459B", text: "#fff" },
    })
    expect(config.checks).toBeUndefined()
    expect(config.profile).toBeUndefined()
  })
})

describe("Twitch token response repair", () => {
  it("joins an array scope into the space-separated string OAuth expects", async () => {
    const original = Response.json(
      { access_token: "a", id_token: "i", token_type: "bearer", scope: ["openid", "user:read:email"] },
      { headers: { "x-request-id": "r1" } },
    )
    const repaired = (await conform(original))!
    expect(repaired.status).toBe(200)
    expect(repaired.headers.get("x-request-id")).toBe("r1")
    expect(await repaired.json()).toEqual({ access_token: "a", id_token: "i", token_type: "bearer", scope: "openid user:read:email" })
  })

  it("drops a scope that is neither string nor array", async () => {
    const repaired = (await conform(Response.json({ access_token: "a", scope: null })))!
    expect(await repaired.json()).toEqual({ access_token: "a" })
  })

  it("leaves a correct response alone", async () => {
    expect(await conform(Response.json({ access_token: "a", scope: "openid" }))).toBeUndefined()
    expect(await conform(Response.json({ access_token: "a" }))).toBeUndefined()
  })

  it("turns Twitch's { status, message } error into an OAuth error body", async () => {
    const repaired = (await conform(Response.json({ status: 400, message: "Invalid authorization code" }, { status: 400 })))!
    expect(repaired.status).toBe(400)
    expect(await repaired.json()).toEqual({ error: "invalid_request", error_description: "Invalid authorization code" })
  })

  it("leaves an error that already has an OAuth error code alone", async () => {
    expect(await conform(Response.json({ error: "invalid_grant" }, { status: 400 }))).toBeUndefined()
  })
})
