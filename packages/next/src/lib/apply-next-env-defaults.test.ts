import { describe, expect, it } from "vitest"
import { applyNextEnvDefaults } from "./apply-next-env-defaults.js"
import type { NextAuthConfig } from "./types.js"

const bare = (): NextAuthConfig => ({ providers: [] })

describe("applyNextEnvDefaults", () => {
  it("puts the routes under /api/auth by default", () => {
    const config = bare()
    applyNextEnvDefaults(config, {})
    expect(config.basePath).toBe("/api/auth")
  })

  it("takes a deeper path from AUTH_URL or NEXTAUTH_URL (a Next.js basePath), not from a bare origin", () => {
    const deep = bare()
    applyNextEnvDefaults(deep, { AUTH_URL: "https://example.com/app/api/auth/" })
    expect(deep.basePath).toBe("/app/api/auth")
    const legacy = bare()
    applyNextEnvDefaults(legacy, { NEXTAUTH_URL: "https://example.com/docs/api/auth" })
    expect(legacy.basePath).toBe("/docs/api/auth")
    const bareOrigin = bare()
    applyNextEnvDefaults(bareOrigin, { AUTH_URL: "https://example.com" })
    expect(bareOrigin.basePath).toBe("/api/auth")
  })

  it("keeps an explicit basePath", () => {
    const config: NextAuthConfig = { providers: [], basePath: "/auth" }
    applyNextEnvDefaults(config, { AUTH_URL: "https://example.com/api/auth" })
    expect(config.basePath).toBe("/auth")
  })

  it("reads AUTH_SECRET, falls back to NEXTAUTH_SECRET, and keeps AUTH_SECRET_1 for rotation", () => {
    const fromAuth = bare()
    applyNextEnvDefaults(fromAuth, { AUTH_SECRET: "new-secret", AUTH_SECRET_1: "old-secret" })
    expect([fromAuth.secret].flat()).toEqual(["old-secret", "new-secret"])
    const fromLegacy = bare()
    applyNextEnvDefaults(fromLegacy, { NEXTAUTH_SECRET: "legacy-secret" })
    expect([fromLegacy.secret].flat()).toEqual(["legacy-secret"])
  })

  it("trusts the host in development, not in production unless told", () => {
    const dev = bare()
    applyNextEnvDefaults(dev, { NODE_ENV: "development" })
    expect(dev.trustHost).toBe(true)
    const prod = bare()
    applyNextEnvDefaults(prod, { NODE_ENV: "production" })
    expect(prod.trustHost).toBe(false)
    const told = bare()
    applyNextEnvDefaults(told, { NODE_ENV: "production", AUTH_TRUST_HOST: "true" })
    expect(told.trustHost).toBe(true)
  })
})
