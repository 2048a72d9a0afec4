import { readCsrfToken } from "../csrf/csrf-token.js"
import { isCrossSitePost } from "../csrf/is-cross-site-post.js"
import { InvalidProvider } from "../errors.js"
import { resolveCallbackUrl } from "../http/callback-url.js"
import { pageLocale } from "../pages/page-locale.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { AuthAction, Cookie, ProviderType } from "../shared-types.js"
import type { InternalOptions, InternalProvider, ResolvedCookies } from "../providers/types.js"
import type { PageLocale } from "../pages/page-locale.js"
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
  const options = new PerRequestOptions(request, config, origin, cookieSet, providers, provider as InternalOptions["provider"])
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

const lazyInputs = Symbol("lazy inputs")

interface LazyInputs {
  request: RequestInternal
  config: ResolvedConfig
  origin: string
  url?: URL
  locale?: PageLocale
  userAgent?: string | null
}

/**
 * A request's options. The members worked out on first use (`url`, `locale`, `userAgent`: most
 * requests need none of them) are getters on this prototype, not on each object: an object literal
 * with getters made about 3.5 KB of garbage per request (a new closure and accessor pair for each
 * getter, the object in dictionary mode), a fifth of what a server-side session read allocated.
 */
class PerRequestOptions implements InternalOptions {
  declare basePath: string
  declare action: AuthAction
  declare providers: InternalProvider[]
  declare tokenRefreshProviderIds: string[]
  declare provider: InternalProvider
  declare secret: string | string[]
  declare theme: InternalOptions["theme"]
  declare debug: boolean
  declare logger: InternalOptions["logger"]
  declare session: InternalOptions["session"]
  declare pages: InternalOptions["pages"]
  declare jwt: InternalOptions["jwt"]
  declare events: InternalOptions["events"]
  declare adapter: InternalOptions["adapter"]
  declare adapterManagesSessions: boolean
  declare sessionRecords: InternalOptions["sessionRecords"]
  declare callbacks: InternalOptions["callbacks"]
  declare cookies: ResolvedCookies
  declare callbackUrl: string
  declare csrfToken?: string
  declare csrfTokenVerified: boolean
  declare redirectProxyUrl?: string
  declare redirectProxyAllowedOrigins: string[]
  declare isOnRedirectProxy: boolean
  declare experimental: InternalOptions["experimental"]
  declare passkeyChallenges: InternalOptions["passkeyChallenges"]
  declare secondFactor: InternalOptions["secondFactor"]
  declare account: InternalOptions["account"]
  declare backchannelLogout: InternalOptions["backchannelLogout"]
  declare federatedSignOut: InternalOptions["federatedSignOut"]
  declare tokenRefresh: InternalOptions["tokenRefresh"]
  declare pendingSignIns: InternalOptions["pendingSignIns"]
  declare logoutTokens: InternalOptions["logoutTokens"]
  /** What the getters work from, and what they worked out: under a symbol, so it stays out of Object.keys. */
  declare [lazyInputs]: LazyInputs

  constructor(
    request: RequestInternal,
    config: ResolvedConfig,
    origin: string,
    cookies: ResolvedCookies,
    providers: InternalProvider[],
    provider: InternalProvider,
  ) {
    this[lazyInputs] = { request, config, origin }
    this.basePath = config.basePath
    this.action = request.action
    this.providers = providers
    this.tokenRefreshProviderIds = config.tokenRefreshProviderIds
    this.provider = provider
    this.secret = config.secret
    this.theme = config.theme
    this.debug = config.debug
    this.logger = config.logger
    this.session = config.session
    this.pages = config.pages
    this.jwt = config.jwt
    this.events = config.events
    this.adapter = config.adapter
    this.adapterManagesSessions = config.adapterManagesSessions
    this.sessionRecords = config.sessionRecords
    this.callbacks = config.callbacks
    this.cookies = cookies
    this.callbackUrl = origin
    this.csrfTokenVerified = false
    this.redirectProxyUrl = config.redirectProxyUrl
    this.redirectProxyAllowedOrigins = config.redirectProxyAllowedOrigins
    this.isOnRedirectProxy = isOnRedirectProxy(config.redirectProxyUrl, origin)
    this.experimental = config.experimental
    this.passkeyChallenges = config.passkeyChallenges
    this.secondFactor = config.secondFactor
    this.account = config.account
    this.backchannelLogout = config.backchannelLogout
    this.federatedSignOut = config.federatedSignOut
    this.tokenRefresh = config.tokenRefresh
    this.pendingSignIns = config.pendingSignIns
    this.logoutTokens = config.logoutTokens
  }

  /** `{origin}{basePath}`: parsing a URL is not free, and a session read never needs it. */
  get url(): URL {
    const inputs = this[lazyInputs]
    inputs.url ??= new URL(`${inputs.origin}${inputs.config.basePath}`)
    return inputs.url
  }

  get locale(): PageLocale {
    const inputs = this[lazyInputs]
    inputs.locale ??= pageLocale(inputs.request, inputs.config.locale, inputs.config.locales)
    return inputs.locale
  }

  /** Only a sign-in records it, and Headers.get is not free on the hot path. */
  get userAgent(): string | null {
    const inputs = this[lazyInputs]
    if (inputs.userAgent === undefined) inputs.userAgent = inputs.request.headers.get("user-agent")
    return inputs.userAgent
  }
}

/**
 * The options with another provider (a federated sign-out's, the second factor's passkey
 * provider). Not a spread: `{ ...options }` would leave the getters behind on the prototype.
 */
export function optionsWithProvider<T extends ProviderType>(options: InternalOptions, provider: InternalProvider<T>): InternalOptions<T> {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(options)) as object, options) as InternalOptions<T>
  copy.provider = provider
  return copy
}

function isOnRedirectProxy(redirectProxyUrl: string | undefined, origin: string): boolean {
  if (!redirectProxyUrl) return false
  try {
    return new URL(redirectProxyUrl).origin === origin
  } catch {
    return false
  }
}
