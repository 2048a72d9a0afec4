import { afterEach, describe, expect, it } from "vitest"
import { customFetch } from "../auth-options.js"
import GitHub, { type GitHubProfile } from "./github.js"
import { requestUserinfo, fetchRoutedTo } from "@gatehouse/test-kit/internal-provider"
import { startProviderApiStandIn, type ProviderApiStandIn, type StandInAnswer } from "@gatehouse/test-kit/provider-api-stand-in"

const userWithoutPublicEmail = {
  login: "octocat",
  id: 583231,
  node_id: "MDQ6VXNlcjU4MzIzMQ==",
  avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
  gravatar_id: "",
  url: "https://api.github.com/users/octocat",
  html_url: "https://github.com/octocat",
  type: "User",
  site_admin: false,
  name: "The Octocat",
  company: "@github",
  blog: "https://github.blog",
  location: "San Francisco",
  email: null,
  hireable: null,
  bio: null,
  public_repos: 8,
  public_gists: 8,
  followers: 9000,
  following: 9,
  created_at: "2011-01-25T18:44:36Z",
  updated_at: "2024-01-22T12:00:00Z",
}

const emails = [
  { email: "octocat@users.noreply.github.com", primary: false, verified: true, visibility: null },
  { email: "octocat@github.com", primary: true, verified: true, visibility: "private" },
]

let standIn: ProviderApiStandIn | undefined
afterEach(async () => {
  await standIn?.close()
  standIn = undefined
})

async function enterpriseWith(routes: Record<string, StandInAnswer>) {
  standIn = await startProviderApiStandIn(routes)
  return { provider: GitHub({ enterprise: { baseUrl: standIn.origin } }), standIn }
}

describe("GitHub config", () => {
  it("uses github.com, asks for read:user and user:email, and keeps the PKCE default", () => {
    const config = GitHub({ clientId: "id", clientSecret: "secret" })
    expect(config).toMatchObject({
      id: "github",
      name: "GitHub",
      type: "oauth",
      issuer: "https://github.com/login/oauth",
      authorization: { url: "https://github.com/login/oauth/authorize", params: { scope: "read:user user:email" } },
      token: "https://github.com/login/oauth/access_token",
      userinfo: { url: "https://api.github.com/user" },
    })
    expect(config.checks).toBeUndefined()
    expect(config.client).toBeUndefined()
    expect(config.options).toEqual({ clientId: "id", clientSecret: "secret" })
  })

  it("moves every endpoint to a GitHub Enterprise Server, the API under /api/v3", () => {
    const config = GitHub({ enterprise: { baseUrl: "https://ghe.example.com" } })
    expect(config.issuer).toBe("https://ghe.example.com/login/oauth")
    expect(config.authorization).toMatchObject({ url: "https://ghe.example.com/login/oauth/authorize" })
    expect(config.token).toBe("https://ghe.example.com/login/oauth/access_token")
    expect(config.userinfo).toMatchObject({ url: "https://ghe.example.com/api/v3/user" })
  })

  it("maps the profile: numeric id as a string, login when there is no name", () => {
    const config = GitHub()
    const profile = { ...userWithoutPublicEmail, email: "octocat@github.com" } as GitHubProfile
    expect(config.profile!(profile, {})).toEqual({
      id: "583231",
      name: "The Octocat",
      email: "octocat@github.com",
      image: "https://avatars.githubusercontent.com/u/583231?v=4",
    })
    expect(config.profile!({ ...profile, name: null }, {})).toMatchObject({ name: "octocat" })
  })
})

describe("GitHub userinfo request", () => {
  it("keeps a public email and makes no /user/emails call", async () => {
    const { provider, standIn } = await enterpriseWith({
      "GET /api/v3/user": { json: { ...userWithoutPublicEmail, email: "public@example.com" } },
      "GET /api/v3/user/emails": { json: emails },
    })
    const profile = await requestUserinfo(provider, { access_token: "gho_token" })
    expect(profile.email).toBe("public@example.com")
    expect(standIn.requests.map((r) => r.path)).toEqual(["/api/v3/user"])
    expect(standIn.requests[0].headers.authorization).toBe("Bearer gho_token")
    expect(standIn.requests[0].headers["user-agent"]).toBe("gatehouse")
  })

  it("falls back to the primary address from /user/emails when the public email is null", async () => {
    const { provider, standIn } = await enterpriseWith({
      "GET /api/v3/user": { json: userWithoutPublicEmail },
      "GET /api/v3/user/emails": { json: emails },
    })
    const profile = await requestUserinfo(provider, { access_token: "gho_token" })
    expect(profile.email).toBe("octocat@github.com")
    expect(standIn.requests.map((r) => r.path)).toEqual(["/api/v3/user", "/api/v3/user/emails"])
    expect(standIn.requests[1].headers.authorization).toBe("Bearer gho_token")
    expect(provider.profile!(profile, {})).toMatchObject({ id: "583231", email: "octocat@github.com" })
  })

  it("takes the first address when none is marked primary", async () => {
    const { provider } = await enterpriseWith({
      "GET /api/v3/user": { json: userWithoutPublicEmail },
      "GET /api/v3/user/emails": { json: emails.map((entry) => ({ ...entry, primary: false })) },
    })
    expect((await requestUserinfo(provider, { access_token: "t" })).email).toBe("octocat@users.noreply.github.com")
  })

  it("leaves the email null when the address list is refused or empty", async () => {
    const refused = await enterpriseWith({
      "GET /api/v3/user": { json: userWithoutPublicEmail },
      "GET /api/v3/user/emails": { status: 403, json: { message: "Resource not accessible by integration" } },
    })
    expect((await requestUserinfo(refused.provider, { access_token: "t" })).email).toBeNull()
    await refused.standIn.close()

    const empty = await enterpriseWith({
      "GET /api/v3/user": { json: userWithoutPublicEmail },
      "GET /api/v3/user/emails": { json: [] },
    })
    expect((await requestUserinfo(empty.provider, { access_token: "t" })).email).toBeNull()
  })

  it("fails with a clear error, not an error body as profile, when /user is refused", async () => {
    const { provider } = await enterpriseWith({
      "GET /api/v3/user": { status: 401, json: { message: "Bad credentials" } },
    })
    await expect(requestUserinfo(provider, { access_token: "expired" })).rejects.toThrow(/\/api\/v3\/user answered HTTP 401/)
  })

  it("sends both calls through the provider's customFetch", async () => {
    standIn = await startProviderApiStandIn({
      "GET /user": { json: userWithoutPublicEmail },
      "GET /user/emails": { json: emails },
    })
    const routed = fetchRoutedTo(standIn.origin)
    const provider = GitHub({ [customFetch]: routed })
    const profile = await requestUserinfo(provider, { access_token: "t" })
    expect(routed.asked).toEqual(["https://api.github.com/user", "https://api.github.com/user/emails"])
    expect(profile.email).toBe("octocat@github.com")
  })
})
