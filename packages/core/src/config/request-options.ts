import { readCsrfToken } from "../csrf/csrf-token.js"
import { isCrossSitePost } from "../csrf/is-cross-site-post.js"
import { InvalidProvider } from "../errors.js"
import { resolveCallbackUrl } from "../http/callback-url.js"
import { pageLocale } from "../pages/page-locale.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { AuthAction, Cookie } from "../shared-types.js"
import type { InternalOptions } from "../providers/types.js"
import type { ResolvedConfig } from "./resolve-config.js"

/** Actions that read or render a CSRF token. GET /session is not one of them. */
function needsCsrf(action: AuthAction, method: string): boolean {
  // The password and second-factor pages render a form with the token; their POSTs are checked.
  if (action === "csrf" || action === "signin" || action === "signout" || action === "password") return true
  if (action === "second-factor" || action === "account") return true
  return method === "POST" && (action === "session" || action === "sessions" || action === "callback")
}

/** Actions that end in a redirect to the app, and so care where to go. */
function needsCallbackUrl(action: AuthAction): boolean {
  return (
    action === "signin" ||
    action === "signout" ||
    action === "callback" ||
    action === "webauthn-options" ||
    action === "reauthenticate" ||
    action === "password"
  )
}

export interface RequestOptions {
  options: InternalOptions
  cookies: Cookie[]
}

/**
 * This request's options: the resolved config plus the cookie set for its scheme, the named
 * provider, the CSRF state and the callback URL, and the cookies those decisions must write.
 * Synchronous (throwing synchronously) when the action needs neither the CSRF state nor a callback
 * URL (a session read): the handler then awaits nothing for them.
 */
export function requestOptions(
  request: RequestInternal,
  config: ResolvedConfig,
  serverCall = false,
): RequestOptions | Promise<RequestOptions> {
  const { url: requestUrl, action, providerId, method } = request
  const origin = requestUrl.origin
  const secure = config.useSecureCookies ?? requestUrl.protocol === "https:"
  const cookieSet = secure ? config.cookies.secure : config.cookies.plain
  const providers = config.providersFor(origin)
  // /password/<operation> names no provider in its path: it is the Password provider's.
  const provider = providerId
    ? providers.find((p) => p.id === providerId)
    : action === "password"
      ? providers.find((p) => p.type === "password")
      : undefined
  if (providerId && !provider) {
    throw new InvalidProvider(`Provider "${providerId}" is not configured. Available providers: ${providers.map((p) => p.id).join(", ")}`)
  }

  const cookies: Cookie[] = []
  const options: InternalOptions = {
    // Made on first use (and kept): a session read never needs it, and parsing a URL is not free.
    get url() {
      const url = new URL(`${origin}${config.basePath}`)
      Object.defineProperty(this, "url", { value: url, enumerable: true, writable: true })
      return url
    },
    basePath: config.basePath,
    action,
    providers,
    tokenRefreshProviderIds: config.tokenRefreshProviderIds,
    provider: provider as InternalOptions["provider"],
    secret: config.secret,
    theme: config.theme,
    get locale() {
      const locale = pageLocale(request, config.locale, config.locales)
      Object.defineProperty(this, "locale", { value: locale })
      return locale
    },
    debug: config.debug,
    logger: config.logger,
    session: config.session,
    pages: config.pages,
    jwt: config.jwt,
    events: config.events,
    adapter: config.adapter,
    adapterManagesSessions: config.adapterManagesSessions,
    callbacks: config.callbacks,
    cookies: cookieSet,
    callbackUrl: origin,
    csrfTokenVerified: false,
    redirectProxyUrl: config.redirectProxyUrl,
    redirectProxyAllowedOrigins: config.redirectProxyAllowedOrigins,
    isOnRedirectProxy: isOnRedirectProxy(config.redirectProxyUrl, origin),
    experimental: config.experimental,
    passkeyChallenges: config.passkeyChallenges,
    secondFactor: config.secondFactor,
    account: config.account,
    backchannelLogout: config.backchannelLogout,
    pendingSignIns: config.pendingSignIns,
    logoutTokens: config.logoutTokens,
    // Read on first use: only a sign-in records it, and Headers.get is not free on the hot path.
    get userAgent() {
      const userAgent = request.headers.get("user-agent")
      Object.defineProperty(this, "userAgent", { value: userAgent, enumerable: true, writable: true })
      return userAgent
    },
  }

  // A server call (@gatehouse/core/server) carries no token: its caller applied the cross-site rule instead.
  if (config.skipCSRFCheck || serverCall) options.csrfTokenVerified = true
  const csrfDue = !config.skipCSRFCheck && !serverCall && needsCsrf(action, method)
  if (!csrfDue && !needsCallbackUrl(action)) return { options, cookies }
  return withCsrfAndCallbackUrl(request, config, { options, cookies }, csrfDue)
}

async function withCsrfAndCallbackUrl(
  request: RequestInternal,
  config: ResolvedConfig,
  result: RequestOptions,
  csrfDue: boolean,
): Promise<RequestOptions> {
  const { options, cookies } = result
  const { method, action } = request
  const cookieSet = options.cookies
  const origin = request.url.origin
  if (csrfDue) {
    const csrf = await readCsrfToken(
      request.cookies[cookieSet.csrfToken.name],
      request.body?.csrfToken,
      method === "POST",
      config.hashSecret,
    )
    options.csrfToken = csrf.token
    options.csrfTokenVerified = csrf.verified && !isCrossSitePost(request)
    if (csrf.cookieValue) cookies.push({ ...cookieSet.csrfToken, value: csrf.cookieValue })
  }

  if (needsCallbackUrl(action)) {
    const cookieValue = request.cookies[cookieSet.callbackUrl.name]
    options.callbackUrl = await resolveCallbackUrl(
      [request.body?.callbackUrl ?? request.query.callbackUrl, cookieValue],
      origin,
      config.callbacks.redirect,
    )
    if (options.callbackUrl !== cookieValue) {
      cookies.push({ ...cookieSet.callbackUrl, value: options.callbackUrl })
    }
  }
  return result
}

function isOnRedirectProxy(redirectProxyUrl: string | undefined, origin: string): boolean {
  if (!redirectProxyUrl) return false
  try {
    return new URL(redirectProxyUrl).origin === origin
  } catch {
    return false
  }
}
