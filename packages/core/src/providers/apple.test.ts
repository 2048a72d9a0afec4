import { describe, expect, it } from "vitest"
import { customFetch } from "../auth-options.js"
import Apple, { type AppleProfile } from "./apple.js"

const claims: AppleProfile = {
  iss: "https://appleid.apple.com",
  aud: "com.example.web",
  iat: 1700000000,
  exp: 1700086400,
  sub: "001234.5b8b4a0c1e2d4f6a8b9c0d1e2f3a4b5c.1234",
  nonce: "n-0S6_WzA2Mj",
  email: "x7qkz2m9@privaterelay.appleid.com",
  email_verified: "true",
  is_private_email: "true",
  auth_time: 1700000000,
}

describe("Apple config", () => {
  it("answers by form_post with scope `name email`, checks nonce and state, secret in the body", () => {
    const config = Apple({ clientId: "com.example.web" })
    expect(config).toMatchObject({
      id: "apple",
      name: "Apple",
      type: "oidc",
      issuer: "https://appleid.apple.com",
      authorization: { params: { scope: "name email", response_mode: "form_post" } },
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["nonce", "state"],
      style: { text: "#fff", bg: "#000" },
    })
    expect(config.options).toEqual({ clientId: "com.example.web" })
  })
})

describe("Apple profile", () => {
  it("takes the name from the `user` form field Apple sends on first consent", () => {
    const user = Apple().profile!({ ...claims, user: { name: { firstName: "Tim", lastName: "Apple" }, email: claims.email } }, {})
    expect(user).toEqual({ id: claims.sub, name: "Tim Apple", email: claims.email, image: null })
  })

  it("falls back to the email as the name on later sign-ins", () => {
    expect(Apple().profile!(claims, {})).toEqual({ id: claims.sub, name: claims.email, email: claims.email, image: null })
  })
})

describe("Apple discovery", () => {
  const discovery = {
    issuer: "https://appleid.apple.com",
    authorization_endpoint: "https://appleid.apple.com/auth/authorize",
    token_endpoint: "https://appleid.apple.com/auth/token",
    jwks_uri: "https://appleid.apple.com/auth/keys",
  }

  function upstream(answer: Response) {
    const asked: string[] = []
    const fetchStandIn = (async (input: string | URL | Request) => {
      asked.push(String(input instanceof Request ? input.url : input))
      return answer
    }) as typeof fetch
    return { fetchStandIn, asked }
  }

  it("adds the userinfo endpoint Apple's metadata lacks", async () => {
    const apple = upstream(Response.json(discovery))
    const config = Apple({ [customFetch]: apple.fetchStandIn })
    const response = await config[customFetch]!("https://appleid.apple.com/.well-known/openid-configuration")
    expect(await response.json()).toEqual({ ...discovery, userinfo_endpoint: "https://appleid.apple.com/fake_endpoint" })
    expect(apple.asked).toEqual(["https://appleid.apple.com/.well-known/openid-configuration"])
  })

  it("passes other requests, and failed discovery, through untouched", async () => {
    const token = Response.json({ access_token: "a" })
    const config = Apple({ [customFetch]: upstream(token).fetchStandIn })
    expect(await config[customFetch]!("https://appleid.apple.com/auth/token", { method: "POST" })).toBe(token)

    const failed = new Response("unavailable", { status: 503 })
    const failing = Apple({ [customFetch]: upstream(failed).fetchStandIn })
    expect(await failing[customFetch]!("https://appleid.apple.com/.well-known/openid-configuration")).toBe(failed)
  })
})
