/**
 * The session as server code sees it: core asked for `GET {basePath}/session` on the request's behalf
 * (`auth()` in server components and actions, `auth(req, res)` in the pages router) and updated
 * through `unstable_update`.
 */
import { callCore } from "./call-core.js"
import { fetchSession } from "./pages-router-session.js"
import { reportError, sessionFromBody, sessionFromResponse } from "@gatehouse/core/integration"
import type { Session } from "@gatehouse/core/types"
import { unstable_rethrow } from "next/navigation"
import type { ConfigResolver } from "./create-config-resolver.js"
import { currentRequestHeaders, writeCookies } from "./next-headers.js"
import { brokenConfigError } from "./report-broken-config.js"
import { serverActionConfig } from "./server-action-config.js"
import { serverRequestContext } from "./server-request.js"
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

/**
 * `unstable_update(data)` from server actions and route handlers: runs the `jwt` callback with
 * trigger "update" (or the `session` callback's newSession with database sessions), writes the new session
 * cookie and returns the new session — or null when there is no session to update. Throws MissingCSRF
 * during a cross-site request (see refuseCrossSiteRequest).
 */
export async function updateSession(resolveConfig: ConfigResolver, data: unknown): Promise<Session | null> {
  const config = await resolveConfig(undefined)
  const context = await serverRequestContext("session", config, { call: "unstable_update" })
  context.headers.set("content-type", "application/json")
  const request = new Request(context.url, {
    method: "POST",
    headers: context.headers,
    body: JSON.stringify({ data }),
  })
  try {
    const result: any = await callCore(request, serverActionConfig(config))
    await writeCookies(result?.cookies)
    if (result instanceof Response) return null
    return (result?.status ?? 200) < 300 ? sessionFromBody(result?.body) : null
  } catch (error) {
    reportError(config?.logger, error)
    return null
  }
}

export { fetchSession, sessionForPagesRouter } from "./pages-router-session.js"
