import { describe, expect, it } from "vitest"
import { createConfigResolver } from "./create-config-resolver.js"
import type { NextAuthConfig } from "./types.js"

const bare = (): NextAuthConfig => ({ providers: [] })

/** The config as `NextAuth` hands it to core, prepared with this environment (core's configPreparer). */
async function prepared(config: NextAuthConfig, env: Record<string, string>): Promise<NextAuthConfig> {
  return createConfigResolver(config, env)()
}

describe("Next's config preparation (createConfigResolver over core's configPreparer)", () => {
  it("puts the routes under /api/auth by default", async () => {
    const config = await prepared(bare(), {})
    expect(config.basePath).toBe("/api/auth")
  })

  it("takes a deeper path from AUTH_URL or NEXTAUTH_URL (a Next.js basePath), not from a bare origin", async () => {
    const deep = await prepared(bare(), { AUTH_URL: "https://example.com/app/api/auth/" })
    expect(deep.basePath).toBe("/app/api/auth")
    const legacy = await prepared(bare(), { NEXTAUTH_URL: "https://example.com/docs/api/auth" })
    expect(legacy.basePath).toBe("/docs/api/auth")
    const bareOrigin = await prepared(bare(), { AUTH_URL: "https://example.com" })
    expect(bareOrigin.basePath).toBe("/api/auth")
  })

  it("keeps an explicit basePath", async () => {
    const config = await prepared({ providers: [], basePath: "/auth" }, { AUTH_URL: "https://example.com/api/auth" })
    expect(config.basePath).toBe("/auth")
  })

  it("reads AUTH_SECRET, falls back to NEXTAUTH_SECRET, and keeps AUTH_SECRET_1 for rotation", async () => {
    const fromAuth = await prepared(bare(), { AUTH_SECRET: "new-secret", AUTH_SECRET_1: "old-secret" })
    expect([fromAuth.secret].flat()).toEqual(["old-secret", "new-secret"])
    const fromLegacy = await prepared(bare(), { NEXTAUTH_SECRET: "legacy-secret" })
    expect([fromLegacy.secret].flat()).toEqual(["legacy-secret"])
  })

  it("trusts the host in development, not in production unless told", async () => {
    const dev = await prepared(bare(), { NODE_ENV: "development" })
    expect(dev.trustHost).toBe(true)
    const prod = await prepared(bare(), { NODE_ENV: "production" })
    expect(prod.trustHost).toBe(false)
    const told = await prepared(bare(), { NODE_ENV: "production", AUTH_TRUST_HOST: "true" })
    expect(told.trustHost).toBe(true)
  })

  it("warns about a secret shorter than 32 characters through the app's logger, as SvelteKit and Qwik do", async () => {
    const warned: string[] = []
    await prepared({ providers: [], secret: "short", logger: { warn: (code: string) => void warned.push(code) } }, {})
    expect(warned).toContain("short-secret")
    const quiet: string[] = []
    await prepared({ providers: [], secret: "x".repeat(32), logger: { warn: (code: string) => void quiet.push(code) } }, {})
    expect(quiet).not.toContain("short-secret")
  })
})
