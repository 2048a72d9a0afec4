/**
 * `@gatehouse/core/integration`: what the framework integrations (`@gatehouse/next`, `/sveltekit`,
 * `/qwik`) share, kept here once, beside the server operations of `@gatehouse/core/server`. Internal: not
 * part of the public API, and it may change in any release.
 */
import type { Provider, ProviderConfig, ProviderType } from "./providers/types.js"

export { forwardedHeaders, forwardedOrigin } from "./http/forwarded-headers.js"
export { parseSetCookie, type ParsedSetCookie, type SetCookieOptions } from "./integration/parse-set-cookie.js"
export { logPrefix, reportError } from "./config/logger.js"
export { markPrivate, privateHeaderValue } from "./integration/private-cache-headers.js"

// jose's JWT encryption as core bundles it (without JWE compression, which the Edge runtime lacks): the
// next-auth 4 token format in `@gatehouse/next/v4/jwt` uses these rather than a second copy of jose.
export { jwtDecrypt } from "jose/jwt/decrypt"
export { EncryptJWT } from "jose/jwt/encrypt"

/**
 * The id and type of the configured provider an app calls by this id, or undefined. A factory
 * (`GitHub` rather than `GitHub()`) is called to read them; the app's overrides (`options.id`)
 * win over the provider's defaults, as they do when core merges the two.
 */
export function findProvider(providers: readonly Provider[], id: string): { id: string; type: ProviderType } | undefined {
  for (const entry of providers) {
    const provider: ProviderConfig & { options?: { id?: string; type?: ProviderType } } = typeof entry === "function" ? entry({}) : entry
    const providerId = provider?.options?.id ?? provider?.id
    if (providerId === id) return { id: providerId, type: provider?.options?.type ?? provider?.type }
  }
  return undefined
}
