import type { Provider, ProviderConfig, ProviderType } from "../providers/types.js"

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
