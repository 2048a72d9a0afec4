/**
 * How `sessions` and `account` of `NextAuth()` run one of `@gatehouse/core/server`'s functions for the
 * user of this request, with the cookies and headers Next gives it, writing the cookies core hands back
 * through next/headers where Next allows it.
 */
import { reportError } from "@gatehouse/core/integration"
import type { ServerInput, ServerResult } from "@gatehouse/core/server"
import type { AuthAction } from "@gatehouse/core/types"
import type { ConfigResolver } from "./create-config-resolver.js"
import { writeCookies } from "./next-headers.js"
import { serverRequestContext } from "./server-request.js"

/**
 * Runs one of core's server functions (`action` names its route) for the user of this request. A failure (no adapter methods, a
 * database error) is logged through the app's logger and thrown: a devices page must not show "no
 * sessions" (nor an account page "signed out") when it cannot know, nor a revoke look done when it is not. The cookies core hands back
 * (the session cookie re-issued when the app's jwt callback changed the token, or cleared when its
 * session is gone or was revoked) are written where Next allows it: from server actions and route
 * handlers. A server component cannot set cookies; a listing there skips them (a revocation's write fails loudly).
 */
export async function forThisUser<T>(
  resolveConfig: ConfigResolver,
  action: AuthAction,
  run: (input: ServerInput) => Promise<ServerResult<T>>,
  changesState?: { call: string },
): Promise<T> {
  const config = await resolveConfig(undefined)
  // Outside the try: reading next/headers is how Next learns the page is dynamic; that signal must reach Next.
  // A cross-site request is refused here too (MissingCSRF), before anything is revoked.
  const { input, finish } = await serverRequestContext(action, config, changesState)
  let result: ServerResult<T>
  try {
    result = await run(input)
  } catch (error) {
    reportError(config.logger, error)
    throw error
  }
  if (changesState) await writeCookies(finish(result.cookies))
  else {
    try {
      await writeCookies(finish(result.cookies))
    } catch {
      // A server component: Next refuses cookie writes there (see above).
    }
  }
  return result.value
}
