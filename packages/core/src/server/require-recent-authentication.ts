import type { AuthConfigInput } from "../handler/auth.js"
import { toResponse } from "../http/to-response.js"
import { serverInputOf } from "./server-input.js"
import { serverOptions, serverRequest } from "./server-request.js"
import { refuseUnlessRecent, type StepUpNeed } from "../step-up/refuse-unless-recent.js"

/**
 * For server code guarding a sensitive action (change an address, delete an account): null when
 * the request's user signed in within `maxAge` seconds (default `session.freshAge`, 600) and, with
 * `secondFactor: true`, with a second factor; else the `Response` to answer with: a redirect to
 * `{basePath}/reauthenticate` for a page (back to `callbackUrl`, default the request's URL), or
 * RFC 9470's `401` with `WWW-Authenticate: Bearer error="insufficient_user_authentication"` for
 * an API. `config` is the auth config or, as for `Auth`, a function of the request returning it.
 *
 * ```ts
 * const refused = await requireRecentAuthentication(request, authConfig, { maxAge: 300 })
 * if (refused) return refused
 * ```
 */
export async function requireRecentAuthentication(
  request: Request,
  config: AuthConfigInput,
  need: StepUpNeed = {},
): Promise<Response | null> {
  const call = serverRequest(await serverInputOf(request, config), { action: "session" })
  const { options } = await serverOptions(call)
  const refusal = await refuseUnlessRecent({ ...call.internal, url: new URL(request.url), method: request.method }, options, need)
  return refusal ? toResponse(refusal) : null
}
