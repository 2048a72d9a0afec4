/**
 * The session as server code sees it: core's `getSession` on the request's behalf (`auth()` in server
 * components and actions, `auth(req, res)` in the pages router) and `updateSession` (`unstable_update`).
 */
import { reportError } from "@gatehouse/core/integration"
import { updateSession as coreUpdateSession } from "@gatehouse/core/server"
import type { Session } from "@gatehouse/core/types"
import { redirect, unstable_rethrow } from "next/navigation"
import type { ConfigResolver } from "./create-config-resolver.js"
import { appRelativeUrl } from "./app-relative-url.js"
import { currentRequestHeaders, writeCookies } from "./next-headers.js"
import { brokenConfigError, readSession } from "./pages-router-session.js"
import { serverRequestContext } from "./server-request.js"
import type { NextAuthConfig, RecentAuthenticationOptions } from "./types.js"

/**
 * `await auth()` in server components, server actions and route handlers: the session, or null on any
 * failure (logged) — except a config that cannot work, whose error is thrown (see brokenConfigError).
 * Cookies cannot be written from a server component, so a refreshed session cookie is left to the
 * proxy, as in next-auth. With step-up options (`auth({ maxAge, secondFactor })`) a sign-in too old or
 * too weak is sent on with Next's `redirect()` to `{basePath}/reauthenticate` (core's step-up check).
 */
export async function sessionForServerCode(resolveConfig: ConfigResolver, need?: RecentAuthenticationOptions): Promise<Session | null> {
  // Outside the try: headers()/cookies() are how Next learns the page is dynamic; that signal must reach Next.
  const requestHeaders = await currentRequestHeaders()
  let config: NextAuthConfig | undefined
  let refusedTo: string | undefined
  try {
    config = await resolveConfig(undefined)
    const stepUp = need ? { ...need, callbackUrl: need.callbackUrl ?? requestHeaders.get("referer") ?? "/" } : undefined
    // Server components and actions answer pages: a refusal is the redirect (the check reads Accept for that).
    if (stepUp) requestHeaders.set("accept", "text/html")
    const { value, refused } = await readSession(requestHeaders, config, undefined, stepUp)
    if (!refused?.redirect) return refused ? null : value
    refusedTo = refused.redirect
  } catch (error) {
    unstable_rethrow(error)
    const broken = brokenConfigError(config)
    // Logged through the app's logger as every route logs it, then thrown.
    reportError(config?.logger, broken ?? error)
    if (broken) throw broken
    return null
  }
  redirect(appRelativeUrl(refusedTo, new URL(refusedTo).origin))
}

/**
 * `unstable_update(data)` from server actions and route handlers: runs the `jwt` callback with
 * trigger "update" (or the `session` callback's newSession with database sessions), writes the new session
 * cookie and returns the new session — or null when there is no session to update. Throws MissingCSRF
 * during a cross-site request (see refuseCrossSiteRequest).
 */
export async function updateSession(resolveConfig: ConfigResolver, data: unknown): Promise<Session | null> {
  const config = await resolveConfig(undefined)
  const { input, finish } = await serverRequestContext("session", config, { call: "unstable_update" })
  try {
    const { value, cookies } = await coreUpdateSession({ ...input, data })
    await writeCookies(finish(cookies))
    return value
  } catch (error) {
    reportError(config?.logger, error)
    return null
  }
}

export { sessionForPagesRouter } from "./pages-router-session.js"
