/** The token-side metadata of a provider: configured endpoints, or discovered ones. */
import type * as oauth from "oauth4webapi"
import type { InternalProvider } from "../providers/types.js"
import { discoverAuthorizationServer } from "./discovery.js"
import { discoveryPlaceholderOrigin, needsDiscovery } from "./normalize-provider.js"

/**
 * With both token and userinfo URLs configured, no request is made: a record of those URLs is
 * enough (its issuer is the configured one, against which ID tokens are checked). Otherwise the
 * issuer's discovery document supplies what is missing; configured URLs still win.
 */
export async function authorizationServerFor(provider: InternalProvider<"oauth">): Promise<oauth.AuthorizationServer> {
  const tokenUrl = needsDiscovery(provider.token?.url) ? undefined : provider.token!.url.href
  const userinfoUrl = needsDiscovery(provider.userinfo?.url) ? undefined : provider.userinfo!.url.href

  if ((tokenUrl && userinfoUrl) || !provider.issuer) {
    return {
      issuer: provider.issuer ?? discoveryPlaceholderOrigin,
      token_endpoint: tokenUrl,
      userinfo_endpoint: userinfoUrl,
    }
  }
  const discovered = await discoverAuthorizationServer(provider)
  if (!tokenUrl && !userinfoUrl) return discovered
  return {
    ...discovered,
    ...(tokenUrl ? { token_endpoint: tokenUrl } : {}),
    ...(userinfoUrl ? { userinfo_endpoint: userinfoUrl } : {}),
  }
}
