/**
 * `event.locals.getAccessToken(providerId)`: the signed-in user's access token at a provider,
 * refreshed first when due (the provider's `tokenRefresh: true`), for loads, actions and endpoints.
 */
import type { RequestEvent } from "@sveltejs/kit"
import type { AccessToken } from "@gatehouse/core"
import { accessTokenForServer } from "@gatehouse/core/integration"
import { actionUrl } from "./action-url.js"
import { applyAuthCookies } from "./apply-auth-cookies.js"
import type { PreparedConfig } from "./prepare-config.js"
import type { KitRuntime } from "./types.js"

/**
 * A JWT session without an adapter keeps the tokens in its cookie: a refresh rewrites it, through
 * SvelteKit's cookies like every session refresh (the response is then marked private). Once the
 * response has started (a streamed load) SvelteKit refuses cookie writes; the new tokens are then
 * remembered by this process until a later request stores them.
 */
export async function accessTokenFor(
  event: RequestEvent,
  config: PreparedConfig,
  runtime: KitRuntime,
  providerId: string,
): Promise<AccessToken | null> {
  if (runtime.building) return null
  const request = new Request(actionUrl("session", event, runtime.env, config.server), {
    headers: { cookie: event.request.headers.get("cookie") ?? "" },
  })
  const { token, cookies } = await accessTokenForServer(request, config.server, providerId)
  try {
    applyAuthCookies(event, cookies)
  } catch {
    // The response has already begun (see above).
  }
  return token
}
