import { redirect, type RequestEvent } from "@sveltejs/kit"
import { Auth } from "@gatehouse/core"
import { forwardedHeaders } from "@gatehouse/core/integration"
import type { ResponseInternal } from "@gatehouse/core/types"
import { actionUrl } from "./action-url.js"
import type { PreparedConfig } from "./prepare-config.js"
import { redirectTarget } from "./redirect-target.js"
import type { KitRuntime } from "./types.js"

export interface SignOutOptions {
  /** Where to land after signing out; default: the page the request came from, else "/". */
  redirectTo?: string
  /**
   * Also end the session at the identity provider it was signed in with (OpenID Connect
   * RP-Initiated Logout): the redirect goes to the provider, which sends the browser back to
   * `redirectTo`. `false` turns off a provider's `federatedSignOut: true` for this sign-out.
   */
  federated?: boolean
}

/**
 * Ends the session on the server (JWT cookie cleared, or the database session deleted), then redirects
 * (303): to `redirectTo`, or with `federated` to the provider's end-session endpoint first.
 */
export async function signOutOnServer(
  event: RequestEvent,
  options: SignOutOptions,
  config: PreparedConfig,
  runtime: KitRuntime,
): Promise<never> {
  const callbackUrl = options.redirectTo ?? event.request.headers.get("referer") ?? "/"
  const request = new Request(actionUrl("signout", event, runtime.env, config.server), {
    method: "POST",
    headers: forwardedHeaders(event.request.headers),
    body: new URLSearchParams({ callbackUrl, ...(options.federated !== undefined ? { federated: String(options.federated) } : {}) }),
  })
  const response = (await Auth(request, config.server)) as ResponseInternal | Response
  redirect(303, redirectTarget(event, response, actionUrl("error", event, runtime.env, config.server)))
}
