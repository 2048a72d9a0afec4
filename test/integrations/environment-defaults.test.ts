/**
 * One table of environments, run through core's setEnvDefaults and through each integration's own path
 * (Next's config resolver, SvelteKit's prepared config, Qwik's resolved config): all four must fill a
 * config the same way, and none may change the app's config or provider objects.
 * Only the base path is each framework's own (/auth, /api/auth, ${base}/auth), so it is left out.
 */
import { setEnvDefaults } from "@gatehouse/core"
import Credentials from "@gatehouse/core/providers/credentials"
import GitHub from "@gatehouse/core/providers/github"
import MicrosoftEntraID from "@gatehouse/core/providers/microsoft-entra-id"
import Resend from "@gatehouse/core/providers/resend"
import type { AuthConfig } from "@gatehouse/core/types"
import { afterEach, describe, expect, it, vi } from "vitest"
import { createConfigResolver } from "../../packages/next/src/lib/create-config-resolver.js"
import type { NextAuthConfig } from "../../packages/next/src/lib/types.js"
import { resolveConfig as resolveQwikConfig } from "../../packages/qwik/src/resolve-config.js"
import { kitConfigPreparer } from "../../packages/sveltekit/src/lib/prepare-config.js"

type Env = Record<string, string>

const variables = [
  "NODE_ENV",
  "AUTH_URL",
  "NEXTAUTH_URL",
  "AUTH_TRUST_HOST",
  "VERCEL",
  "CF_PAGES",
  "AUTH_SECRET",
  "NEXTAUTH_SECRET",
  "AUTH_SECRET_1",
  "AUTH_SECRET_2",
  "AUTH_SECRET_3",
  "AUTH_REDIRECT_PROXY_URL",
  "AUTH_GITHUB_ID",
  "AUTH_GITHUB_SECRET",
  "AUTH_GITHUB_ISSUER",
  "AUTH_DEV_IDP_ID",
  "AUTH_DEV_IDP_SECRET",
  "AUTH_DEV_IDP_ISSUER",
  "AUTH_RESEND_KEY",
  "AUTH_MICROSOFT_ENTRA_ID_ID",
  "AUTH_MICROSOFT_ENTRA_ID_SECRET",
]

const cases: Array<[string, Env, Partial<AuthConfig>?]> = [
  ["nothing set (not production)", {}],
  ["development", { NODE_ENV: "development" }],
  ["production", { NODE_ENV: "production" }],
  ["production, AUTH_TRUST_HOST=true", { NODE_ENV: "production", AUTH_TRUST_HOST: "true" }],
  ["production, AUTH_TRUST_HOST=1", { NODE_ENV: "production", AUTH_TRUST_HOST: "1" }],
  ["production, AUTH_TRUST_HOST=false", { NODE_ENV: "production", AUTH_TRUST_HOST: "false" }],
  ["development, AUTH_TRUST_HOST=false", { NODE_ENV: "development", AUTH_TRUST_HOST: "false" }],
  ["production, AUTH_TRUST_HOST=0", { NODE_ENV: "production", AUTH_TRUST_HOST: "0" }],
  ["production, AUTH_URL", { NODE_ENV: "production", AUTH_URL: "https://app.example" }],
  ["production, AUTH_URL and AUTH_TRUST_HOST=false", { NODE_ENV: "production", AUTH_URL: "https://app.example", AUTH_TRUST_HOST: "false" }],
  ["production, NEXTAUTH_URL", { NODE_ENV: "production", NEXTAUTH_URL: "https://app.example" }],
  ["production, empty AUTH_URL", { NODE_ENV: "production", AUTH_URL: "" }],
  ["production on Vercel", { NODE_ENV: "production", VERCEL: "1" }],
  ["production on Cloudflare Pages", { NODE_ENV: "production", CF_PAGES: "1" }],
  ["rotated secrets", { AUTH_SECRET: "s0", AUTH_SECRET_1: "s1", AUTH_SECRET_3: "s3" }],
  ["the legacy secret", { NEXTAUTH_SECRET: "legacy" }],
  ["both secrets", { AUTH_SECRET: "new", NEXTAUTH_SECRET: "legacy" }],
  ["a redirect proxy", { AUTH_REDIRECT_PROXY_URL: "https://proxy.example/auth" }],
  [
    "provider credentials",
    {
      AUTH_GITHUB_ID: "gh-id",
      AUTH_GITHUB_SECRET: "gh-secret",
      AUTH_GITHUB_ISSUER: "https://gh.example",
      AUTH_DEV_IDP_ID: "idp-id",
      AUTH_DEV_IDP_SECRET: "idp-secret",
      AUTH_DEV_IDP_ISSUER: "https://idp.example",
      AUTH_RESEND_KEY: "re_key",
      AUTH_MICROSOFT_ENTRA_ID_ID: "entra-id",
      AUTH_MICROSOFT_ENTRA_ID_SECRET: "entra-secret",
    },
  ],
  [
    "a config's own values win",
    { NODE_ENV: "production", AUTH_TRUST_HOST: "true", AUTH_SECRET: "env", AUTH_GITHUB_ID: "env-id" },
    {
      trustHost: false,
      secret: "from-config",
      redirectProxyUrl: "https://mine.example/auth",
    },
  ],
]

/** The app's config, new for every run: providers as objects, a factory and a configured factory. */
function appConfig(overrides: Partial<AuthConfig> = {}) {
  const providers = [
    GitHub,
    { id: "dev-idp", name: "Dev IdP", type: "oidc" } as any,
    Resend({ from: "app@example.test" }),
    MicrosoftEntraID({}),
    Credentials({ authorize: () => null }),
  ]
  return { providers, ...overrides } as AuthConfig & { providers: any[] }
}

/** What the environment decides, in a form the four can be compared in. */
function filled(config: AuthConfig) {
  return {
    secret: config.secret === undefined ? undefined : [config.secret].flat(),
    trustHost: config.trustHost,
    redirectProxyUrl: config.redirectProxyUrl,
    providers: config.providers.map((entry: any) => {
      const provider = typeof entry === "function" ? entry({}) : entry
      const { id, clientId, clientSecret, issuer, apiKey } = { ...provider, ...provider.options }
      return { id, clientId, clientSecret, issuer, apiKey }
    }),
  }
}

function throughCore(env: Env, app: AuthConfig) {
  const config = { ...app }
  setEnvDefaults(env, config)
  return config
}

async function throughNext(env: Env, app: AuthConfig) {
  // Next reads process.env: give it exactly this environment.
  for (const name of variables) vi.stubEnv(name, env[name])
  return (await createConfigResolver(app as NextAuthConfig)(undefined)) as AuthConfig
}

function throughSvelteKit(env: Env, app: AuthConfig) {
  return kitConfigPreparer({ env, dev: false, building: false, base: "" })(app)
}

async function throughQwik(env: Env, app: AuthConfig) {
  const event = { env: { get: (name: string) => env[name] } }
  return (await resolveQwikConfig((() => app) as any, event as any)) as AuthConfig
}

afterEach(() => vi.unstubAllEnvs())

describe("environment defaults are core's in every integration", () => {
  it.each(cases)("%s", async (_name, env, overrides) => {
    const results: Record<string, ReturnType<typeof filled>> = {}
    for (const [integration, run] of [
      ["core", throughCore],
      ["next", throughNext],
      ["sveltekit", throughSvelteKit],
      ["qwik", throughQwik],
    ] as const) {
      const app = appConfig(overrides)
      const before = {
        config: { ...app },
        providers: app.providers.map((p) =>
          typeof p === "function" ? p : { ...p, options: (p as any).options && { ...(p as any).options } },
        ),
      }
      results[integration] = filled(await run(env, app))
      // The app's objects stay as it wrote them.
      if (integration !== "core") expect(app).toEqual(before.config)
      app.providers.forEach((provider, i) => {
        if (typeof provider !== "function") expect(provider).toEqual(before.providers[i])
      })
    }
    expect(results.next).toEqual(results.core)
    expect(results.sveltekit).toEqual(results.core)
    expect(results.qwik).toEqual(results.core)
  })

  it("reads AUTH_TRUST_HOST=false as false, and the production default as untrusted, everywhere", async () => {
    const environments: Env[] = [{ NODE_ENV: "production", AUTH_TRUST_HOST: "false" }, { NODE_ENV: "production" }]
    for (const env of environments) {
      expect((await throughQwik(env, appConfig())).trustHost).toBe(false)
      expect((await throughNext(env, appConfig())).trustHost).toBe(false)
      expect(throughSvelteKit(env, appConfig()).trustHost).toBe(false)
      expect(throughCore(env, appConfig()).trustHost).toBe(false)
    }
  })

  it("fills provider credentials the way core does", () => {
    const config = throughCore(cases.find(([name]) => name === "provider credentials")![1], appConfig())
    expect(filled(config).providers.slice(0, 4)).toEqual([
      { id: "github", clientId: "gh-id", clientSecret: "gh-secret", issuer: "https://gh.example", apiKey: undefined },
      { id: "dev-idp", clientId: "idp-id", clientSecret: "idp-secret", issuer: "https://idp.example", apiKey: undefined },
      expect.objectContaining({ id: "resend", apiKey: "re_key" }),
      expect.objectContaining({ id: "microsoft-entra-id", clientId: "entra-id", clientSecret: "entra-secret" }),
    ])
  })
})
