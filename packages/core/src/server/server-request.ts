import { configErrorForRequest } from "../config/assert-config.js"
import type { InternalOptions } from "../providers/types.js"
import { requestOptions } from "../config/request-options.js"
import { type ResolvedConfig, resolveConfig } from "../config/resolve-config.js"
import { SessionTokenError, UnknownAction } from "../errors.js"
import { maxBodyBytes } from "../http/read-body.js"
import { forwardedOrigin } from "../http/forwarded-headers.js"
import { parseCookieHeader } from "../http/parse-cookie-header.js"
import { pinToPublicOrigin } from "../http/public-origin.js"
import type { RequestInternal, RequestOperation } from "../http/request-internal.js"
import { sessionChunkCount } from "../http/session-chunks.js"
import type { AuthAction, Cookie } from "../shared-types.js"
import type { ServerInput } from "./server-input.js"

/** What a server call does, as the route `{basePath}/<action>[/<providerId>]` would be asked it. */
export interface ServerCall {
  action: AuthAction
  method?: "GET" | "POST"
  providerId?: string
  operation?: RequestOperation
  body?: Record<string, unknown>
  query?: Record<string, string>
}

export interface ServerRequest {
  internal: RequestInternal
  config: ResolvedConfig
}

// Made on the first call without headers, not at import: touching `Headers` at module load makes
// Node load its fetch implementation (undici, ~10 ms) for every app that imports @gatehouse/core.
let emptyHeaders: Headers | undefined

/**
 * The user's request as core's actions see it, for a call made on the user's behalf: addressed to
 * the auth route on the request's origin, so with the same cookie names, AUTH_URL's pinned origin
 * and, in production, its refusal of a foreign host (UntrustedHost, thrown). Throws the config's
 * error for a broken config, and SessionTokenError for a flood of session cookie chunks (as the
 * handler refuses one), and UnknownAction for a body larger than the route would read (64 kB), as the
 * route answers one with 400. Synchronous: a session read awaits nothing here.
 */
export function serverRequest(input: ServerInput, call: ServerCall): ServerRequest {
  if (call.body && bodySize(call.body) > maxBodyBytes) throw new UnknownAction("Request body too large")
  const config = resolveConfig(input.config)
  const headers =
    input.headers === undefined
      ? (emptyHeaders ??= new Headers())
      : input.headers instanceof Headers
        ? input.headers
        : new Headers(input.headers)
  const origin = originOf(input, headers, config)
  if (config.configError) throw configErrorForRequest(config.configError, origin)
  const internal: RequestInternal = {
    url: new URL(`${origin}${config.basePath}/${call.action}${call.providerId ? `/${encodeURIComponent(call.providerId)}` : ""}`),
    method: call.method ?? "GET",
    action: call.action,
    providerId: call.providerId,
    ...(call.operation ? { operation: call.operation } : {}),
    headers,
    cookies: input.cookies ?? parseCookieHeader(headers.get("cookie")),
    query: call.query ?? {},
    body: call.body,
  }
  if (config.publicOrigin) {
    const pinned = pinToPublicOrigin(internal, config.publicOrigin, config.refuseForeignHosts)
    if (pinned instanceof Error) throw pinned
    internal.url = pinned
  }
  const max = config.session.maxCookieChunks
  for (const cookies of [config.cookies.secure, config.cookies.plain]) {
    const count = sessionChunkCount(internal.cookies, cookies.sessionToken.name)
    if (count > max)
      throw new SessionTokenError(`Refused a call carrying ${count} session cookie chunks (session.maxCookieChunks is ${max})`)
  }
  return { internal, config }
}

/**
 * The request's options for a server call: CSRF counts as checked (the caller applied the
 * cross-site rule, `crossSiteCall`), and the cookies the options' decisions write (the callback URL).
 */
export function serverOptions(
  request: ServerRequest,
): { options: InternalOptions; cookies: Cookie[] } | Promise<{ options: InternalOptions; cookies: Cookie[] }> {
  return requestOptions(request.internal, request.config, true)
}

function originOf(input: ServerInput, headers: Headers, config: ResolvedConfig): string {
  if (input.url !== undefined) return (input.url instanceof URL ? input.url : new URL(input.url)).origin
  const origin = forwardedOrigin(headers, "https") ?? config.publicOrigin?.origin
  if (!origin)
    throw new TypeError("@gatehouse/core/server: the request names no usable host (Host or X-Forwarded-Host), and AUTH_URL is not set")
  return origin
}

/** The body's size as the route would receive it: a form's, or for structured data (an update's) its JSON. */
function bodySize(body: Record<string, unknown>): number {
  let size = 0
  for (const name in body) {
    const value = body[name]
    size += name.length + 2 + (typeof value === "string" ? value.length : (JSON.stringify(value)?.length ?? 0))
  }
  return size
}
