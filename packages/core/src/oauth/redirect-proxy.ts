/**
 * The redirect proxy: which redirect_uri an authorization request (and its token request) uses, and
 * the proxy's part of a callback: hand it on to the deployment that started the sign-in.
 */
import type { InternalOptions, InternalProvider } from "../providers/types.js"
import { InvalidCheck } from "../errors.js"
import * as checks from "./checks.js"

/**
 * When this deployment is the provider's redirect proxy and the (encrypted) state names another
 * deployment's callback URL, returns that URL with all the callback params: the other deployment
 * holds the check cookies and finishes the sign-in. Otherwise undefined: handle it here.
 *
 * The state is sealed with the shared secret, but whoever starts a sign-in at a deployment decides
 * which origin it records (a spoofed Host did, before AUTH_URL pinned it). Handing the victim's
 * authorization code to that origin would give it away, so only origins the deployment lists
 * (`redirectProxyAllowedOrigins`) are handed anything; unlike Auth.js, none are by default.
 */
export async function redirectProxyDestination(
  params: Record<string, string | undefined>,
  options: InternalOptions<"oauth" | "oidc">,
): Promise<string | undefined> {
  const { provider } = options
  if (!isOnRedirectProxy(provider, options.url) || !params.state) return undefined

  const { origin } = await checks.state.decode(params.state, options)
  if (!origin) return undefined
  let destination: URL
  try {
    destination = new URL(origin)
  } catch {
    throw new InvalidCheck("State names an invalid origin", { provider: provider.id })
  }
  if (destination.protocol !== "https:" && destination.protocol !== "http:") {
    throw new InvalidCheck("State names an origin that is not http(s)", { provider: provider.id })
  }
  if (destination.origin === options.url.origin) return undefined
  if (!options.redirectProxyAllowedOrigins.some((allowed) => originMatches(destination, allowed))) {
    throw new InvalidCheck(
      `The redirect proxy does not hand callbacks on to ${destination.origin}: add it to redirectProxyAllowedOrigins (AUTH_REDIRECT_PROXY_ALLOWED_ORIGINS) if it is one of your deployments`,
      { provider: provider.id },
    )
  }

  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) destination.searchParams.set(key, value)
  }
  options.logger.debug("redirect proxy: handing the callback on", { destination: destination.origin, provider: provider.id })
  return destination.href
}

/** `allowed` is an origin, or `scheme://*.domain[:port]` for any subdomain (at any depth) of `domain`. */
function originMatches(destination: URL, allowed: string): boolean {
  const wildcard = /^(https?:)\/\/\*\.([^/]+)$/i.exec(allowed.trim())
  if (!wildcard) {
    try {
      return new URL(allowed).origin === destination.origin
    } catch {
      return false
    }
  }
  let parent: URL
  try {
    parent = new URL(`${wildcard[1]}//${wildcard[2]}`)
  } catch {
    return false
  }
  return (
    destination.protocol === parent.protocol && destination.port === parent.port && destination.hostname.endsWith(`.${parent.hostname}`)
  )
}

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
