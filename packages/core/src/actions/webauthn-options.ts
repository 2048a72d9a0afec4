import type { InternalOptions } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { ResponseInternal } from "../types.js"
import { webauthnFlowsOf, webauthnOptionsOf } from "../webauthn/webauthn-route-provider.js"

/**
 * GET /webauthn-options/<id>: a passkey ceremony's options, made by the provider's flows
 * (webauthn/webauthn-options-action.ts).
 */
export async function webauthnOptions(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  // The provider and adapter are checked before anything loads, as the route always checked them.
  const { provider } = webauthnOptionsOf(options)
  return (await webauthnFlowsOf(provider)).options(request, options)
}
