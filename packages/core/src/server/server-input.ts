import type { AuthConfigInput } from "../handler/auth.js"
import type { AuthConfig } from "../types.js"
import type { Cookie } from "../shared-types.js"

/**
 * What every `@gatehouse/core/server` function is called with: the user's request as the framework
 * already holds it, never a `Request` built for the occasion.
 */
export interface ServerInput {
  /** The auth config (prepare it once with `configPreparer`; core caches its work per object). */
  config: AuthConfig
  /** The user's request headers: cookies (unless `cookies` is given), Host and forwarding headers, user agent, Accept. */
  headers?: Headers | HeadersInit
  /** The request's cookies, when the framework has them parsed already: read instead of the cookie header. */
  cookies?: Record<string, string>
  /**
   * The URL the user's request reached: its origin is where the auth routes answer when AUTH_URL
   * pins none, and it is where a step-up brings a page back. Default: the origin from the
   * forwarded or Host header.
   */
  url?: string | URL
}

/** Every operation's answer: its value, and the cookies the framework must write on the user's response. */
export interface ServerResult<T> {
  value: T
  /** Core's cookie records (name, value, options): what the framework's cookie API takes. */
  cookies: Cookie[]
}

/**
 * The server input of core's older Request-taking functions (`getAccessToken(request, …)`,
 * `listSessions`, `revokeSessions`, `requireRecentAuthentication`): the request's headers and URL,
 * and the config, or what the config function returns for this request.
 */
export async function serverInputOf(request: Request, config: AuthConfigInput): Promise<ServerInput> {
  const resolved = typeof config === "function" ? await config(request) : config
  return { config: resolved, headers: request.headers, url: request.url }
}
