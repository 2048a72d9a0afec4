import { forwardedHeaders } from "@gatehouse/core/integration"
import { QWIK_BASE_PATH } from "./set-env-defaults.js"

/** The user's request as core's session functions read it (cookies, user agent, host), at the auth routes' URL. */
export function sessionsRequest(request: Request): Request {
  return new Request(new URL(`${QWIK_BASE_PATH}/session`, request.url), { headers: forwardedHeaders(request.headers) })
}
