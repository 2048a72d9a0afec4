import { describe, expect, it } from "vitest"
import { resolveConfig } from "../config/resolve-config.js"
import { MissingOption } from "../errors.js"
import { Auth } from "../handler/auth.js"
import GitHub from "../providers/github.js"
import type { AuthConfig } from "../types.js"
import { TokenRefresh } from "./index.js"

/**
 * The refresh code comes only with `tokenRefresh: TokenRefresh()`: a provider's flag alone is
 * refused when the config is read, so that no app believes it refreshes while it does not.
 */
const secret = "k3Jx9Qv2Lm8Rt5Wz1Hc7Yb4Nd6Fg0Sa2Pe8Uo3Ti5"
const github = (options: Record<string, unknown> = {}) => GitHub({ clientId: "id", clientSecret: "secret", ...options })
const configWith = (config: Partial<AuthConfig>) => ({ secret, trustHost: true, providers: [github()], ...config }) as AuthConfig

describe("tokenRefresh: TokenRefresh()", () => {
  it("a provider with tokenRefresh: true and no option: MissingOption (code token-refresh) naming the provider and the import", () => {
    const { configError, tokenRefresh } = resolveConfig(configWith({ providers: [github({ tokenRefresh: true })] }))
    expect(configError).toBeInstanceOf(MissingOption)
    expect(configError).toMatchObject({ type: "MissingOption", code: "token-refresh" })
    expect(configError!.message).toContain('Provider "github" has tokenRefresh: true')
    expect(configError!.message).toContain('import { TokenRefresh } from "@gatehouse/core/token-refresh"')
    expect(configError!.message).toContain("tokenRefresh: TokenRefresh()")
    expect(configError!.message).toContain("errors.md#missingoption")
    expect(tokenRefresh).toBeUndefined()
    const two = resolveConfig(configWith({ providers: [github({ tokenRefresh: true }), github({ id: "work", tokenRefresh: true })] }))
    expect(two.configError!.message).toContain('Providers "github", "work" have tokenRefresh: true')
  })

  it("every request of such a config fails closed, as for any configuration error", async () => {
    const config = configWith({ providers: [github({ tokenRefresh: true })], logger: { error() {}, warn() {}, debug() {} } })
    const response = await Auth(new Request("http://localhost/auth/session"), { ...config, basePath: "/auth" })
    expect(response.status).toBe(500)
  })

  it("the option turns refresh on: the config carries the refresh code for the flagged providers", () => {
    const resolved = resolveConfig(configWith({ providers: [github({ tokenRefresh: true })], tokenRefresh: TokenRefresh() }))
    expect(resolved.configError).toBeUndefined()
    expect(resolved.tokenRefreshProviderIds).toEqual(["github"])
    expect(typeof resolved.tokenRefresh?.accessTokenFromAccount).toBe("function")
    expect(typeof resolved.tokenRefresh?.markSignInTokens).toBe("function")
  })

  it("neither flag nor option is today's default: no error, no refresh code", () => {
    const resolved = resolveConfig(configWith({}))
    expect(resolved.configError).toBeUndefined()
    expect(resolved.tokenRefresh).toBeUndefined()
    expect(resolved.tokenRefreshProviderIds).toEqual([])
  })

  it("refuses an option not made by TokenRefresh() (a boolean, an object of another copy's shape)", () => {
    for (const option of [true, {}, null, { accessTokenFromAccount() {} }]) {
      const { configError } = resolveConfig(configWith({ tokenRefresh: option as never }))
      expect(configError?.message).toMatch(/^tokenRefresh must be made by TokenRefresh\(\)/)
    }
  })
})
