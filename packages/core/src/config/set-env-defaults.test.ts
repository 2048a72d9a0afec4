import { describe, expect, it } from "vitest"
import Credentials from "../providers/credentials.js"
import GitHub from "../providers/github.js"
import MicrosoftEntraID from "../providers/microsoft-entra-id.js"
import type { AuthConfig } from "../types.js"
import { mergeProvider } from "./parse-providers.js"
import { setEnvDefaults } from "./set-env-defaults.js"

function withEnv(env: Record<string, string | undefined>, config: Partial<AuthConfig> = {}, suppress = false) {
  const warnings: string[] = []
  const full: AuthConfig = {
    providers: [],
    logger: { warn: (code) => void warnings.push(code), error: () => {}, debug: () => {} },
    ...config,
  }
  setEnvDefaults(env, full, suppress)
  return { config: full, warnings }
}

describe("setEnvDefaults: secret", () => {
  it("reads AUTH_SECRET into a one-entry list", () => {
    expect(withEnv({ AUTH_SECRET: "main" }).config.secret).toEqual(["main"])
  })

  it("puts AUTH_SECRET_1..3 in front, newest (3) first", () => {
    const env = { AUTH_SECRET: "main", AUTH_SECRET_1: "one", AUTH_SECRET_2: "two", AUTH_SECRET_3: "three" }
    expect(withEnv(env).config.secret).toEqual(["three", "two", "one", "main"])
  })

  it("skips the rotation slots that are not set", () => {
    expect(withEnv({ AUTH_SECRET: "main", AUTH_SECRET_2: "two" }).config.secret).toEqual(["two", "main"])
    expect(withEnv({ AUTH_SECRET_1: "one" }).config.secret).toEqual(["one"])
  })

  it("accepts NEXTAUTH_SECRET as an alias, AUTH_SECRET first", () => {
    expect(withEnv({ NEXTAUTH_SECRET: "legacy" }).config.secret).toEqual(["legacy"])
    expect(withEnv({ NEXTAUTH_SECRET: "legacy", AUTH_SECRET: "new" }).config.secret).toEqual(["new"])
  })

  it("leaves an explicit secret alone, and fills an empty one", () => {
    expect(withEnv({ AUTH_SECRET: "env" }, { secret: "explicit" }).config.secret).toBe("explicit")
    expect(withEnv({ AUTH_SECRET: "env" }, { secret: ["a", "b"] }).config.secret).toEqual(["a", "b"])
    expect(withEnv({ AUTH_SECRET: "env" }, { secret: "" }).config.secret).toEqual(["env"])
    expect(withEnv({ AUTH_SECRET: "env" }, { secret: [] }).config.secret).toEqual(["env"])
  })

  it("sets nothing when no variable is set (the config check then fails closed)", () => {
    expect(withEnv({}).config.secret).toBeUndefined()
    expect(withEnv({ AUTH_SECRET: "" }).config.secret).toBeUndefined()
  })
})

describe("setEnvDefaults: basePath", () => {
  it("defaults to /auth", () => {
    expect(withEnv({}).config.basePath).toBe("/auth")
  })

  it.each([
    ["https://app.example/api/auth", "/api/auth"],
    ["https://app.example/api/auth/", "/api/auth"],
    ["http://localhost:3000/custom/path", "/custom/path"],
  ])("takes the path of AUTH_URL=%s", (url, basePath) => {
    expect(withEnv({ AUTH_URL: url }).config.basePath).toBe(basePath)
  })

  it("takes the path of NEXTAUTH_URL too", () => {
    expect(withEnv({ NEXTAUTH_URL: "https://app.example/api/auth" }).config.basePath).toBe("/api/auth")
  })

  it("keeps /auth for a bare-origin AUTH_URL (Auth.js would set '/')", () => {
    expect(withEnv({ AUTH_URL: "https://app.example" }).config.basePath).toBe("/auth")
    expect(withEnv({ AUTH_URL: "https://app.example/" }).config.basePath).toBe("/auth")
  })

  it("ignores an unparsable AUTH_URL", () => {
    expect(withEnv({ AUTH_URL: "not a url" }).config.basePath).toBe("/auth")
  })

  it("keeps an explicit basePath and warns that AUTH_URL's path is redundant", () => {
    const { config, warnings } = withEnv({ AUTH_URL: "https://app.example/api/auth" }, { basePath: "/custom" })
    expect(config.basePath).toBe("/custom")
    expect(warnings).toEqual(["env-url-basepath-redundant"])
  })

  it("does not warn when asked not to", () => {
    expect(withEnv({ AUTH_URL: "https://app.example/api/auth" }, { basePath: "/custom" }, true).warnings).toEqual([])
  })
})

describe("setEnvDefaults: trustHost", () => {
  it.each([
    [{ AUTH_TRUST_HOST: "true" }, true],
    [{ AUTH_TRUST_HOST: "1" }, true],
    [{ AUTH_TRUST_HOST: "false", NODE_ENV: "development" }, false],
    [{ AUTH_TRUST_HOST: "0" }, false],
    [{ AUTH_TRUST_HOST: "false", AUTH_URL: "https://app.example" }, false],
    [{ AUTH_URL: "https://app.example", NODE_ENV: "production" }, true],
    [{ NEXTAUTH_URL: "https://app.example", NODE_ENV: "production" }, true],
    [{ VERCEL: "1", NODE_ENV: "production" }, true],
    [{ CF_PAGES: "1", NODE_ENV: "production" }, true],
    [{ NODE_ENV: "production" }, false],
    [{ NODE_ENV: "development" }, true],
    [{ NODE_ENV: "test" }, true],
    [{}, true],
  ] as [Record<string, string>, boolean][])("%o → %s", (env, expected) => {
    expect(withEnv(env).config.trustHost).toBe(expected)
  })

  it("never overrides an explicit trustHost", () => {
    expect(withEnv({ AUTH_TRUST_HOST: "true" }, { trustHost: false }).config.trustHost).toBe(false)
    expect(withEnv({ NODE_ENV: "production" }, { trustHost: true }).config.trustHost).toBe(true)
  })
})

describe("setEnvDefaults: redirect proxy", () => {
  it("reads AUTH_REDIRECT_PROXY_URL unless the config has one", () => {
    const url = "https://proxy.example/api/auth"
    expect(withEnv({ AUTH_REDIRECT_PROXY_URL: url }).config.redirectProxyUrl).toBe(url)
    expect(withEnv({ AUTH_REDIRECT_PROXY_URL: url }, { redirectProxyUrl: "https://mine.example" }).config.redirectProxyUrl).toBe(
      "https://mine.example",
    )
  })
})

describe("setEnvDefaults: provider credentials", () => {
  const env = { AUTH_GITHUB_ID: "env-id", AUTH_GITHUB_SECRET: "env-secret" }

  function merged(config: AuthConfig) {
    return config.providers.map(mergeProvider) as any[]
  }

  it("fills AUTH_<ID>_ID / _SECRET into a provider given as a factory", () => {
    const [github] = merged(withEnv(env, { providers: [GitHub] }).config)
    expect(github).toMatchObject({ id: "github", clientId: "env-id", clientSecret: "env-secret" })
  })

  it("fills them into a provider given as an object", () => {
    const [github] = merged(withEnv(env, { providers: [GitHub({})] }).config)
    expect(github).toMatchObject({ clientId: "env-id", clientSecret: "env-secret" })
  })

  it("lets explicit options win", () => {
    const [github] = merged(withEnv(env, { providers: [GitHub({ clientId: "mine" })] }).config)
    expect(github).toMatchObject({ clientId: "mine", clientSecret: "env-secret" })
  })

  it("upper-cases the id and turns - into _ (and reads _ISSUER)", () => {
    const entraEnv = {
      AUTH_MICROSOFT_ENTRA_ID_ID: "entra-id",
      AUTH_MICROSOFT_ENTRA_ID_SECRET: "entra-secret",
      AUTH_MICROSOFT_ENTRA_ID_ISSUER: "https://login.microsoftonline.com/tenant/v2.0",
    }
    const [entra] = merged(withEnv(entraEnv, { providers: [MicrosoftEntraID] }).config)
    expect(entra).toMatchObject({
      id: "microsoft-entra-id",
      clientId: "entra-id",
      clientSecret: "entra-secret",
      issuer: "https://login.microsoftonline.com/tenant/v2.0",
    })
  })

  it("follows the id of a hand-written provider", () => {
    const custom = { id: "my-idp", name: "My IdP", type: "oidc", issuer: "https://idp.example" } as any
    const [idp] = merged(withEnv({ AUTH_MY_IDP_ID: "mine", AUTH_MY_IDP_SECRET: "s" }, { providers: [custom] }).config)
    expect(idp).toMatchObject({ id: "my-idp", clientId: "mine", clientSecret: "s", issuer: "https://idp.example" })
  })

  it("fills AUTH_<ID>_KEY into an e-mail provider's apiKey", () => {
    const email = { id: "resend", name: "Resend", type: "email", sendVerificationRequest: async () => {} } as any
    const [resend] = merged(withEnv({ AUTH_RESEND_KEY: "re_key" }, { providers: [email] }).config)
    expect(resend.apiKey).toBe("re_key")
  })

  it("does not touch a provider without variables, nor credentials providers", () => {
    const credentials = Credentials({})
    const { config } = withEnv({ AUTH_CREDENTIALS_ID: "x" }, { providers: [credentials, GitHub] })
    expect(config.providers[0]).toMatchObject({ id: "credentials", type: "credentials" })
    expect((config.providers[0] as any).clientId).toBeUndefined()
    expect(config.providers[1]).toBe(GitHub)
  })

  it("does not change the provider objects the app passed in", () => {
    const github = GitHub({})
    withEnv(env, { providers: [github] })
    expect((github as any).clientId).toBeUndefined()
  })
})
