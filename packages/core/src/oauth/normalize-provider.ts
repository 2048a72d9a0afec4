/** Turns a merged OAuth/OIDC provider config into the shape the sign-in and callback steps use. */
import type { InternalProvider, EndpointHandler, OAuthCheck, OAuthConfig } from "../providers/types.js"
import { InvalidEndpoints } from "../errors.js"
import { defaultAccount, defaultProfile } from "./provider-defaults.js"

/**
 * An endpoint configured without a URL (only params, or nothing, on a provider with an issuer)
 * gets this placeholder host: it means "take the real URL from the issuer's discovery document".
 * Auth.js uses the same host, so providers inspected by app code look the same.
 */
export const discoveryPlaceholderOrigin = "https://authjs.dev"

export function needsDiscovery(url: URL | undefined): boolean {
  return url === undefined || url.host === "authjs.dev"
}

type EndpointName = "authorization" | "token" | "userinfo"
type EndpointConfig = string | URL | EndpointHandler | undefined
/** What the endpoint checks read of a provider, whatever its profile type. */
type OAuthEndpoints = Pick<OAuthConfig, "id" | "issuer" | EndpointName>

const defaultScope = "openid profile email"

/**
 * Called once per provider and origin, after the app's options were merged over the provider's
 * defaults: endpoint strings and `{ url, params }` become URLs (params in the query), and
 * checks, profile() and account() get their defaults.
 */
export function normalizeOAuthProvider(
  provider: OAuthConfig & { signinUrl: string; callbackUrl: string },
  redirectProxyUrl: string | undefined,
): InternalProvider<"oauth"> {
  const authorization = normalizeEndpoint(provider, "authorization")
  if (authorization && !authorization.url.searchParams.has("scope")) {
    authorization.url.searchParams.set("scope", defaultScope)
  }

  const checks: OAuthCheck[] = [...(provider.checks ?? ["pkce"])]
  let providerRedirectProxyUrl: string | undefined
  if (redirectProxyUrl) {
    // The proxy hands the callback on to the deployment named in the state: no state, no proxy.
    if (!checks.includes("state")) checks.push("state")
    providerRedirectProxyUrl = `${redirectProxyUrl.replace(/\/+$/, "")}/callback/${provider.id}`
  }
  // A form_post response is a cross-site POST the proxy cannot pass on with a redirect.
  if (authorization?.url.searchParams.get("response_mode") === "form_post") providerRedirectProxyUrl = undefined

  const normalized = {
    ...provider,
    authorization,
    token: normalizeEndpoint(provider, "token"),
    userinfo: normalizeEndpoint(provider, "userinfo"),
    checks,
    profile: provider.profile ?? defaultProfile,
    account: provider.account ?? defaultAccount,
    redirectProxyUrl: providerRedirectProxyUrl,
  }
  delete (normalized as { options?: unknown }).options
  if (providerRedirectProxyUrl === undefined) delete normalized.redirectProxyUrl
  return normalized as InternalProvider<"oauth">
}

/**
 * The config check for OAuth providers: without an issuer to discover them from, the
 * authorization, token and userinfo URLs must all be given (Auth.js's rule), and every URL
 * given must parse.
 */
export function assertOAuthEndpoints(provider: OAuthEndpoints): void {
  if (provider.issuer !== undefined && !URL.canParse(provider.issuer)) {
    throw new InvalidEndpoints(`Provider "${provider.id}" has an invalid \`issuer\`: ${String(provider.issuer)}`)
  }
  for (const name of ["authorization", "token", "userinfo"] as const) {
    const url = endpointUrl(provider[name])
    if (url !== undefined && !URL.canParse(url)) {
      throw new InvalidEndpoints(`Provider "${provider.id}" has an invalid \`${name}\` URL: ${String(url)}`)
    }
    if (url === undefined && !provider.issuer) {
      throw new InvalidEndpoints(
        `Provider "${provider.id}" is missing both \`issuer\` and \`${name}\` endpoint config. At least one of them is required`,
      )
    }
  }
}

function endpointUrl(endpoint: EndpointConfig): string | URL | undefined {
  if (typeof endpoint === "string" || endpoint instanceof URL) return endpoint
  return endpoint?.url
}

function normalizeEndpoint(provider: OAuthEndpoints, name: EndpointName) {
  const endpoint = provider[name] as EndpointConfig
  if (endpoint === undefined && provider.issuer) return undefined
  if (typeof endpoint === "string" || endpoint instanceof URL) return { url: parseEndpointUrl(provider, name, endpoint) }

  const { url: configuredUrl, params, ...handlers } = endpoint ?? {}
  const url = parseEndpointUrl(provider, name, configuredUrl ?? discoveryPlaceholderOrigin)
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined) continue
    // `claims` is a JSON object by definition (OIDC Core 5.5); everything else is plain text.
    url.searchParams.set(key, key === "claims" && typeof value !== "string" ? JSON.stringify(value) : String(value))
  }
  return { ...handlers, url, ...(params ? { params } : {}) }
}

function parseEndpointUrl(provider: Pick<OAuthConfig, "id">, name: EndpointName, url: string | URL): URL {
  try {
    return new URL(url)
  } catch {
    throw new InvalidEndpoints(`Provider "${provider.id}" has an invalid \`${name}\` URL: ${String(url)}`)
  }
}
