import { session } from "../actions/session.js"
import * as loaders from "./action-loaders.js"
import type { InternalOptions, InternalProvider } from "../providers/types.js"
import type { ResolvedConfig } from "../config/resolve-config.js"
import { UnknownAction, InvalidProvider } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { AuthAction, ResponseInternal } from "../types.js"
import { expiredCookie, noStoreHeaders } from "../http/session-chunks.js"
import { errorPage } from "../pages/error-page.js"
import { appPageUrl } from "../http/callback-url.js"
import { passwordFlowsOf, webauthnFlowsOf, webauthnOptionsOf } from "../login/provider-flows.js"
import { missingSessionRecords } from "../sessions/session-management-adapter.js"

type ActionRoute = (
  request: RequestInternal,
  options: InternalOptions,
  config: ResolvedConfig,
) => Promise<ResponseInternal> | ResponseInternal

/**
 * A route whose module loads on its first request, then stays (on Node; see action-loaders.node.ts).
 * A failed load is not kept: the next request tries again.
 */
function loadedOnFirstUse(load: () => Promise<ActionRoute>): ActionRoute {
  let route: ActionRoute | undefined
  return async (request, options, config) => {
    route ??= await load()
    return route(request, options, config)
  }
}

const signin = loadedOnFirstUse(loaders.loadSignin)
const signout = loadedOnFirstUse(loaders.loadSignout)
const callback = loadedOnFirstUse(loaders.loadCallback)
const verifyRequest = loadedOnFirstUse(loaders.loadVerifyRequest)
const reauthenticate = loadedOnFirstUse(loaders.loadReauthenticate)

/** The actions that answer GET and POST (any method but GET counts as POST here). */
const getAndPost = new Map<AuthAction, ActionRoute>([
  ["session", session],
  ["signin", signin],
  ["signout", signout],
  ["callback", callback],
  ["password", password],
])

/** The actions that answer GET only. */
const getOnly = new Map<AuthAction, ActionRoute>([
  ["providers", (_request, options) => providers(options.providers)],
  ["csrf", (_request, options, config) => csrf(config.skipCSRFCheck, options)],
  ["verify-request", verifyRequest],
  ["error", error],
  ["webauthn-options", webauthnOptions],
  ["reauthenticate", reauthenticate],
])

/** Auth.js's method × action matrix: each allowed pair to its action, everything else refused. */
export async function routeAction(request: RequestInternal, options: InternalOptions, config: ResolvedConfig): Promise<ResponseInternal> {
  const { action, method } = request
  // Answers every method itself: the provider gets 400 (never a redirect) for anything but its POST.
  // Only with `backchannelLogout: BackchannelLogout()`, which brings the route's code.
  if (action === "backchannel-logout") {
    if (!options.backchannelLogout) throw new UnknownAction("Back-channel logout is not configured (backchannelLogout)")
    return options.backchannelLogout.action(request, options as InternalOptions<"oauth">)
  }
  // Its own routes: GET the page, POST the enrolment and challenge operations (second-factor/second-factor-path.ts).
  if (action === "second-factor") {
    if (!options.secondFactor) throw new UnknownAction("Second factors are not configured (secondFactor)")
    return options.secondFactor.totp.action(request, options)
  }
  // Its own routes: GET the account, POST its changes (account/account-path.ts); only with `account: Account()`.
  if (action === "account") {
    if (!options.account) throw new UnknownAction("The account endpoints are not configured (account)")
    return options.account.action(request, options)
  }
  // A GET lists the sessions; only POST /sessions/revoke changes them.
  if (action === "sessions") {
    if (method === "GET" ? !request.operation : request.operation === "revoke") {
      // Brought by the adapter or `session.store` that records sessions (session-records/session-records-module.ts).
      if (!options.sessionRecords) throw missingSessionRecords("user", options.adapter)
      return options.sessionRecords.sessionsAction(request, options)
    }
  } else {
    const route = getAndPost.get(action) ?? (method === "GET" ? getOnly.get(action) : undefined)
    if (route) return route(request, options, config)
  }
  throw new UnknownAction(`Unsupported action: ${method} ${action}${request.operation ? `/${request.operation}` : ""}`)
}

/** GET /csrf: the token for the double-submit check (the cookie is set by the request setup). */
function csrf(skipped: boolean, options: InternalOptions): ResponseInternal {
  if (skipped) {
    options.logger.warn("csrf-disabled")
    return { status: 404, cookies: [expiredCookie(options.cookies.csrfToken)] }
  }
  return { headers: { ...noStoreHeaders }, body: { csrfToken: options.csrfToken } }
}

type PublicProvider = Pick<InternalProvider, "id" | "name" | "type" | "signinUrl" | "callbackUrl">

/** GET /providers: what the client needs to draw sign-in buttons, nothing secret. */
function providers(list: InternalProvider[]): ResponseInternal<Record<string, PublicProvider>> {
  const body: Record<string, PublicProvider> = {}
  for (const { id, name, type, signinUrl, callbackUrl } of list) {
    body[id] = { id, name, type, signinUrl, callbackUrl }
  }
  return { headers: { "Content-Type": "application/json" }, body }
}

/** GET /error: the built-in error page, or the app's own with the error name. */
function error(request: RequestInternal, options: InternalOptions): ResponseInternal {
  if (options.pages.error) {
    return { redirect: appPageUrl(options.pages.error, request.error ? { error: request.error } : {}, options) }
  }
  return errorPage(options, request.error)
}

/**
 * GET /webauthn-options/<id>: a passkey ceremony's options, made by the provider's flows
 * (webauthn/webauthn-flows.ts).
 */
async function webauthnOptions(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  // The provider and adapter are checked before anything loads, as the route always checked them.
  const { provider } = webauthnOptionsOf(options)
  return (await webauthnFlowsOf(provider)).options(request, options)
}

/**
 * `{basePath}/password/<operation>`: the Password provider's pages, forgot, reset and change, in
 * its flows module (passwords/password-operation.ts). Without a Password provider: InvalidProvider.
 */
async function password(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  if (options.provider?.type !== "password") throw new InvalidProvider("No Password provider is configured")
  const passwordOptions = options as InternalOptions<"password">
  return (await passwordFlowsOf(passwordOptions.provider)).operation(request, passwordOptions)
}
