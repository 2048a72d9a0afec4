/** OpenID Connect / RFC 8414 discovery, cached per issuer instead of fetched on every request. */

import * as oauth from "oauth4webapi"
import type { InternalProvider } from "../providers/types.js"
import { customFetch } from "../auth-options.js"
import { perFetchCache } from "./per-fetch-cache.js"
import { providerRequestOptions } from "./provider-request-options.js"

/** Long enough to keep discovery off the sign-in path, short enough to follow key and endpoint changes. */
const discoveryTtlMs = 60 * 60 * 1000
const maxCachedIssuers = 256
const maxIssuerLength = 2048

interface CacheEntry {
  expiresAt: number
  metadata: Promise<oauth.AuthorizationServer>
}

// Issuers are few, except for Entra's per-tenant ones (one per signed-in organisation): bounded.
const cache = perFetchCache<CacheEntry>(maxCachedIssuers)

/** The issuer's metadata, validated by oauth4webapi (the document's `issuer` must match). */
export function discoverAuthorizationServer(
  provider: Pick<InternalProvider<"oauth">, "id" | "issuer" | typeof customFetch>,
): Promise<oauth.AuthorizationServer> {
  if (!provider.issuer) {
    return Promise.reject(new TypeError(`Provider "${provider.id}" needs an \`issuer\` to discover its endpoints`))
  }
  const fetchOverride = provider[customFetch]
  const cached = cache.get(fetchOverride, provider.issuer)
  if (cached && cached.expiresAt > Date.now()) return cached.metadata

  const issuer = new URL(provider.issuer)
  const metadata = oauth
    .discoveryRequest(issuer, providerRequestOptions(provider))
    .then((response) => oauth.processDiscoveryResponse(issuer, response))
  const entry = { expiresAt: Date.now() + discoveryTtlMs, metadata }
  // Not kept: a key that long would let one odd issuer (an ID token names Entra's tenant) hold memory.
  if (provider.issuer.length > maxIssuerLength) return metadata
  cache.set(fetchOverride, provider.issuer, entry)
  // Failures are not remembered: the next sign-in tries again.
  metadata.catch(() => cache.forget(fetchOverride, provider.issuer!, entry))
  return metadata
}

/** Re-discovery for a specific issuer URL (e.g. a tenant named in an ID token), same cache. */
export function discoverIssuer(
  provider: Pick<InternalProvider<"oauth">, "id" | typeof customFetch>,
  issuer: string,
): Promise<oauth.AuthorizationServer> {
  return discoverAuthorizationServer({ id: provider.id, issuer, [customFetch]: provider[customFetch] })
}

type Metadata = Record<string, unknown>

/**
 * A fetch for providers whose discovery document needs a repair before OAuth clients accept it:
 * the document passes through `repair`; every other response (and any failure) is untouched.
 * `getFetch` is asked at each call, so a fetch swapped in later (tests, instrumentation) is used.
 */
export function patchDiscoveryDocument(
  getFetch: () => typeof fetch,
  repair: (metadata: Metadata) => Metadata,
): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const response = await getFetch()(input, init)
    const url = new URL(input instanceof Request ? input.url : input)
    if (!response.ok || !url.pathname.endsWith(".well-known/openid-configuration")) return response
    return Response.json(repair((await response.json()) as Metadata))
  }
}
