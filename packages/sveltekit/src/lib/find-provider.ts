import type { Provider, ProviderType } from "@gatehouse/core/types"

/** Id and type of the configured provider with this id (after the app's overrides), if there is one. */
export function findProvider(
  providers: Provider[],
  id: string,
): { id: string; type: ProviderType } | undefined {
  for (const provider of providers) {
    const config: any = typeof provider === "function" ? provider() : provider
    const effectiveId = config.options?.id ?? config.id
    if (effectiveId === id) return { id: effectiveId, type: config.options?.type ?? config.type }
  }
  return undefined
}
