import { reportError, sessionFromResponse } from "@gatehouse/core/integration"
import type { Session } from "@gatehouse/core/types"
import type { IncomingMessage, ServerResponse } from "node:http"
import type { ConfigResolver } from "./create-config-resolver.js"
import { fetchSession } from "./fetch-session.js"
import { brokenConfigError } from "./report-broken-config.js"
import type { NextAuthConfig } from "./types.js"

/**
 * `auth(req, res)` in pages-router API routes and `auth(ctx)` in getServerSideProps: the session or null,
 * with any refreshed session cookie added to the Node response. A config that cannot work throws its error.
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
}
