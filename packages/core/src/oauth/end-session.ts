/** OpenID Connect RP-Initiated Logout 1.0: where, and with what, a federated sign-out sends the browser. */
import type { InternalOptions, InternalProvider } from "../providers/types.js"
import { InvalidEndpoints } from "../errors.js"
import { loadDiscovery } from "./oauth-loaders.js"

/** The provider's end-session endpoint: the declared one, else the discovered `end_session_endpoint`. */
async function endSessionEndpointOf(provider: InternalProvider<"oauth">): Promise<URL> {
  if (provider.endSessionEndpoint) return new URL(provider.endSessionEndpoint)
  if (provider.issuer) {
    // On Node, discovery (and oauth4webapi with it) loads here, at the first sign-out that needs it.
    const discoverAuthorizationServer = await loadDiscovery()
    const metadata = await discoverAuthorizationServer(provider)
    if (typeof metadata.end_session_endpoint === "string") return new URL(metadata.end_session_endpoint)
  }
  throw missingEndSessionEndpoint(provider)
}

/**
 * At configuration time: a provider with `federatedSignOut` needs an end-session endpoint it
 * declares, or an issuer whose discovery document may name one (checked at the first sign-out).
 */
export function assertEndSessionEndpoint(provider: Pick<InternalProvider<"oauth">, "id" | "issuer" | "endSessionEndpoint">): void {
  if (provider.endSessionEndpoint || provider.issuer) return
  throw missingEndSessionEndpoint(provider)
}

export function missingEndSessionEndpoint(provider: Pick<InternalProvider<"oauth">, "id">): InvalidEndpoints {
  return new InvalidEndpoints(
    `Provider "${provider.id}" has no end_session_endpoint, so a federated sign-out cannot end the session there: declare \`endSessionEndpoint\` on the provider or do not ask for \`federated\` sign-out`,
  )
}

/** The landing the provider sends the browser back to: `{origin}{basePath}/signout/callback/<providerId>`. */
export function postLogoutRedirectUri(options: Pick<InternalOptions, "url">, providerId: string): string {
  return `${options.url.href.replace(/\/$/, "")}/signout/callback/${encodeURIComponent(providerId)}`
}

/** The end-session URL with `id_token_hint` (when there is one), `client_id`, `post_logout_redirect_uri` and `state`. */
export async function endSessionUrl(
  provider: InternalProvider<"oauth">,
  options: Pick<InternalOptions, "url">,
  { idToken, state }: { idToken?: string; state: string },
): Promise<string> {
  const url = await endSessionEndpointOf(provider)
  if (idToken) url.searchParams.set("id_token_hint", idToken)
  if (provider.clientId) url.searchParams.set("client_id", provider.clientId)
  url.searchParams.set("post_logout_redirect_uri", postLogoutRedirectUri(options, provider.id))
  url.searchParams.set("state", state)
  return url.href
}
