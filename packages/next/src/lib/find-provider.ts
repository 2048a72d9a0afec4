import type { NextAuthConfig } from "./types.js"

/** The id and type of the configured provider with this id, or undefined. */
export function findProvider(config: NextAuthConfig, id: string): { id: string; type: string } | undefined {
  for (const entry of config.providers) {
    const provider: any = typeof entry === "function" ? entry({}) : entry
    const providerId = provider?.options?.id ?? provider?.id
    if (providerId === id) return { id: providerId, type: provider?.options?.type ?? provider?.type }
  }
  return undefined
}
