/** The oauth4webapi request options every call to a provider's servers uses. */
import * as oauth from "oauth4webapi"
import type { InternalProvider } from "../providers/types.js"
import { customFetch } from "../auth-options.js"

export interface ProviderRequestOptions {
  [oauth.customFetch]?: typeof fetch
  [oauth.allowInsecureRequests]: true
}

/**
 * The provider's own fetch (the `customFetch` symbol) when it has one. Plain-http endpoints are
 * allowed, as in Auth.js: which URLs a provider talks to is the app's configuration, and local
 * identity providers (like the dev IdP) run on http://127.0.0.1.
 */
export function providerRequestOptions(provider: Pick<InternalProvider<"oauth">, typeof customFetch>): ProviderRequestOptions {
  const fetchOverride = provider[customFetch]
  return {
    ...(fetchOverride ? { [oauth.customFetch]: fetchOverride } : {}),
    [oauth.allowInsecureRequests]: true,
  }
}
