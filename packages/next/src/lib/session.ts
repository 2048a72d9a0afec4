/**
 * The session as server code sees it: core asked for `GET {basePath}/session` on the request's behalf
 * (`auth()` in server components and actions, `auth(req, res)` in the pages router) and updated
 * through `unstable_update`.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { createActionURL } from "@gatehouse/core"
import { callCore } from "./call-core.js"
import { reportError, sessionFromBody, sessionFromResponse } from "@gatehouse/core/integration"
import type { Session } from "@gatehouse/core/types"
import { unstable_rethrow } from "next/navigation"
import type { ConfigResolver } from "./create-config-resolver.js"
import { currentRequestHeaders, writeCookies } from "./next-headers.js"
import { keepNodeResponsePrivate } from "./keep-node-response-private.js"
import { brokenConfigError } from "./report-broken-config.js"
import { serverActionConfig } from "./server-action-config.js"
import { serverRequestContext } from "./server-request.js"
import { serverSessionConfig } from "./server-session-config.js"
import type { NextAuthConfig } from "./types.js"

/**
 * Asks core for the session of the request whose headers are given, as `GET {basePath}/session` would.
 * Only the cookie header is forwarded: the session depends on nothing else, and the answer may carry
 * Set-Cookie headers (a refreshed session) for the caller to pass on where it can.
 */
export async function fetchSession(headers: Headers, config: NextAuthConfig, protocol?: string): Promise<Response> {
  const url = createActionURL(
    "session",
    // X-Forwarded-Proto, when the request has one, wins over this fallback (createActionURL reads it).
    protocol ?? "https",
    headers,
    process.env,
    config as Parameters<typeof createActionURL>[4],
  )
  const request = new Request(url, { headers: { cookie: headers.get("cookie") ?? "" } })
  return callCore(request, serverSessionConfig(config)) as Promise<Response>
}

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
 * `auth(req, res)` in pages-router API routes and `auth(ctx)` in getServerSideProps: the session or null,
 * with any refreshed session cookie added to the Node response, which is then kept private (no shared
 * cache may store it, whatever caching header the page sets). A config that cannot work throws its error.
 */
export async function sessionForPagesRouter(
  resolveConfig: ConfigResolver,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<Session | null> {
  let config: NextAuthConfig | undefined
  let broken: Error | undefined
  try {
    config = await resolveConfig(undefined)
    const protocol = (request.socket as { encrypted?: boolean } | undefined)?.encrypted ? "https" : "http"
    const sessionResponse = await fetchSession(toHeaders(request.headers), config, protocol)
    broken = brokenConfigError(sessionResponse, config)
    if (!broken) {
      appendSetCookies(response, sessionResponse.headers.getSetCookie())
      return await sessionFromResponse(sessionResponse)
    }
  } catch (error) {
    reportError(config?.logger, error)
    return null
  }
  throw broken
}

function toHeaders(nodeHeaders: IncomingMessage["headers"]): Headers {
  const result = new Headers()
  for (const [name, value] of Object.entries(nodeHeaders)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) result.append(name, item)
  }
  return result
}

function appendSetCookies(response: ServerResponse, cookies: string[]): void {
  if (cookies.length === 0 || response.headersSent) return
  const existing = response.getHeader("set-cookie")
  const already = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)]
  response.setHeader("set-cookie", [...already, ...cookies])
  keepNodeResponsePrivate(response)
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
