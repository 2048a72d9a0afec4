import Credentials from "@gatehouse/core/providers/credentials"
import { encode } from "@gatehouse/core/jwt"
import type { NextAuthConfig } from "../types.js"

export const testSecret = "a-test-secret-that-is-long-enough-for-gatehouse"

/** A finished config (as the resolver would hand out) with one credentials user: demo / demo. */
export function credentialsConfig(overrides: Partial<NextAuthConfig> = {}): NextAuthConfig {
  return {
    secret: testSecret,
    trustHost: true,
    basePath: "/api/auth",
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: (credentials) =>
          credentials.username === "demo" && credentials.password === "demo"
            ? { id: "demo-user", name: "Demo User", email: "demo@example.test" }
            : null,
      }),
    ],
    ...overrides,
  }
}

/** A real session cookie for http origins, minted with the test secret. */
export async function sessionCookie(claims: Record<string, unknown> = { name: "Demo User", email: "demo@example.test", sub: "demo-user" }) {
  const token = await encode({ token: claims, secret: testSecret, salt: "authjs.session-token" })
  return `authjs.session-token=${token}`
}
