/**
 * A deployment behind a proxy that ends TLS: the app sees plain http on an internal address, and
 * AUTH_URL=https://app.example lives in the platform's environment only (not process.env). The
 * browser holds the `__Secure-` session cookie the https origin was given, so reading the request at
 * its own http origin finds nobody signed in: the tests check the environment reaches core.
 */
import type { Adapter } from "../../core/src/adapters.js"

export const platformEnv: Record<string, string> = {
  AUTH_URL: "https://app.example",
  AUTH_SECRET: "platform-secret-with-at-least-thirty-two-characters",
  AUTH_GITHUB_ID: "platform-client-id",
  AUTH_GITHUB_SECRET: "platform-client-secret",
}

/** Where requests reach the app from the proxy. */
export const internalOrigin = "http://10.0.0.5:3000"

/** The GitHub access token the seeded user's account holds (valid for an hour). */
export const upstreamAccessToken = "upstream-access-token"

/**
 * A user with a GitHub account and a database session issued on https; returns the `Cookie` header
 * value a browser would send for it.
 */
export async function seedHttpsSession(adapter: Adapter): Promise<string> {
  const sessionToken = `session-${crypto.randomUUID()}`
  const user = await adapter.createUser!({ id: "", name: "Ada", email: `ada-${sessionToken}@example.test`, emailVerified: null })
  await adapter.linkAccount!({
    userId: user.id,
    type: "oauth",
    provider: "github",
    providerAccountId: `gh-${sessionToken}`,
    access_token: upstreamAccessToken,
    token_type: "bearer",
    expires_at: Math.floor(Date.now() / 1000) + 3600,
  })
  await adapter.createSession!({ sessionToken, userId: user.id, expires: new Date(Date.now() + 3_600_000) })
  return `__Secure-authjs.session-token=${sessionToken}`
}
