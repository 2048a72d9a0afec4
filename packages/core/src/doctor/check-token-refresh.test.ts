import { describe, expect, test } from "vitest"
import GitHub from "../providers/github.js"
import { TokenRefresh } from "../token-refresh/index.js"
import type { AuthConfig } from "../types.js"
import { diagnoseConfig, type Finding } from "./diagnose-config.js"

const secret = "k3Jx9Qv2Lm8Rt5Wz1Hc7Yb4Nd6Fg0Sa2Pe8Uo3Ti5"
const github = (options: Record<string, unknown> = {}) => GitHub({ clientId: "id", clientSecret: "secret", ...options })
const noop = () => null

function checks(config: Partial<AuthConfig>, instances = 1): Finding[] {
  return diagnoseConfig({ tokenRefresh: TokenRefresh(), ...config } as AuthConfig, { env: { AUTH_SECRET: secret }, instances }).filter(
    (finding) => finding.check.startsWith("token-refresh"),
  )
}

describe("doctor: tokenRefresh", () => {
  test("says nothing for providers without it (the default)", () => {
    expect(checks({ providers: [github()] }, 3)).toEqual([])
  })

  test("an adapter without the account-token methods is an error naming them", () => {
    const adapter = { getAccountByUserId: noop }
    const [finding] = checks({ providers: [github({ tokenRefresh: true })], adapter: adapter as never })
    expect(finding).toMatchObject({ level: "error", check: "token-refresh-adapter" })
    expect(finding!.message).toContain("updateAccountTokens")
    expect(finding!.message).not.toContain("getAccountByUserId,")
    expect(
      checks({ providers: [github({ tokenRefresh: true })], adapter: { getAccountByUserId: noop, updateAccountTokens: noop } as never }),
    ).toEqual([])
  })

  test("JWT sessions without an adapter on several instances are a warning, on one nothing", () => {
    expect(checks({ providers: [github({ tokenRefresh: true })] }, 1)).toEqual([])
    expect(checks({ providers: [github({ tokenRefresh: true })] }, 2)).toMatchObject([
      { level: "warning", check: "token-refresh-per-process" },
    ])
  })

  test("a provider's tokenRefresh without the config's TokenRefresh() is the error every request would fail with", () => {
    const findings = diagnoseConfig({ providers: [github({ tokenRefresh: true })] } as AuthConfig, { env: { AUTH_SECRET: secret } })
    const invalid = findings.find((finding) => finding.check === "config-invalid")
    expect(invalid?.message).toContain("MissingOption")
    expect(invalid?.message).toContain('import { TokenRefresh } from "@gatehouse/core/token-refresh"')
  })
})
