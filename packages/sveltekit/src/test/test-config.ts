import Credentials from "@gatehouse/core/providers/credentials"
import GitHub from "@gatehouse/core/providers/github"
import type { KitRuntime, SvelteKitAuthConfig } from "../lib/types.js"

export const testSecret = "a-test-secret-that-is-long-enough-for-sure"

export const production: KitRuntime = { env: { AUTH_TRUST_HOST: "true" }, dev: false, building: false, base: "" }

/** Credentials "demo" / "demo" and a GitHub app (OAuth, fixed endpoints: no network needed to start a sign-in). */
export function testConfig(overrides: Partial<SvelteKitAuthConfig> = {}): SvelteKitAuthConfig {
  return {
    secret: testSecret,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) => (username === "demo" && password === "demo" ? { id: "demo-user", name: "Demo User" } : null),
      }),
      GitHub({ clientId: "github-client", clientSecret: "github-secret" }),
    ],
    ...overrides,
  }
}
