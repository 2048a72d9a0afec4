/**
 * Configuration errors in Auth.js's words. Apps, log alerts and runbooks match on what Auth.js
 * logs ("UntrustedHost: Host must be trusted. URL was: …", "MissingSecret: Please define a
 * `secret`"…), so each of Gatehouse's messages starts with the real @auth/core's, for the same
 * broken config, and may only add advice after it (docs/design.md › differences).
 */
import { Auth as AuthJs } from "@auth/core"
import { describe, expect, it } from "vitest"
import { Auth } from "../handler/auth.js"
import Passkey from "../providers/passkey.js"

const secret = "assert-config-authjs-secret-0123456789abcdef"
const url = "https://authjs.test/auth/session"

interface Case {
  name: string
  type: string
  config: Record<string, unknown>
  /** The provider lists, when each implementation needs its own factory. */
  providers?: { authjs: unknown[]; gatehouse: unknown[] }
}

// Order matters for Auth.js: it remembers "has credentials" and "has e-mail" from every config
// it checked in the process, so the database-session case runs before those providers are seen.
const cases: Case[] = [
  {
    name: "database sessions without an adapter",
    type: "MissingAdapter",
    config: {
      secret,
      trustHost: true,
      providers: [{ id: "idp", type: "oidc", name: "IdP", issuer: "https://idp.example.test", clientId: "id", clientSecret: "s" }],
      session: { strategy: "database" },
    },
  },
  { name: "no secret", type: "MissingSecret", config: { secret: undefined, trustHost: true, providers: [] } },
  { name: "an untrusted host", type: "UntrustedHost", config: { secret, trustHost: false, providers: [] } },
  {
    name: "credentials without authorize (a provider function)",
    type: "MissingAuthorize",
    config: { secret, trustHost: true, providers: [() => ({ type: "credentials", id: "provider-id", name: "" })] },
  },
  {
    name: "credentials without authorize (a provider object)",
    type: "MissingAuthorize",
    config: { secret, trustHost: true, providers: [{ type: "credentials", id: "provider-id", name: "" }] },
  },
  {
    name: "passkeys without the experimental flag",
    type: "ExperimentalFeatureNotEnabled",
    config: { secret, trustHost: true },
    // @auth/core/providers/passkey needs @simplewebauthn/server at import; its shape is enough here.
    providers: { authjs: [{ id: "passkey", type: "webauthn", name: "Passkey" }], gatehouse: [Passkey()] },
  },
  {
    name: "an OIDC provider without issuer or endpoints",
    type: "InvalidEndpoints",
    config: { secret, trustHost: true, providers: [{ type: "oidc", id: "provider-id", name: "" }] },
  },
  {
    name: "an e-mail provider without an adapter",
    type: "MissingAdapter",
    config: {
      secret,
      trustHost: true,
      providers: [{ id: "email", type: "email", name: "Email", sendVerificationRequest: async () => {} }],
    },
  },
]

/** The error the implementation logs for one request to `config`. */
async function loggedError(auth: (request: Request, config: never) => Promise<Response>, config: Record<string, unknown>) {
  const errors: Error[] = []
  const logger = { error: (error: Error) => void errors.push(error), warn: () => {}, debug: () => {} }
  const response = await auth(new Request(url), { ...config, logger } as never)
  expect(response.status).toBe(500)
  expect(errors).toHaveLength(1)
  return errors[0] as Error & { type?: string }
}

/** Both libraries end messages with ". Read more at <their docs>": the words before it are compared. */
function withoutReadMore(message: string): string {
  return message.replace(/\.? ?Read more at \S+$/, "")
}

describe("configuration errors start with Auth.js's message", () => {
  it.each(cases)("$name", async ({ type, config, providers }) => {
    const authjs = await loggedError(AuthJs as never, providers ? { ...config, providers: providers.authjs } : config)
    const gatehouse = await loggedError(Auth as never, providers ? { ...config, providers: providers.gatehouse } : config)
    expect(authjs.type).toBe(type)
    expect(gatehouse.type).toBe(type)
    const theirs = withoutReadMore(authjs.message)
    expect(theirs.length).toBeGreaterThan(10)
    expect(withoutReadMore(gatehouse.message).startsWith(theirs), `${gatehouse.message}\nshould start with\n${theirs}`).toBe(true)
  })
})
