/** Which redirect_uri an authorization request (and its token request) uses. */
import type { InternalProvider } from "../config/internal-options.js"

/**
 * The provider's own callback URL, unless a redirect proxy is configured and this deployment is
 * not the proxy: then the provider sends the user to the proxy, and the state records this
 * deployment's callback URL so the proxy knows where to hand the callback on to.
 */
export function redirectUriFor(provider: InternalProvider<"oauth">, requestUrl: URL): { redirectUri: string; stateOrigin?: string } {
  const proxy = provider.redirectProxyUrl
  if (proxy && !isOnRedirectProxy(provider, requestUrl)) {
    return { redirectUri: proxy, stateOrigin: provider.callbackUrl }
  }
  return { redirectUri: provider.callbackUrl }
}

export function isOnRedirectProxy(provider: InternalProvider<"oauth">, requestUrl: URL): boolean {
  return provider.redirectProxyUrl !== undefined && new URL(provider.redirectProxyUrl).origin === requestUrl.origin
}
