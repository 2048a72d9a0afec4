/**
 * Ada, signed in with credentials, who also holds an account at an OAuth provider whose stored
 * token is fresh: getAccessToken hands it out without any request. For suites that attack what a
 * session may still do (revoked, banned) with a real SQLite adapter and the JWT strategy.
 */
import Database from "better-sqlite3"
import { SQLiteAdapter } from "../../adapter-sqlite/src/index.js"
import type { Adapter } from "../../core/src/adapters.js"
import { TokenRefresh } from "../../core/src/token-refresh/index.js"
import type { AuthConfig } from "../../core/src/types.js"
import { adaCredentials, credentialsConfig } from "./credentials-app.js"

export const upstreamAccessToken = "upstream-access-token-of-ada"

/** Its endpoints are unreachable on purpose: a fresh token needs none of them. Its `tokenRefresh` needs the config's `tokenRefresh: TokenRefresh()`. */
export const upstream = {
  id: "upstream",
  name: "Upstream",
  type: "oauth" as const,
  tokenRefresh: true,
  clientId: "client",
  clientSecret: "client-secret",
  authorization: "http://127.0.0.1:1/authorize",
  token: "http://127.0.0.1:1/token",
  userinfo: "http://127.0.0.1:1/userinfo",
}

/** Links `userId` to an account at `upstream` whose access token is fresh for an hour. */
export async function linkUpstreamAccount(
  adapter: Adapter,
  userId: string,
  providerAccountId: string,
  accessToken: string,
  refreshToken?: string,
): Promise<void> {
  await adapter.linkAccount!({
    userId,
    type: "oauth",
    provider: "upstream",
    providerAccountId,
    access_token: accessToken,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: "bearer",
  })
}

/** A SQLite database in memory with Ada and her upstream account, and the app's config over it (JWT sessions, revocation checked). */
export async function adaWithUpstreamAccount(overrides: Partial<AuthConfig> = {}) {
  const db = new Database(":memory:")
  const adapter = SQLiteAdapter(db)
  const ada = await adapter.createUser!({ id: "", name: "Ada", email: "ada@example.test", emailVerified: null })
  await linkUpstreamAccount(adapter, ada.id, "ada-upstream", upstreamAccessToken, "upstream-refresh-token-of-ada")
  const config = credentialsConfig({
    adapter,
    session: { strategy: "jwt", revocationCheckInterval: 60 },
    providers: [
      adaCredentials({ authorize: () => ({ id: ada.id, name: "Ada", email: "ada@example.test" }), authorizeReturnsAdapterUserId: true }),
      upstream,
    ],
    tokenRefresh: TokenRefresh(),
    ...overrides,
  })
  return { db, adapter, config, userId: ada.id }
}
