import { reportError, sessionFromResponse } from "@gatehouse/core/integration"
import type { Session } from "@gatehouse/core/types"
import { unstable_rethrow } from "next/navigation"
import type { ConfigResolver } from "./create-config-resolver.js"
import { currentRequestHeaders } from "./current-request-headers.js"
import { fetchSession } from "./fetch-session.js"
import { brokenConfigError } from "./report-broken-config.js"
import type { NextAuthConfig } from "./types.js"

/**
 * `await auth()` in server components, server actions and route handlers: the session, or null on any
 * failure (logged) — except a config that cannot work, whose error is thrown (see brokenConfigError). Cookies cannot be written from a server component, so a refreshed session cookie is
 * left to the proxy, as in next-auth.
 */
export async function sessionForServerCode(resolveConfig: ConfigResolver): Promise<Session | null> {
  // Outside the try: headers()/cookies() are how Next learns the page is dynamic; that signal must reach Next.
  const requestHeaders = await currentRequestHeaders()
  let config: NextAuthConfig | undefined
  let broken: Error | undefined
  try {
    config = await resolveConfig(undefined)
    const response = await fetchSession(requestHeaders, config)
    broken = brokenConfigError(response, config)
    if (!broken) return await sessionFromResponse(response)
  } catch (error) {
    unstable_rethrow(error)
    reportError(config?.logger, error)
    return null
  }
  throw broken
}
