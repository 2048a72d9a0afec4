import type { RequestEvent } from "@sveltejs/kit"
import { Auth } from "@gatehouse/core"
import { AuthError } from "@gatehouse/core/errors"
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
export async function readSession(
  event: RequestEvent,
  config: PreparedConfig,
  runtime: KitRuntime,
): Promise<Session | null> {
  if (runtime.building) return null
  let response: ResponseInternal | Response
  try {
    const request = new Request(actionUrl("session", event, runtime.env, config.server), {
      headers: { cookie: event.request.headers.get("cookie") ?? "" },
    })
    response = (await Auth(request, config.server)) as ResponseInternal | Response
  } catch (error) {
    // Core logs its own errors; this is for what fails before it runs (an unparsable AUTH_URL).
    if (!(error instanceof AuthError)) console.error("[auth][error] SvelteKitAuth: the session could not be read", error)
    return null
  }
  if (response instanceof Response) return null
  applyAuthCookies(event, response.cookies)
  if ((response.status ?? 200) !== 200) return null
  return asSession(response.body)
}

function asSession(body: unknown): Session | null {
  try {
    // Through JSON, as @auth/sveltekit reads it: a database session's `expires` Date becomes ISO text.
    body = JSON.parse(typeof body === "string" ? body : JSON.stringify(body ?? null))
  } catch {
    return null
  }
  if (!body || typeof body !== "object" || Array.isArray(body) || Object.keys(body).length === 0) return null
  return body as Session
}
