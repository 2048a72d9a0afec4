import type { InternalOptions } from "../../providers/types.js"
import type { RequestInternal } from "../../http/request-internal.js"
import type { ResponseInternal } from "../../types.js"
import { webauthnFlowsOf, webauthnOptionsOf } from "../../webauthn/webauthn-route-provider.js"

/**
 * POST /callback/<webauthn id>: the ceremony's answer, verified and signed in by the provider's
 * flows (webauthn/webauthn-callback.ts), which end every sign-in in finishSignIn.
 */
export async function webauthnCallback(request: RequestInternal, options: InternalOptions<"webauthn">): Promise<ResponseInternal> {
  // The provider and adapter are checked before anything loads, as the route always checked them.
  const { provider } = webauthnOptionsOf(options)
  return (await webauthnFlowsOf(provider)).callback(request, options)
}
