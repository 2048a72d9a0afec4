import { csrf } from "../actions/csrf.js"
import { providers } from "../actions/providers.js"
import { session } from "../actions/session.js"
import { sessions } from "../actions/sessions.js"
import * as loaders from "./action-loaders.js"
import type { InternalOptions } from "../config/internal-options.js"
import type { ResolvedConfig } from "../config/resolve-config.js"
import { UnknownAction } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { AuthAction, ResponseInternal } from "../types.js"

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
const password = loadedOnFirstUse(loaders.loadPassword)
const verifyRequest = loadedOnFirstUse(loaders.loadVerifyRequest)
const error = loadedOnFirstUse(loaders.loadError)
const webauthnOptions = loadedOnFirstUse(loaders.loadWebauthnOptions)
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
    if (method === "GET" ? !request.operation : request.operation === "revoke") return sessions(request, options)
  } else {
    const route = getAndPost.get(action) ?? (method === "GET" ? getOnly.get(action) : undefined)
    if (route) return route(request, options, config)
  }
  throw new UnknownAction(`Unsupported action: ${method} ${action}${request.operation ? `/${request.operation}` : ""}`)
}
