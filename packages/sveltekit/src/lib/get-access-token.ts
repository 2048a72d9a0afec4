/**
 * `event.locals.getAccessToken(providerId)`: the signed-in user's access token at a provider,
 * refreshed first when due (the provider's `tokenRefresh: true`), for loads, actions and endpoints.
 */
import type { RequestEvent } from "@sveltejs/kit"
import type { AccessToken } from "@gatehouse/core"
import { getAccessToken } from "@gatehouse/core/server"
import type { AuthConfig } from "@gatehouse/core/types"
import { applyAuthCookies } from "./apply-auth-cookies.js"
import { readInput } from "./server-input.js"
import type { KitRuntime } from "./types.js"

/**
 * A JWT session without an adapter keeps the tokens in its cookie: a refresh rewrites it, through
 * SvelteKit's cookies like every session refresh (the response is then marked private). Once the
 * response has started (a streamed load) SvelteKit refuses cookie writes; the new tokens are then
 * remembered by this process until a later request stores them.
 */
export async function accessTokenFor(
  event: RequestEvent,
  config: AuthConfig,
  runtime: KitRuntime,
  providerId: string,
): Promise<AccessToken | null> {
  if (runtime.building) return null
  const { value, cookies } = await getAccessToken({ ...readInput(event, config), providerId })
  try {
    applyAuthCookies(event, cookies)
  } catch {
    // The response has already begun (see above).
  }
  return value
}
