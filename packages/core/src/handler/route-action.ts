import { backchannelLogout } from "../actions/backchannel-logout.js"
import { callback } from "../actions/callback.js"
import { csrf } from "../actions/csrf.js"
import { error } from "../actions/error.js"
import { providers } from "../actions/providers.js"
import { session } from "../actions/session.js"
import { sessions } from "../actions/sessions.js"
import { signin } from "../actions/signin.js"
import { signout } from "../actions/signout.js"
import { verifyRequest } from "../actions/verify-request.js"
import { webauthnOptions } from "../actions/webauthn-options.js"
import type { InternalOptions } from "../config/internal-options.js"
import type { ResolvedConfig } from "../config/resolve-config.js"
import { UnknownAction } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { ResponseInternal } from "../types.js"

/** Auth.js's method × action matrix: each allowed pair to its action, everything else refused. */
export async function routeAction(request: RequestInternal, options: InternalOptions, config: ResolvedConfig): Promise<ResponseInternal> {
  const { action, method } = request
  // Answers every method itself: the provider gets 400 (never a redirect) for anything but its POST.
  if (action === "backchannel-logout") return backchannelLogout(request, options as InternalOptions<"oauth">)
  if (method === "GET") {
    switch (action) {
      case "providers":
        return providers(options.providers)
      case "session":
        return session(request, options)
      case "sessions":
        if (!request.operation) return sessions(request, options)
        break
      case "csrf":
        return csrf(config.skipCSRFCheck, options)
      case "signin":
        return signin(request, options)
      case "signout":
        return signout(request, options)
      case "callback":
        return callback(request, options)
      case "verify-request":
        return verifyRequest(request, options)
      case "error":
        return error(request, options)
      case "webauthn-options":
        return webauthnOptions(request, options)
    }
  } else {
    switch (action) {
      case "session":
        return session(request, options)
      case "sessions":
        if (request.operation === "revoke") return sessions(request, options)
        break
      case "signin":
        return signin(request, options)
      case "signout":
        return signout(request, options)
      case "callback":
        return callback(request, options)
    }
  }
  throw new UnknownAction(`Unsupported action: ${method} ${action}${request.operation ? `/${request.operation}` : ""}`)
}
