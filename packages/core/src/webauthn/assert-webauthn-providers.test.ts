import { describe, expect, it } from "vitest"
import { Auth } from "../handler/auth.js"
import Passkey from "../providers/passkey.js"
import WebAuthn from "../providers/webauthn.js"
import { secret, silentLogger } from "@gatehouse/test-kit/credentials-app"
import type { AuthConfig } from "../types.js"
import { adapterWithAllMethods } from "@gatehouse/test-kit/adapter-with-all-methods"

/** The error a config fails closed with (logged, and a 500 for API requests), or none. */
async function configProblem(overrides: Partial<AuthConfig>) {
  const logger = silentLogger()
  const config: AuthConfig = {
    secret,
    trustHost: true,
    adapter: adapterWithAllMethods(),
    providers: [Passkey()],
    experimental: { enableWebAuthn: true },
    logger,
    ...overrides,
  }
  const response = await Auth(new Request("http://localhost:3000/auth/providers"), config)
  return { status: response.status, error: logger.errors[0] as (Error & { type?: string }) | undefined, warnings: logger.warnings }
}

describe("WebAuthn config checks", () => {
  it("accepts a passkey config and warns that it is experimental", async () => {
    const { status, error, warnings } = await configProblem({})
    expect(status).toBe(200)
    expect(error).toBeUndefined()
    expect(warnings).toEqual(["experimental-webauthn"])
  })

  it("needs experimental.enableWebAuthn", async () => {
    const { status, error } = await configProblem({ experimental: {} })
    expect(status).toBe(500)
    expect(error?.type).toBe("ExperimentalFeatureNotEnabled")
    expect(error?.message).toMatch(/enableWebAuthn/)
  })

  it("needs an adapter, with the authenticator methods", async () => {
    expect((await configProblem({ adapter: undefined })).error?.type).toBe("MissingAdapter")
    const { error } = await configProblem({
      adapter: adapterWithAllMethods(["getAuthenticator", "updateAuthenticatorCounter"]),
      session: { strategy: "jwt" },
    })
    expect(error?.type).toBe("MissingAdapterMethods")
    expect(error?.message).toMatch(/getAuthenticator, updateAuthenticatorCounter/)
  })

  it("refuses two providers with conditional UI (the defaults of WebAuthn and Passkey together)", async () => {
    const { status, error } = await configProblem({ providers: [WebAuthn(), Passkey()] })
    expect(status).toBe(500)
    expect(error?.type).toBe("DuplicateConditionalUI")
    expect((await configProblem({ providers: [WebAuthn({ enableConditionalUI: false }), Passkey()] })).error).toBeUndefined()
  })

  it("refuses conditional UI without a field whose autocomplete contains webauthn", async () => {
    const { error } = await configProblem({ providers: [Passkey({ formFields: { email: { label: "Email", autocomplete: "username" } } })] })
    expect(error?.type).toBe("MissingWebAuthnAutocomplete")
    const off = await configProblem({ providers: [Passkey({ enableConditionalUI: false, formFields: { email: { label: "Email" } } })] })
    expect(off.error).toBeUndefined()
  })

  it("refuses a browser version that is not v<major>[.<minor>[.<patch>]]", async () => {
    const { error } = await configProblem({ providers: [Passkey({ simpleWebAuthnBrowserVersion: "9.0.1" })] })
    expect(error?.message).toMatch(/simpleWebAuthnBrowserVersion "9.0.1" must be a valid semver string/)
    expect((await configProblem({ providers: [Passkey({ simpleWebAuthnBrowserVersion: "v10" })] })).error).toBeUndefined()
    expect((await configProblem({ providers: [Passkey({ simpleWebAuthnBrowserVersion: false })] })).error).toBeUndefined()
  })

  it("refuses a provider without the sign-in form or script WebAuthn() sets (a hand-made copy)", async () => {
    for (const missing of ["signinForm", "loadSigninPageScript"] as const) {
      const { status, error } = await configProblem({ providers: [{ ...Passkey(), [missing]: undefined }] })
      expect(status).toBe(500)
      expect(error?.message).toMatch(/"passkey": its sign-in page form or script is missing/)
    }
  })
})

describe("WebAuthn providers' library", () => {
  it("refuses a hand-made WebAuthn provider that has no way to load @simplewebauthn/server", async () => {
    const { loadSimpleWebAuthn: _, ...handMade } = Passkey()
    const { status, error } = await configProblem({ providers: [handMade] })
    expect(status).toBe(500)
    expect(error?.message).toMatch(/needs @simplewebauthn\/server\. Create it with WebAuthn\(\).*or Passkey\(\)/)
  })

  it("refuses a hand-made WebAuthn provider without the factory's routes or config checks (core bundles neither)", async () => {
    const { loadFlows: _, ...withoutRoutes } = Passkey()
    const noRoutes = await configProblem({ providers: [withoutRoutes] })
    expect(noRoutes.status).toBe(500)
    expect(noRoutes.error?.message).toMatch(/its routes are missing\. Create it with WebAuthn\(\).*or Passkey\(\)/)
    const { challengeLedger: _ledger, ...withoutLedger } = Passkey()
    expect((await configProblem({ providers: [withoutLedger] })).error?.message).toMatch(/its routes are missing/)
    const { assertProviders: __, ...withoutChecks } = Passkey()
    const noChecks = await configProblem({ providers: [withoutChecks] })
    expect(noChecks.status).toBe(500)
    expect(noChecks.error?.message).toMatch(/Invalid provider config for "passkey": create it with WebAuthn\(\).*or Passkey\(\)/)
  })

  it("accepts one that brings every ceremony function itself", async () => {
    const library = await import("@simplewebauthn/server")
    const { loadSimpleWebAuthn: _, ...handMade } = Passkey()
    const { error } = await configProblem({ providers: [{ ...handMade, simpleWebAuthn: library }] })
    expect(error).toBeUndefined()
  })
})
