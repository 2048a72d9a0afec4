/**
 * The whole catalogue, table-driven: for every OAuth/OIDC provider, its config (id, type,
 * endpoints, scope, checks, client authentication) and its profile mapping on a realistic sample
 * of what the provider returns, then the same config put through core's merge and normalisation,
 * then a side-by-side comparison with @auth/core 0.41's provider of the same id.
 */
import { readdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { mergeProvider } from "../config/parse-providers.js"
import { assertOAuthEndpoints, normalizeOAuthProvider } from "../oauth/normalize-provider.js"
import { defaultProfile } from "../oauth/provider-defaults.js"
import type { TokenSet } from "../shared-types.js"
import Bitbucket from "./bitbucket.js"
import Descope from "./descope.js"
import Discord from "./discord.js"
import Dribbble from "./dribbble.js"
import GitLab from "./gitlab.js"
import Mastodon from "./mastodon.js"
import Mattermost from "./mattermost.js"
import { catalogue, type Entry } from "@gatehouse/test-kit/provider-catalogue-entries"
import Threads from "./threads.js"
import type { OAuthConfig } from "./types.js"
import WorkOS from "./workos.js"
import Yandex from "./yandex.js"

type Endpoint = OAuthConfig<any>["authorization"]

/** The endpoint's URL with its params applied to the query, as core builds it. */
function endpointUrl(endpoint: Endpoint): string | undefined {
  if (endpoint === undefined) return undefined
  if (typeof endpoint === "string") return new URL(endpoint).href
  if (endpoint.url === undefined) return undefined
  const url = new URL(endpoint.url)
  for (const [key, value] of Object.entries(endpoint.params ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value))
  }
  return url.href
}

/** The scope the provider itself asks for, in its params or in its authorization URL. */
function ownScope(endpoint: Endpoint): string | null {
  if (endpoint === undefined) return null
  if (typeof endpoint !== "string" && endpoint.params && "scope" in endpoint.params) return String(endpoint.params.scope)
  const url = typeof endpoint === "string" ? endpoint : endpoint.url
  return url === undefined ? null : new URL(url).searchParams.get("scope")
}

function tokenAuthMethod(config: OAuthConfig<any>) {
  return config.client?.token_endpoint_auth_method
}

async function mapUser(config: OAuthConfig<any>, sample: Record<string, unknown>, tokens: TokenSet = {}) {
  const profile = config.profile ?? defaultProfile
  return profile(structuredClone(sample) as any, { access_token: "sample-access-token", ...tokens })
}

// Entra's profile() asks Microsoft Graph for a photo: Graph is not reachable from here, so any
// request leaving the process is answered 404 by a stand-in (and counted, to fail loudly on leaks).
const networkCalls: string[] = []
beforeAll(() => {
  vi.stubGlobal("fetch", async (input: string | URL | Request) => {
    networkCalls.push(String(input instanceof Request ? input.url : input))
    return new Response(null, { status: 404 })
  })
})
afterAll(() => {
  vi.unstubAllGlobals()
})

describe.each(catalogue.map((entry) => [entry.id, entry] as const))("%s", (_id, entry) => {
  const build = () => entry.factory(structuredClone(entry.options ?? {}))

  it("has Auth.js's id, name, type, issuer and endpoints", () => {
    const config = build()
    expect(config.id).toBe(entry.id)
    expect(config.name).toBe(entry.name)
    expect(config.type).toBe(entry.type)
    // Per-tenant providers take their issuer from the options; core merges it in.
    expect(config.issuer ?? config.options?.issuer).toBe(entry.issuer)
    expect(endpointUrl(config.authorization)).toBe(entry.authorization)
    expect(endpointUrl(config.token)).toBe(entry.token)
    expect(endpointUrl(config.userinfo)).toBe(entry.userinfo)
  })

  it("asks for Auth.js's scope, checks and client authentication", () => {
    const config = build()
    expect(ownScope(config.authorization)).toBe(entry.scope)
    expect(config.checks).toEqual(entry.checks)
    expect(tokenAuthMethod(config)).toBe(entry.tokenAuthMethod)
  })

  it("maps a sample profile to { id, name, email, image } as Auth.js does", async () => {
    expect(await mapUser(build(), entry.sample, entry.tokens)).toEqual(entry.user)
  })

  it("passes core's endpoint check and normalises with the expected scope and checks", () => {
    const merged = mergeProvider(build()) as OAuthConfig<any>
    expect(() => assertOAuthEndpoints(merged)).not.toThrow()
    const internal = normalizeOAuthProvider(
      { ...merged, signinUrl: `https://app.example/auth/signin/${entry.id}`, callbackUrl: `https://app.example/auth/callback/${entry.id}` },
      undefined,
    ) as any
    expect(internal.checks).toEqual(entry.checks ?? ["pkce"])
    if (entry.authorization) {
      const scope = internal.authorization.url.searchParams.get("scope")
      // Core adds `openid profile email` only where the provider asks for no scope at all.
      expect(scope).toBe(entry.scope ?? "openid profile email")
    } else {
      // Discovered from the issuer: only the params travel with the (placeholder) URL.
      expect(internal.issuer).toBe(entry.issuer)
    }
  })

  it("keeps the user's options for core to merge, and the user's options win", () => {
    const appOptions = { clientId: "app-client", clientSecret: "app-secret", checks: ["state"] }
    const config = entry.factory({ ...structuredClone(entry.options ?? {}), ...appOptions })
    expect(config.options).toMatchObject(appOptions)
    const merged = mergeProvider(config) as OAuthConfig<any>
    expect(merged.clientId).toBe("app-client")
    expect(merged.clientSecret).toBe("app-secret")
    expect(merged.checks).toEqual(["state"])
    expect(merged.id).toBe(entry.id)
  })
})

describe("catalogue coverage", () => {
  it("has one table entry for each OAuth/OIDC provider module in this folder", async () => {
    const folder = dirname(fileURLToPath(import.meta.url))
    const files = readdirSync(folder).filter(
      (file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.endsWith(".d.ts") && file !== "types.ts",
    )
    const oauthIds: string[] = []
    for (const file of files) {
      const factory: unknown = (await import(/* @vite-ignore */ join(folder, file))).default
      if (typeof factory !== "function") continue
      let config: { id?: string; type?: string }
      try {
        config = (factory as (options: object) => typeof config)({ issuer: "https://issuer.example" })
      } catch {
        continue // not a provider factory that takes options (email providers need a server, etc.)
      }
      if (config?.type === "oauth" || config?.type === "oidc") oauthIds.push(config.id!)
    }
    expect(oauthIds.sort()).toEqual(catalogue.map((entry) => entry.id).sort())
    expect(oauthIds.length).toBeGreaterThanOrEqual(40)
  })
})

describe("provider-specific mapping rules", () => {
  it("discord: default avatars by user id on new usernames, by discriminator on legacy ones, gif for animated", async () => {
    const base = { id: "80351110224678912", username: "nelly", global_name: null, email: null }
    expect((await mapUser(Discord(), { ...base, discriminator: "0", avatar: null })).image).toBe(
      `https://cdn.discordapp.com/embed/avatars/${Number((80351110224678912n >> 22n) % 6n)}.png`,
    )
    expect((await mapUser(Discord(), { ...base, discriminator: "1337", avatar: null })).image).toBe(
      "https://cdn.discordapp.com/embed/avatars/2.png",
    )
    expect((await mapUser(Discord(), { ...base, discriminator: "0", avatar: "a_1269e74af4df7417b13759eae50c83dc" })).image).toBe(
      "https://cdn.discordapp.com/avatars/80351110224678912/a_1269e74af4df7417b13759eae50c83dc.gif",
    )
    expect((await mapUser(Discord(), { ...base, discriminator: "0", avatar: null })).name).toBe("nelly")
  })

  it("discord: the computed image URL is also left on the profile for callbacks", async () => {
    const profile: Record<string, unknown> = { id: "1", username: "u", discriminator: "0", global_name: null, avatar: "abc", email: null }
    await Discord().profile!(profile as any, {})
    expect(profile.image_url).toBe("https://cdn.discordapp.com/avatars/1/abc.png")
  })

  it("gitlab: a self-managed instance, also under a path, and OIDC-style sub", async () => {
    const config = GitLab({ baseUrl: "https://code.example.com/gitlab" })
    expect(config.authorization).toBe("https://code.example.com/gitlab/oauth/authorize?scope=read_user")
    expect(config.token).toBe("https://code.example.com/gitlab/oauth/token")
    expect(config.userinfo).toBe("https://code.example.com/gitlab/api/v4/user")
    expect(GitLab({ baseUrl: "https://gitlab.example.com" }).userinfo).toBe("https://gitlab.example.com/api/v4/user")
    expect((await mapUser(GitLab(), { sub: 42, id: 1, username: "jo", name: null })).id).toBe("42")
    expect((await mapUser(GitLab(), { id: 7, username: "jo", name: null })).name).toBe("jo")
  })

  it("workos: connection and API base from the options", () => {
    const config = WorkOS({ connection: "conn_123", issuer: "https://sso.example.com" })
    expect(config.authorization).toBe("https://sso.example.com/sso/authorize?connection=conn_123")
    expect(config.token).toBe("https://sso.example.com/sso/token")
    expect(config.userinfo).toBe("https://sso.example.com/sso/profile")
  })

  it("workos: no picture in the raw attributes means no image", async () => {
    const user = await mapUser(WorkOS(), { id: "prof_1", first_name: "A", last_name: "B", email: "a@b.c", raw_attributes: {} })
    expect(user.image).toBeNull()
  })

  it("yandex: no avatar URL for an empty avatar, and the first email when there is no default", async () => {
    const user = await mapUser(Yandex(), {
      id: "1",
      login: "ivan",
      real_name: "Ivan Ivanov",
      emails: ["first@yandex.ru"],
      is_avatar_empty: true,
      default_avatar_id: "131652443",
    })
    expect(user).toEqual({ id: "1", name: "Ivan Ivanov", email: "first@yandex.ru", image: null })
  })

  it("bitbucket: username when there is no display name, and never an email", async () => {
    const user = await mapUser(Bitbucket(), { account_id: "1", display_name: null, username: "evzijst", links: {} })
    expect(user).toEqual({ id: "1", name: "evzijst", image: undefined })
  })

  it("threads: reads the user whether or not the API wraps it in `data`", async () => {
    const user = { id: "1", username: "t", threads_profile_picture_url: "https://cdn.example/t.jpg" }
    const expected = { id: "1", name: "t", email: null, image: "https://cdn.example/t.jpg" }
    expect(await mapUser(Threads(), user)).toEqual(expected)
    expect(await mapUser(Threads(), { data: user })).toEqual(expected)
    expect(await mapUser(Threads(), { id: "2", username: "" })).toEqual({ id: "2", name: null, email: null, image: null })
  })

  it("dribbble: Dribbble's own `public` scope unless another is chosen", () => {
    expect(Dribbble().authorization).toMatchObject({ params: { scope: "public" } })
    expect(Dribbble({ scope: "public upload" }).authorization).toMatchObject({ params: { scope: "public upload" } })
  })

  it("descope: the issuer follows the project id unless given, without touching the caller's options", () => {
    const options = { clientId: "P2xyz" }
    expect(Descope(options).options?.issuer).toBe("https://api.descope.com/P2xyz")
    expect(options).toEqual({ clientId: "P2xyz" })
    expect(Descope({ clientId: "P2xyz", issuer: "https://auth.example.com/P2xyz" }).options?.issuer).toBe("https://auth.example.com/P2xyz")
  })

  it("mattermost: the server URL places the endpoints but is not kept as an OAuth issuer", () => {
    const config = Mattermost({ issuer: "https://chat.example.com", clientId: "mm" })
    expect(config.issuer).toBeUndefined()
    expect(config.options).toEqual({ clientId: "mm" })
    expect((mergeProvider(config) as OAuthConfig<any>).issuer).toBeUndefined()
  })

  it("mastodon: every endpoint on the configured instance", () => {
    const config = Mastodon({ issuer: "https://fosstodon.org" })
    expect([config.authorization, config.token, config.userinfo]).toEqual([
      "https://fosstodon.org/oauth/authorize?scope=read",
      "https://fosstodon.org/oauth/token",
      "https://fosstodon.org/api/v1/accounts/verify_credentials",
    ])
  })
})

/** The comparable parts of a provider config: functions reduced to their presence. */
function shapeOf(config: any) {
  const endpoint = (e: any) =>
    e === undefined
      ? undefined
      : typeof e === "string"
        ? { url: e }
        : { url: e.url, params: e.params, request: typeof e.request, conform: typeof e.conform }
  const symbolNames = Object.getOwnPropertySymbols(config).map((symbol) => symbol.description)
  return JSON.parse(
    JSON.stringify({
      id: config.id,
      name: config.name,
      type: config.type,
      issuer: config.issuer,
      wellKnown: config.wellKnown,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      checks: config.checks,
      client: config.client,
      // style.mark is Gatehouse's own (the inline brand mark); the rest of style is Auth.js's.
      style: styleWithoutMark(config.style),
      authorization: endpoint(config.authorization),
      token: endpoint(config.token),
      userinfo: endpoint(config.userinfo),
      profile: typeof config.profile,
      hasCustomFetch: symbolNames.includes("custom-fetch"),
      options: config.options,
    }),
  )
}

function styleWithoutMark(style: Record<string, unknown> | undefined) {
  const { mark: _mark, ...rest } = style ?? {}
  return style && Object.keys(rest).length ? rest : undefined
}

describe("side by side with @auth/core 0.41", () => {
  it.each(catalogue.map((entry) => [entry.id, entry] as const))(
    "%s has the same config and maps the sample the same",
    async (id, entry: Entry) => {
      const upstream = (await import(`@auth/core/providers/${entry.module ?? id}`)).default
      const ours = entry.factory(structuredClone(entry.options ?? {}))
      const theirs = upstream(structuredClone(entry.options ?? {}))
      const theirShape = shapeOf(theirs)
      entry.upstreamDiffers?.config?.(theirShape)
      expect(shapeOf(ours)).toEqual(theirShape)

      if (entry.upstreamDiffers?.profile) return
      const ourUser = await mapUser(ours, entry.sample, entry.tokens)
      const theirUser = await mapUser(theirs, entry.sample, entry.tokens)
      // Some ids are numbers upstream (Strava, VK, WordPress.com, …); Gatehouse maps every id to a string.
      expect(ourUser).toEqual({ ...theirUser, ...(theirUser.id !== undefined ? { id: String(theirUser.id) } : {}) })
    },
  )
})

describe("network", () => {
  // Runs last: every test above had its chance to reach out.
  it("no test reached past the stand-in, except Entra's Graph photo lookups", () => {
    expect(networkCalls.length).toBeGreaterThan(0)
    expect(networkCalls.every((url) => url.startsWith("https://graph.microsoft.com/v1.0/me/photos/"))).toBe(true)
  })
})
