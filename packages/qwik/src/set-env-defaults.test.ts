import { skipCSRFCheck } from "@gatehouse/core"
import { describe, expect, it } from "vitest"
import { setEnvDefaults } from "./set-env-defaults.js"
import type { QwikAuthConfig } from "./types.js"

function envOf(values: Record<string, string>) {
  return { get: (key: string) => values[key] }
}

function configWith(extra: Partial<QwikAuthConfig> = {}): QwikAuthConfig {
  return { providers: [], ...extra }
}

describe("setEnvDefaults (Qwik)", () => {
  it("forces basePath /auth and skipCSRFCheck, whatever the config said", () => {
    const config = configWith({ basePath: "/api/auth" })
    setEnvDefaults(envOf({}), config)
    expect(config.basePath).toBe("/auth")
    expect(config.skipCSRFCheck).toBe(skipCSRFCheck)
  })

  it("orders secrets newest rotation first, then AUTH_SECRET, skipping missing ones", () => {
    const config = configWith()
    setEnvDefaults(envOf({ AUTH_SECRET: "s0", AUTH_SECRET_1: "s1", AUTH_SECRET_3: "s3" }), config)
    expect(config.secret).toEqual(["s3", "s1", "s0"])
  })

  it("keeps a secret the config already has", () => {
    const config = configWith({ secret: "mine" })
    setEnvDefaults(envOf({ AUTH_SECRET: "env" }), config)
    expect(config.secret).toBe("mine")
  })

  it.each([
    [{ NODE_ENV: "production" }, false],
    [{ NODE_ENV: "development" }, true],
    [{}, true],
    [{ NODE_ENV: "production", AUTH_TRUST_HOST: "true" }, true],
    // Core's rule, the same in every integration (upstream's copy trusted any set value, even "false").
    [{ NODE_ENV: "production", AUTH_TRUST_HOST: "false" }, false],
    [{ NODE_ENV: "development", AUTH_TRUST_HOST: "false" }, false],
    [{ NODE_ENV: "production", AUTH_URL: "https://app.test" }, true],
    [{ NODE_ENV: "production", AUTH_URL: "" }, false],
  ])("infers trustHost from %o as %s", (env, expected) => {
    const config = configWith()
    setEnvDefaults(envOf(env as Record<string, string>), config)
    expect(config.trustHost).toBe(expected)
  })

  it("does not override an explicit trustHost", () => {
    const config = configWith({ trustHost: false })
    setEnvDefaults(envOf({ AUTH_TRUST_HOST: "1" }), config)
    expect(config.trustHost).toBe(false)
  })

  it("fills provider credentials from AUTH_<ID>_*, apiKey for email, without touching the app's provider objects", () => {
    const appProviders = [
      { id: "dev-idp", name: "Dev", type: "oidc" } as any,
      { id: "github", name: "GitHub", type: "oauth", clientId: "explicit" } as any,
      () => ({ id: "resend", name: "Resend", type: "email" }) as any,
    ]
    const pristine = structuredClone(appProviders.slice(0, 2))
    const config = configWith({ providers: [...appProviders] })
    setEnvDefaults(
      envOf({
        AUTH_DEV_IDP_ID: "idp-id",
        AUTH_DEV_IDP_SECRET: "idp-secret",
        AUTH_DEV_IDP_ISSUER: "http://127.0.0.1:1",
        AUTH_GITHUB_ID: "env-id",
        AUTH_GITHUB_SECRET: "gh-secret",
        AUTH_GITHUB_ISSUER: "ignored",
        AUTH_RESEND_KEY: "re_key",
      }),
      config,
    )
    const [idp, github, resend] = config.providers as any[]
    expect(idp).toMatchObject({ clientId: "idp-id", clientSecret: "idp-secret", issuer: "http://127.0.0.1:1" })
    expect(github).toMatchObject({ clientId: "explicit", clientSecret: "gh-secret" })
    expect(resend).toMatchObject({ type: "email", apiKey: "re_key" })
    expect(appProviders.slice(0, 2)).toEqual(pristine)
    expect(config.providers[0]).not.toBe(appProviders[0])
  })

  it("reads AUTH_REDIRECT_PROXY_URL", () => {
    const config = configWith()
    setEnvDefaults(envOf({ AUTH_REDIRECT_PROXY_URL: "https://proxy.test/auth" }), config)
    expect(config.redirectProxyUrl).toBe("https://proxy.test/auth")
  })
})
