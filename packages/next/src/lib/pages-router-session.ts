/**
 * The session read on the server without `next/navigation` or `next/headers`: what the pages router
 * (`auth(req, res)`, v4's `getServerSession(req, res, options)`) and the proxy need. Next loads
 * pages-router server code from node_modules without bundling it, where Node's ESM loader cannot
 * resolve those extensionless subpaths of `next`; keeping them out of this module keeps the pages
 * router working.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { createActionURL } from "@gatehouse/core"
import { reportError, sessionFromResponse } from "@gatehouse/core/integration"
import type { Session } from "@gatehouse/core/types"
import { callCore } from "./call-core.js"
import type { ConfigResolver } from "./create-config-resolver.js"
import { keepNodeResponsePrivate } from "./keep-node-response-private.js"
import { brokenConfigError } from "./report-broken-config.js"
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
