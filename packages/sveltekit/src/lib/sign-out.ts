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
}

/** Ends the session on the server (JWT cookie cleared, or the database session deleted), then redirects (303). */
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
    body: new URLSearchParams({ callbackUrl }),
  })
  const response = (await Auth(request, config.server)) as ResponseInternal | Response
  redirect(303, redirectTarget(event, response, actionUrl("error", event, runtime.env, config.server)))
}
