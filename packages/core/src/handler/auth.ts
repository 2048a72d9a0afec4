import { type ResolvedConfig, resolveConfig } from "../config/resolve-config.js"
import { requestOptions } from "../config/request-options.js"
import {
  AuthError,
  MissingAdapterMethods,
  MissingCSRF,
  SessionTokenError,
  UnknownAction,
  CredentialsSignin,
  isClientError,
} from "../errors.js"
import { createLogger } from "../config/logger.js"
import { configErrorForRequest } from "../config/assert-config.js"
import { parseRequest } from "../http/parse-request.js"
import { pinToPublicOrigin } from "../http/public-origin.js"
import { sessionChunkCount } from "../http/session-chunks.js"
import type { RequestInternal } from "../http/request-internal.js"
import { appPageUrl } from "../http/callback-url.js"
import { toResponse } from "../http/to-response.js"
import { errorPage } from "../pages/error-page.js"
import { pageLocale } from "../pages/page-locale.js"
import { enforceRateLimit } from "../ratelimit/enforce-rate-limit.js"
import type { AuthConfig, ResponseInternal } from "../types.js"
import { routeAction } from "./route-action.js"

/** A config, or a function of the request that returns one (sync or async). */
export type AuthConfigInput = AuthConfig | ((request: Request | undefined) => AuthConfig | Promise<AuthConfig>)

const configurationMessage = "There was a problem with the server configuration. Check the server logs for more information."
const pageActions = new Set(["signin", "signout", "error", "verify-request", "password"])
/** A failed flow's answer depends on the cookies it was sent with (CSRF, checks, session): no cache keeps it. */
const errorHeaders = { "Cache-Control": "private, no-store", Vary: "Cookie" }

/**
 * The core handler: a Web `Request` in, a Web `Response` out (or, with the `raw` marker, the
 * internal response). Nothing thrown inside reaches the caller as a crash: bad requests get
 * 400, a broken config 500 or the error page, and failed flows a redirect naming the error.
 */
export async function Auth(request: Request, config: AuthConfigInput & { raw: symbol }): Promise<ResponseInternal>
export async function Auth(request: Request, config: AuthConfigInput): Promise<Response>
export async function Auth(request: Request, configInput: AuthConfigInput): Promise<Response | ResponseInternal> {
  let config: ResolvedConfig
  try {
    const userConfig = typeof configInput === "function" ? await configInput(request) : configInput
    config = resolveConfig(userConfig)
  } catch (error) {
    createLogger(undefined, false).error(new AuthError("The configuration could not be read", error as Error))
    return Response.json({ message: configurationMessage }, { status: 500 })
  }
  const { logger } = config

  let internal: RequestInternal
  try {
    const parsed = parseRequest(request, config.basePath)
    internal = parsed instanceof Promise ? await parsed : parsed
  } catch (error) {
    logger.error(error as Error)
    return Response.json("Bad request.", { status: 400, headers: errorHeaders })
  }

  if (config.publicOrigin) {
    const pinned = pinToPublicOrigin(internal, config.publicOrigin, config.refuseForeignHosts)
    if (pinned instanceof Error) {
      logger.error(pinned)
      return Response.json("Bad request.", { status: 400, headers: errorHeaders })
    }
    internal.url = pinned
  }
  if (config.configError) return configurationErrorResponse(internal, config)

  const chunkFlood = tooManySessionChunks(internal, config)
  if (chunkFlood) {
    // Answered before any action runs: a session answer would delete every chunk, one Set-Cookie each.
    logger.error(chunkFlood)
    return Response.json("Bad request.", { status: 400, headers: errorHeaders })
  }

  const isRedirectMode = request.headers.has("X-Auth-Return-Redirect")
  try {
    if (config.rateLimit?.applies(internal)) {
      const refused = await enforceRateLimit(request, internal, config, isRedirectMode)
      if (refused) return config.raw ? refused : toResponse(refused)
    }
    const prepared = requestOptions(internal, config)
    const { options, cookies } = prepared instanceof Promise ? await prepared : prepared
    const response = await routeAction(internal, options, config)
    response.cookies = [...cookies, ...(response.cookies ?? [])]
    if (config.raw) return response
    const webResponse = toResponse(response)
    const location = webResponse.headers.get("Location")
    if (!isRedirectMode || !location) return webResponse
    webResponse.headers.set("Content-Type", "application/json")
    return new Response(JSON.stringify({ url: location }), { status: 200, headers: webResponse.headers })
  } catch (e) {
    const error = e as Error
    logger.error(error)
    if (error instanceof AuthError && config.raw && !isRedirectMode) throw error
    if (internal.method === "POST" && internal.action === "session") return Response.json(null, { status: 400, headers: errorHeaders })
    // The provider's server is not a browser: no redirect, the error OpenID Connect Back-Channel Logout names.
    if (internal.action === "backchannel-logout") return Response.json({ error: "invalid_request" }, { status: 400, headers: errorHeaders })
    // A password change is a JSON call from the app's own page, like the sessions endpoints.
    if (internal.action === "sessions" || (internal.action === "password" && internal.operation === "change")) {
      return sessionsErrorResponse(error)
    }
    const url = errorRedirectUrl(error, internal, config)
    if (isRedirectMode) return Response.json({ url }, { headers: errorHeaders })
    // A flow that failed may have left its URL's secret unspent (an e-mail link refused for a missing
    // CSRF cookie): the page it lands on, often the app's own, must not get that URL as its Referer.
    return new Response(null, { status: 302, headers: { Location: url, ...errorHeaders, "Referrer-Policy": "no-referrer" } })
  }
}

/** The sessions endpoints answer JSON, never a redirect: a refused or bad request, or a server-side failure. */
function sessionsErrorResponse(error: Error): Response {
  // By type, not `instanceof`: the routes are the session-records code the adapter carries, which
  // may be another copy of core than the app's (an adapter loaded from node_modules beside a bundled core).
  const type = (error as Partial<AuthError>).type
  if (type === MissingCSRF.type) return Response.json({ message: "CSRF token missing or invalid" }, { status: 403, headers: errorHeaders })
  if (type === UnknownAction.type) return Response.json({ message: "Bad request" }, { status: 400, headers: errorHeaders })
  const message = type === MissingAdapterMethods.type ? configurationMessage : "The sessions could not be read or changed"
  return Response.json({ message }, { status: 500, headers: errorHeaders })
}

function tooManySessionChunks(request: RequestInternal, config: ResolvedConfig): SessionTokenError | undefined {
  const max = config.session.maxCookieChunks
  for (const cookies of [config.cookies.secure, config.cookies.plain]) {
    const count = sessionChunkCount(request.cookies, cookies.sessionToken.name)
    if (count > max) {
      return new SessionTokenError(`Refused a request carrying ${count} session cookie chunks (session.maxCookieChunks is ${max})`)
    }
  }
  return undefined
}

/** A config that cannot work fails closed: 500 JSON for API calls, the error page for pages. */
function configurationErrorResponse(request: RequestInternal, config: ResolvedConfig): Response {
  config.logger.error(configErrorForRequest(config.configError!, request.url))
  const isPage = request.method === "GET" && pageActions.has(request.action)
  if (!isPage) return Response.json({ message: configurationMessage }, { status: 500 })
  const customErrorPage = config.pages.error
  if (customErrorPage && !request.query.callbackUrl?.startsWith(customErrorPage)) {
    return new Response(null, { status: 302, headers: { Location: appPageUrl(customErrorPage, { error: "Configuration" }, request) } })
  }
  const page = errorPage(
    {
      url: new URL(`${request.url.origin}${config.basePath}`),
      theme: config.theme,
      locale: pageLocale(request, config.locale, config.locales),
    },
    "Configuration",
  )
  return toResponse(page)
}

/**
 * Where a failed flow sends the browser: sign-in errors back to the sign-in page, everything else
 * to the error page, with `?error=<type>` (and CredentialsSignin's `code`); only client-safe error
 * names are shown, anything else reads "Configuration". The handler's answer and the server
 * functions' callers (`failureUrl`) use this one rule.
 */
export function errorRedirectUrl(error: Error, request: { url: URL }, config: Pick<ResolvedConfig, "pages" | "basePath">): string {
  const params = new URLSearchParams({ error: isClientError(error) ? error.type : "Configuration" })
  if (error instanceof CredentialsSignin) params.set("code", error.code)
  const kind = (error instanceof AuthError && error.kind) || "error"
  const page = config.pages[kind] ?? `${config.basePath}/${kind.toLowerCase()}`
  return appPageUrl(page, Object.fromEntries(params), request)
}
