import { describe, expect, it } from "vitest"
import { federatedSignOutKey } from "../auth-options.js"
import { configurationError } from "../config/resolve-config.js"
import { AuthError, InvalidEndpoints, MissingOption } from "../errors.js"
import { Auth } from "../index.js"
import type { AuthConfig } from "../types.js"
import { FederatedSignOut } from "./index.js"

const secret = "federated-sign-out-config-test-secret-0123456789"

function configWith(provider: Record<string, unknown>, extra: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret,
    trustHost: true,
    providers: [{ id: "idp", name: "IdP", type: "oidc", issuer: "https://idp.example", clientId: "app", ...provider }],
    ...extra,
  } as AuthConfig
}

describe("a provider's federatedSignOut flag without the config's FederatedSignOut()", () => {
  for (const flag of [true, "on-request"] as const) {
    it(`federatedSignOut: ${JSON.stringify(flag)} is a configuration error with a code, naming the import to add`, () => {
      const error = configurationError(configWith({ federatedSignOut: flag }))
      expect(error).toBeInstanceOf(MissingOption)
      expect(error?.type).toBe("MissingOption")
      expect((error as MissingOption).code).toBe("federated-sign-out")
      expect(error?.message).toContain('Provider "idp" has `federatedSignOut`, but the config does not turn federated sign-out on')
      expect(error?.message).toContain("federatedSignOut: FederatedSignOut()")
      expect(error?.message).toContain('import { FederatedSignOut } from "@gatehouse/core/federated-sign-out"')
      expect(error?.message).toContain("(federated-sign-out)")
    })
  }

  it("fails every request closed: a sign-in cannot begin, so no sign-out of it can be silently plain", async () => {
    const errors: Error[] = []
    const config = configWith({ federatedSignOut: true }, { logger: { error: (error: Error) => errors.push(error) } })
    const response = await Auth(new Request("http://localhost:3000/auth/signin/idp", { method: "POST" }), config)
    expect(response.status).toBe(500)
    expect(errors[0]).toBeInstanceOf(MissingOption)
  })

  it("`federatedSignOut: false` asks for nothing", () => {
    expect(configurationError(configWith({ federatedSignOut: false }))).toBeUndefined()
  })
})

describe("the federatedSignOut option", () => {
  it("turns the flag on: the config is accepted", () => {
    expect(configurationError(configWith({ federatedSignOut: true }, { federatedSignOut: FederatedSignOut() }))).toBeUndefined()
    expect(configurationError(configWith({}, { federatedSignOut: FederatedSignOut() }))).toBeUndefined()
  })

  it("checks each flagged provider's end-session endpoint: none to declare nor discover is refused", () => {
    const error = configurationError(
      configWith(
        {
          federatedSignOut: true,
          type: "oauth",
          issuer: undefined,
          authorization: "https://idp.example/auth",
          token: "https://idp.example/token",
          userinfo: "https://idp.example/me",
        },
        { federatedSignOut: FederatedSignOut() },
      ),
    )
    expect(error).toBeInstanceOf(InvalidEndpoints)
    expect(error?.message).toMatch(/"idp" has no end_session_endpoint/)
  })

  it("refuses an option not made by FederatedSignOut(), naming it", () => {
    for (const made of [{}, true, { [federatedSignOutKey]: {} }]) {
      const error = configurationError(configWith({}, { federatedSignOut: made as never }))
      expect(error).toBeInstanceOf(AuthError)
      expect(error?.message).toContain("federatedSignOut must be made by FederatedSignOut()")
    }
  })
})

describe("a provider without the flag, without the option: as before", () => {
  it("is accepted, and an endSessionEndpoint that is not a URL is still refused", () => {
    expect(configurationError(configWith({}))).toBeUndefined()
    const error = configurationError(configWith({ endSessionEndpoint: "not a url" }))
    expect(error).toBeInstanceOf(InvalidEndpoints)
    expect(error?.message).toMatch(/`endSessionEndpoint` that is not a URL/)
  })
})
