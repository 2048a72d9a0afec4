import { normalizeOAuthProvider } from "../oauth/normalize-provider.js"
import type { Provider, ProviderConfig, InternalProvider } from "../providers/types.js"
import { customFetch } from "../auth-options.js"

/** A provider config as merging sees it: its user options, and a custom fetch under the symbol. */
type Mergeable = ProviderConfig & { options?: unknown; [customFetch]?: typeof fetch }

/** A provider with the user's options merged over its defaults: everything but the URLs. */
export function mergeProvider(entry: Provider): ProviderConfig {
  const provider: Mergeable = typeof entry === "function" ? entry() : entry
  const { options, ...defaults } = provider
  const merged = merge(defaults as Mergeable, options)
  // Symbols are not merged: carry the fetch over by hand. A provider's own fetch wins, since
  // catalogue providers use it to repair their vendor's responses (and pass on to the app's).
  const fetchOverride = provider[customFetch] ?? (options as Mergeable | undefined)?.[customFetch]
  if (fetchOverride) merged[customFetch] = fetchOverride
  return merged
}

/** The providers as actions use them, with sign-in and callback URLs on this request's origin. */
export function providersForOrigin(
  providers: ProviderConfig[],
  origin: string,
  basePath: string,
  redirectProxyUrl: string | undefined,
): InternalProvider[] {
  return providers.map((provider) => {
    const urls = {
      signinUrl: `${origin}${basePath}/signin/${provider.id}`,
      callbackUrl: `${origin}${basePath}/callback/${provider.id}`,
    }
    if (provider.type === "oauth" || provider.type === "oidc") {
      return normalizeOAuthProvider({ ...provider, ...urls }, provider.redirectProxyUrl ?? redirectProxyUrl)
    }
    return { ...provider, ...urls } as InternalProvider
  })
}

/**
 * Lays `override` over `base`: plain objects merge key by key, everything else (arrays,
 * functions, class instances) is replaced, and `undefined` never overwrites a value.
 */
function merge<T>(base: T, override: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(override)) return (override === undefined ? base : override) as T
  const result: Record<string, unknown> = { ...base }
  for (const key of Object.keys(override)) {
    const value = override[key]
    if (value === undefined) continue
    result[key] = isPlainObject(result[key]) && isPlainObject(value) ? merge(result[key], value) : value
  }
  return result as T
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}
