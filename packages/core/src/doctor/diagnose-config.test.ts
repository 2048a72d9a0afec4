import { adapterWithMethods } from "@gatehouse/test-kit/adapter-with-all-methods"
import { describe, expect, test } from "vitest"
import { flowMethods } from "../config/adapter-methods.js"
import Credentials from "../providers/credentials.js"
import Email from "../providers/email.js"
import GitHub from "../providers/github.js"
import Nodemailer from "../providers/nodemailer.js"
import Passkey from "../providers/passkey.js"
import Resend from "../providers/resend.js"
import type { AuthConfig } from "../types.js"
import { diagnoseConfig, type DiagnoseOptions, type Finding } from "./diagnose-config.js"

const secret = "k3Jx9Qv2Lm8Rt5Wz1Hc7Yb4Nd6Fg0Sa2Pe8Uo3Ti5"
const credentials = Credentials({ authorize: () => null })

function diagnose(config: Partial<AuthConfig>, options: DiagnoseOptions = {}): Finding[] {
  return diagnoseConfig({ providers: [credentials], ...config } as AuthConfig, {
    ...options,
    env: { AUTH_SECRET: secret, ...options.env },
  })
}

function only(findings: Finding[], check: string): Finding {
  const matching = findings.filter((finding) => finding.check === check)
  expect(matching, JSON.stringify(findings, null, 2)).toHaveLength(1)
  return matching[0]!
}

function problems(findings: Finding[]): Finding[] {
  return findings.filter((finding) => finding.level !== "info")
}

/** Every method of a database adapter that stores passkeys and sends e-mail links: the shape is what is checked. */
const fullAdapter = adapterWithMethods(flowMethods)

describe("a clean config", () => {
  test("has no findings in development", () => {
    expect(diagnose({})).toEqual([])
  })

  test("has none in production with AUTH_URL set", () => {
    expect(diagnose({}, { production: true, env: { AUTH_URL: "https://app.example.com" } })).toEqual([])
  })
})

describe("the secret", () => {
  test("missing", () => {
    const finding = only(diagnoseConfig({ providers: [credentials] }, { env: {} }), "secret-missing")
    expect(finding.level).toBe("error")
    expect(finding.message).toContain("AUTH_SECRET is not set")
    expect(finding.fix).toContain("npx @gatehouse/cli secret --write .env.local")
  })

  test("too short, named by the variable it came from", () => {
    const finding = only(diagnose({}, { env: { AUTH_SECRET: "hunter2-hunter2" } }), "short-secret")
    expect(finding.level).toBe("error")
    expect(finding.message).toBe("AUTH_SECRET is 15 characters long: a short secret can be guessed, and with it every session forged")
  })

  test("a short rotated secret is found too", () => {
    const finding = only(diagnose({}, { env: { AUTH_SECRET_1: "old" } }), "short-secret")
    expect(finding.message).toMatch(/^AUTH_SECRET_1 is 3 characters long/)
  })

  test("a short secret in the config itself", () => {
    expect(only(diagnose({ secret: "abc" }), "short-secret").message).toMatch(/^The configured `secret` is 3 characters/)
  })
})

describe("AUTH_URL", () => {
  test("not a URL", () => {
    const finding = only(diagnose({}, { env: { AUTH_URL: "example.com" } }), "url-invalid")
    expect(finding.message).toBe('AUTH_URL is not an http(s) URL: "example.com"; every request fails')
  })

  test("disagreeing with NEXTAUTH_URL", () => {
    const finding = only(
      diagnose({}, { env: { AUTH_URL: "https://app.example.com", NEXTAUTH_URL: "https://old.example.com" } }),
      "url-disagree",
    )
    expect(finding.message).toContain("AUTH_URL (https://app.example.com/) and NEXTAUTH_URL (https://old.example.com/) disagree")
    expect(finding.fix).toContain("Remove NEXTAUTH_URL")
  })

  test("agreeing with NEXTAUTH_URL (a trailing slash aside) is fine", () => {
    expect(problems(diagnose({}, { env: { AUTH_URL: "https://app.example.com/", NEXTAUTH_URL: "https://app.example.com" } }))).toEqual([])
  })

  test("a path other than basePath", () => {
    const finding = only(diagnose({ basePath: "/api/auth" }, { env: { AUTH_URL: "https://app.example.com/auth" } }), "url-basepath")
    expect(finding.message).toContain("AUTH_URL's path is /auth but the auth routes are served at /api/auth")
    expect(finding.fix).toBe('Set AUTH_URL=https://app.example.com/api/auth (or just https://app.example.com), or make basePath "/auth"')
  })

  test("a path other than the one an integration serves", () => {
    const findings = diagnose({}, { basePath: "/auth", env: { AUTH_URL: "https://app.example.com/api/auth" } })
    expect(only(findings, "url-basepath").message).toContain("served at /auth")
  })

  test("the same path as basePath is fine", () => {
    expect(problems(diagnose({ basePath: "/api/auth" }, { env: { AUTH_URL: "https://app.example.com/api/auth/" } }))).toEqual([])
  })

  test("plain http in production", () => {
    const finding = only(diagnose({}, { production: true, env: { AUTH_URL: "http://app.example.com" } }), "url-insecure")
    expect(finding.level).toBe("warning")
    expect(finding.message).toContain("without the Secure flag")
  })
})

describe("trusting the Host header", () => {
  test("production without AUTH_URL or AUTH_TRUST_HOST", () => {
    const finding = only(diagnose({}, { production: true }), "trust-host")
    expect(finding.level).toBe("error")
    expect(finding.message).toContain("every request fails with UntrustedHost")
    expect(finding.fix).toContain("Set AUTH_URL")
  })

  test("NODE_ENV=production in the environment decides too", () => {
    only(diagnose({}, { env: { NODE_ENV: "production" } }), "trust-host")
  })

  test("AUTH_TRUST_HOST=false in development", () => {
    expect(only(diagnose({}, { env: { AUTH_TRUST_HOST: "false" } }), "trust-host").message).toContain("AUTH_TRUST_HOST=false")
  })

  test("trusted without AUTH_URL in production: a warning saying why", () => {
    const finding = only(diagnose({}, { production: true, env: { AUTH_TRUST_HOST: "true" } }), "trust-host-unpinned")
    expect(finding.level).toBe("warning")
    expect(finding.message).toContain("built from each request's Host / X-Forwarded-Host")
  })

  test("on Vercel the platform sets Host: no warning", () => {
    expect(problems(diagnose({}, { production: true, env: { VERCEL: "1" } }))).toEqual([])
  })
})

describe("OAuth providers", () => {
  const github = { AUTH_GITHUB_ID: "Iv1.abc", AUTH_GITHUB_SECRET: "s3cr3t" }

  test("the exact callback URL to register, on AUTH_URL with the basePath", () => {
    const finding = only(
      diagnose({ providers: [GitHub] }, { env: { ...github, AUTH_URL: "https://app.example.com/api/auth" } }),
      "callback-url",
    )
    expect(finding.level).toBe("info")
    expect(finding.message).toBe(
      "GitHub (github): the callback (redirect) URL to register is https://app.example.com/api/auth/callback/github",
    )
  })

  test("without AUTH_URL, on the origin the app is served from", () => {
    const findings = diagnose({ providers: [GitHub] }, { env: github, origin: "http://localhost:3000", defaultBasePath: "/api/auth" })
    expect(only(findings, "callback-url").message).toContain("http://localhost:3000/api/auth/callback/github")
  })

  test("behind a redirect proxy, the proxy's callback", () => {
    const findings = diagnose(
      { providers: [GitHub] },
      { env: { ...github, AUTH_REDIRECT_PROXY_URL: "https://auth.example.com/api/auth" }, origin: "https://preview-1.example.com" },
    )
    expect(only(findings, "callback-url").message).toContain("https://auth.example.com/api/auth/callback/github")
  })

  test("client id and secret missing", () => {
    const findings = diagnose({ providers: [GitHub] })
    expect(only(findings, "provider-id-missing").message).toBe("GitHub (github): no client id: AUTH_GITHUB_ID is not set")
    expect(only(findings, "provider-secret-missing").message).toBe("GitHub (github): no client secret: AUTH_GITHUB_SECRET is not set")
  })

  test("a misspelled variable: the closest one is named", () => {
    const findings = diagnose({ providers: [GitHub] }, { env: { AUTH_GTIHUB_ID: "Iv1.abc", AUTH_GITHUB_SECRET: "s3cr3t" } })
    const finding = only(findings, "provider-id-missing")
    expect(finding.message).toBe("GitHub (github): no client id: AUTH_GITHUB_ID is not set (AUTH_GTIHUB_ID is: misspelled?)")
    expect(finding.fix).toBe("Rename AUTH_GTIHUB_ID to AUTH_GITHUB_ID")
    expect(findings.some((f) => f.check === "provider-secret-missing")).toBe(false)
  })

  test("an Auth.js v4 name is recognised", () => {
    const findings = diagnose({ providers: [GitHub] }, { env: { GITHUB_CLIENT_ID: "Iv1.abc", GITHUB_CLIENT_SECRET: "x" } })
    expect(only(findings, "provider-id-missing").fix).toBe("Rename GITHUB_CLIENT_ID to AUTH_GITHUB_ID")
    expect(only(findings, "provider-secret-missing").fix).toBe("Rename GITHUB_CLIENT_SECRET to AUTH_GITHUB_SECRET")
  })

  test("the provider's own secret is never offered as its missing id", () => {
    const finding = only(diagnose({ providers: [GitHub] }, { env: { AUTH_GITHUB_SECRET: "s3cr3t" } }), "provider-id-missing")
    expect(finding.message).not.toContain("AUTH_GITHUB_SECRET")
  })

  test("a public client needs no secret", () => {
    const findings = diagnose({ providers: [GitHub({ client: { token_endpoint_auth_method: "none" } })] }, { env: { AUTH_GITHUB_ID: "x" } })
    expect(problems(findings)).toEqual([])
  })

  test("an OIDC provider without an issuer", () => {
    const findings = diagnose({ providers: [{ id: "corp", name: "Corp", type: "oidc", clientId: "a", clientSecret: "b" } as any] })
    const finding = only(findings, "provider-endpoints")
    expect(finding.message).toContain('Provider "corp" is missing both `issuer` and `authorization` endpoint config')
    expect(finding.fix).toBe("Set AUTH_CORP_ISSUER to the provider's issuer URL")
  })

  test("a provider factory that throws", () => {
    const broken = () => {
      throw new Error("tenantId is required")
    }
    const finding = only(diagnose({ providers: [broken as any] }), "provider-invalid")
    expect(finding.message).toContain("tenantId is required")
  })
})

describe("e-mail providers", () => {
  test("without an adapter", () => {
    const finding = only(diagnose({ providers: [Nodemailer({ server: "smtp://127.0.0.1:2525" })] }), "email-adapter")
    expect(finding.message).toContain("needs an adapter")
  })

  test("a mail API without its key, the misspelled variable named", () => {
    const findings = diagnose(
      { adapter: fullAdapter, providers: [Resend({ from: "a@example.com" })] },
      { env: { AUTH_RESEND_KYE: "re_123" } },
    )
    const finding = only(findings, "provider-key-missing")
    expect(finding.message).toBe("Resend (resend): no API key: AUTH_RESEND_KEY is not set (AUTH_RESEND_KYE is: misspelled?)")
  })

  test("an e-mail provider with its own sendVerificationRequest needs no API key and no server", () => {
    const send = async () => {}
    const providers = [
      Email({ sendVerificationRequest: send }),
      { id: "my-mail", name: "My mail", type: "email" as const, sendVerificationRequest: send },
      Resend({ id: "resend-own", sendVerificationRequest: send }),
      Nodemailer({ id: "nodemailer-own", server: "console", sendVerificationRequest: send }),
    ]
    const findings = diagnose({ adapter: fullAdapter, providers }, { production: true, env: { AUTH_URL: "https://app.example.com" } })
    expect(problems(findings)).toEqual([])
  })

  test("printing links to the console in production", () => {
    const config = { adapter: fullAdapter, providers: [Nodemailer({ server: "console" })] }
    expect(problems(diagnose(config))).toEqual([])
    const finding = only(diagnose(config, { production: true, env: { AUTH_URL: "https://app.example.com" } }), "email-transport")
    expect(finding.level).toBe("error")
    expect(finding.message).toBe(
      'Nodemailer (nodemailer) prints sign-in links on the console (server: "console"): in production nobody receives a sign-in mail',
    )
  })

  test("a nodemailer transport that delivers nothing, in production", () => {
    const config = { adapter: fullAdapter, providers: [Nodemailer({ server: { jsonTransport: true } })] }
    const finding = only(diagnose(config, { production: true, env: { AUTH_URL: "https://app.example.com" } }), "email-transport")
    expect(finding.message).toContain("jsonTransport / streamTransport")
  })

  test("a real SMTP server in production is fine", () => {
    const config = { adapter: fullAdapter, providers: [Nodemailer({ server: "smtp://mail.example.com:587" })] }
    expect(problems(diagnose(config, { production: true, env: { AUTH_URL: "https://app.example.com" } }))).toEqual([])
  })
})

describe("passkeys", () => {
  test("without an adapter", () => {
    const finding = only(diagnose({ providers: [Passkey()], experimental: { enableWebAuthn: true } }), "passkey-adapter")
    expect(finding.message).toBe("Passkey provider passkey: there is no adapter, so registered passkeys cannot be stored")
  })

  test("with an adapter that cannot store authenticators", () => {
    const { getAuthenticator, createAuthenticator, ...withoutAuthenticators } = fullAdapter as any
    const finding = only(
      diagnose({ providers: [Passkey()], adapter: withoutAuthenticators, experimental: { enableWebAuthn: true } }),
      "passkey-adapter",
    )
    expect(finding.message).toBe(
      "Passkey provider passkey: the adapter cannot store authenticators (it lacks getAuthenticator, createAuthenticator)",
    )
  })

  test("not enabled", () => {
    const finding = only(diagnose({ providers: [Passkey()], adapter: fullAdapter }), "passkey-experimental")
    expect(finding.fix).toBe("Add `experimental: { enableWebAuthn: true }` to the config")
  })

  test("with a full adapter, enabled: fine", () => {
    expect(diagnose({ providers: [Passkey()], adapter: fullAdapter, experimental: { enableWebAuthn: true } })).toEqual([])
  })
})

describe("rate limiting across instances", () => {
  const production = { production: true, env: { AUTH_URL: "https://app.example.com" } }

  test("the default memory store with GATEHOUSE_INSTANCES=3", () => {
    const finding = only(diagnose({}, { ...production, env: { ...production.env, GATEHOUSE_INSTANCES: "3" } }), "ratelimit-store")
    expect(finding.message).toBe(
      "Rate limits are counted in each instance's memory: with 3 instances an attacker gets 3 times the sign-in attempts",
    )
  })

  test("declared as an option", () => {
    only(diagnose({ rateLimit: { perAccount: { limit: 5, window: 60 } } }, { instances: 2 }), "ratelimit-store")
  })

  test("one instance, a shared store, or rate limiting off: fine", () => {
    expect(diagnose({}, { ...production, instances: 1 })).toEqual([])
    expect(diagnose({ rateLimit: { store: { hit: () => ({ count: 1, resetAt: 0 }) } } }, { ...production, instances: 4 })).toEqual([])
    expect(diagnose({ rateLimit: false }, { ...production, instances: 4 })).toEqual([])
  })

  test("development has no default rate limit to share", () => {
    expect(diagnose({}, { instances: 4 })).toEqual([])
  })
})

test("the app's config object is left as it was", () => {
  const config = { providers: [GitHub] } as AuthConfig
  diagnoseConfig(config, { env: { AUTH_SECRET: secret, AUTH_GITHUB_ID: "a", AUTH_GITHUB_SECRET: "b" } })
  expect(config).toEqual({ providers: [GitHub] })
})

describe("what core refuses outright", () => {
  test("database sessions without an adapter", () => {
    const finding = only(diagnose({ session: { strategy: "database" } }), "config-invalid")
    expect(finding.message).toMatch(/^Every request fails with MissingAdapter: Database session requires an adapter/)
  })

  test("credentials without authorize", () => {
    const finding = only(diagnose({ providers: [{ id: "login", type: "credentials", name: "Login" } as any] }), "config-invalid")
    expect(finding.message).toContain("MissingAuthorize")
  })

  test("two providers with one id", () => {
    const finding = only(diagnose({ providers: [credentials, credentials] }), "config-invalid")
    expect(finding.message).toContain('Two providers share the id "credentials"')
  })

  test("not repeated when an error already names the problem", () => {
    const findings = diagnose({ providers: [Passkey()] })
    expect(findings.map((finding) => finding.check)).toEqual(["passkey-experimental", "passkey-adapter"])
  })
})
