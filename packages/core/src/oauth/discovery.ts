/** OpenID Connect / RFC 8414 discovery, cached per issuer instead of fetched on every request. */
import * as oauth from "oauth4webapi"
import type { InternalProvider } from "../config/internal-options.js"
import { customFetch } from "../symbols.js"
import { providerRequestOptions } from "./request-options.js"

/** Long enough to keep discovery off the sign-in path, short enough to follow key and endpoint changes. */
const discoveryTtlMs = 60 * 60 * 1000
const maxCachedIssuers = 256
const maxIssuerLength = 2048

interface CacheEntry {
  expiresAt: number
  metadata: Promise<oauth.AuthorizationServer>
}

// A provider's own fetch may rewrite the document (Apple, Entra do), so each fetch has its own cache.
const cacheByFetch = new WeakMap<typeof fetch, Map<string, CacheEntry>>()
const defaultFetchCache = new Map<string, CacheEntry>()

/** The issuer's metadata, validated by oauth4webapi (the document's `issuer` must match). */
export function discoverAuthorizationServer(
  provider: Pick<InternalProvider<"oauth">, "id" | "issuer" | typeof customFetch>,
): Promise<oauth.AuthorizationServer> {
  if (!provider.issuer) {
    return Promise.reject(new TypeError(`Provider "${provider.id}" needs an \`issuer\` to discover its endpoints`))
  }
  const cache = cacheFor(provider[customFetch])
  const cached = cache.get(provider.issuer)
  if (cached && cached.expiresAt > Date.now()) return cached.metadata

  const issuer = new URL(provider.issuer)
  const metadata = oauth
    .discoveryRequest(issuer, providerRequestOptions(provider))
    .then((response) => oauth.processDiscoveryResponse(issuer, response))
  const entry = { expiresAt: Date.now() + discoveryTtlMs, metadata }
  // Issuers are few, except for Entra's per-tenant ones (one per signed-in organisation): bounded.
  if (provider.issuer.length > maxIssuerLength) return metadata
  if (cache.size >= maxCachedIssuers) cache.delete(cache.keys().next().value!)
  cache.set(provider.issuer, entry)
  // Failures are not remembered: the next sign-in tries again.
  metadata.catch(() => {
    if (cache.get(provider.issuer!) === entry) cache.delete(provider.issuer!)
  })
  return metadata
}

/** Re-discovery for a specific issuer URL (e.g. a tenant named in an ID token), same cache. */
export function discoverIssuer(
  provider: Pick<InternalProvider<"oauth">, "id" | typeof customFetch>,
  issuer: string,
): Promise<oauth.AuthorizationServer> {
  return discoverAuthorizationServer({ id: provider.id, issuer, [customFetch]: provider[customFetch] })
}

function cacheFor(fetchOverride: typeof fetch | undefined): Map<string, CacheEntry> {
  if (!fetchOverride) return defaultFetchCache
  let cache = cacheByFetch.get(fetchOverride)
  if (!cache) cacheByFetch.set(fetchOverride, (cache = new Map()))
  return cache
}
