/**
 * `getAccessToken(providerId)` from `NextAuth()`: the signed-in user's access token at a provider,
 * refreshed first when due (the provider's `tokenRefresh: true`), for server components, server
 * actions and route handlers.
 */
import type { AccessToken } from "@gatehouse/core"
import { getAccessToken } from "@gatehouse/core/server"
import type { ConfigResolver } from "./create-config-resolver.js"
import { writeCookies } from "./next-headers.js"
import { serverRequestContext } from "./server-request.js"

/**
 * A JWT session without an adapter keeps the tokens in its cookie, so a refresh rewrites it: that
 * works from server actions and route handlers. A server component cannot set cookies; there the
 * new tokens are remembered by this process (keyed by the old refresh token) until a later request
 * that may write cookies stores them. Sessions kept by an adapter need no cookie write at all.
 */
export async function accessTokenForServerCode(resolveConfig: ConfigResolver, providerId: string): Promise<AccessToken | null> {
  const config = await resolveConfig(undefined)
  const { input, finish } = await serverRequestContext("session", config)
  const { value, cookies } = await getAccessToken({ ...input, providerId })
  try {
    await writeCookies(finish(cookies))
  } catch {
    // A server component: Next refuses cookie writes there (see above).
  }
  return value
}
