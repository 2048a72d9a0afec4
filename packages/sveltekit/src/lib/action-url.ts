import type { RequestEvent } from "@sveltejs/kit"
import { createActionURL } from "@gatehouse/core"
import type { AuthAction, AuthConfig } from "@gatehouse/core/types"

/**
 * The absolute URL of an auth action for a request, from AUTH_URL when set, else from the origin
 * SvelteKit resolved for the request. Unlike Auth.js, the raw X-Forwarded-Host / -Proto headers are
 * not consulted: SvelteKit's adapters already honour them exactly when the app says to
 * (adapter-node's ORIGIN, HOST_HEADER, PROTOCOL_HEADER), and a forged one must not move
 * redirect targets to another host.
 */
export function actionUrl(
  action: AuthAction,
  event: Pick<RequestEvent, "url">,
  env: Record<string, string | undefined>,
  config: AuthConfig,
): URL {
  const headers = new Headers({ host: event.url.host })
  return createActionURL(action, event.url.protocol, headers, env, config)
}
