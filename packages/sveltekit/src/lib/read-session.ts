import type { RequestEvent } from "@sveltejs/kit"
import { Auth } from "@gatehouse/core"
import { AuthError } from "@gatehouse/core/errors"
import { reportError, sessionFromBody } from "@gatehouse/core/integration"
import type { ResponseInternal, Session } from "@gatehouse/core/types"
import { actionUrl } from "./action-url.js"
import { applyAuthCookies } from "./apply-auth-cookies.js"
import type { PreparedConfig } from "./prepare-config.js"
import type { KitRuntime } from "./types.js"

/**
 * The session of the request, through the same session action as `GET /auth/session`, so
 * callbacks, events and cookie refreshes behave exactly alike. Any failure reads as "not signed
 * in" (null): a page guarded by `if (!session)` must never be opened by an error value.
 */
export async function readSession(event: RequestEvent, config: PreparedConfig, runtime: KitRuntime): Promise<Session | null> {
  if (runtime.building) return null
  let response: ResponseInternal | Response
  try {
    const request = new Request(actionUrl("session", event, runtime.env, config.server), {
      headers: { cookie: event.request.headers.get("cookie") ?? "" },
    })
    response = (await Auth(request, config.server)) as ResponseInternal | Response
  } catch (error) {
    // Core logs its own errors; this is for what fails before it runs (an unparsable AUTH_URL).
    if (!(error instanceof AuthError))
      reportError(config.server.logger, new Error("SvelteKitAuth: the session could not be read", { cause: error }))
    return null
  }
  if (response instanceof Response) return null
  applyAuthCookies(event, response.cookies)
  if ((response.status ?? 200) !== 200) return null
  let body: unknown
  try {
    // Through JSON, as @auth/sveltekit reads it: a database session's `expires` Date becomes ISO text.
    body = JSON.parse(typeof response.body === "string" ? response.body : JSON.stringify(response.body ?? null))
  } catch {
    return null
  }
  return sessionFromBody(body)
}
