/**
 * The session read on the server without `next/navigation` or `next/headers`: what the pages router
 * (`auth(req, res)`, v4's `getServerSession(req, res, options)`), the proxy and `auth()` need. Next loads
 * pages-router server code from node_modules without bundling it, where Node's ESM loader cannot
 * resolve those extensionless subpaths of `next`; keeping them out of this module keeps the pages
 * router working.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { configurationError } from "@gatehouse/core"
import type { AuthError } from "@gatehouse/core/errors"
import { reportError } from "@gatehouse/core/integration"
import { getSession, type SessionResult, serializeCookie } from "@gatehouse/core/server"
import type { Session } from "@gatehouse/core/types"
import type { ConfigResolver } from "./create-config-resolver.js"
import { keepNodeResponsePrivate } from "./keep-node-response-private.js"
import { nextServerInput } from "./server-input.js"
import { serverSessionConfig } from "./server-session-config.js"
import type { NextAuthConfig, RecentAuthenticationOptions } from "./types.js"

/**
 * The session of the request whose headers are given, through core's `getSession` (the session
 * action `GET {basePath}/session` runs). Only the cookie header is handed on (and, for a step-up,
 * Accept): the session depends on nothing else. `cookies` (a renewed or cleared session cookie, a
 * next-auth 4 cookie adopted) are for the caller to write where it can.
 */
export async function readSession(
  headers: Headers,
  config: NextAuthConfig,
  protocol?: string,
  need?: RecentAuthenticationOptions,
): Promise<SessionResult> {
  const forCore = new Headers({ cookie: headers.get("cookie") ?? "" })
  const accept = headers.get("accept")
  if (need && accept) forCore.set("accept", accept)
  // Where the session is read comes from the request's host (or AUTH_URL); core sees only the cookie.
  const { input, finish } = await nextServerInput("session", headers, config, protocol, forCore)
  const result = await getSession({ ...input, stepUp: need })
  return { ...result, cookies: finish(result.cookies) }
}

/**
 * The error a session read throws for server code: the config's own when it cannot work (no
 * AUTH_SECRET in production, an untrusted host…), so a page calling `auth()` fails with the error
 * every auth route answers with instead of rendering as signed out; undefined for anything else
 * (logged, read as nobody signed in).
 */
export function brokenConfigError(config: NextAuthConfig | undefined): AuthError | undefined {
  if (!config) return undefined
  return configurationError(serverSessionConfig(config) as Parameters<typeof configurationError>[0])
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
  try {
    config = await resolveConfig(undefined)
    const protocol = (request.socket as { encrypted?: boolean } | undefined)?.encrypted ? "https" : "http"
    const { value, cookies } = await readSession(toHeaders(request.headers), config, protocol)
    appendSetCookies(
      response,
      cookies.map((cookie) => serializeCookie(cookie)),
    )
    return value
  } catch (error) {
    const broken = brokenConfigError(config)
    // Logged through the app's logger as every route logs it, then thrown.
    reportError(config?.logger, broken ?? error)
    if (broken) throw broken
    return null
  }
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
