/** The process environment where the runtime has one (Node, Bun, Deno's compat), else nothing. */
export function readProcessEnv(): Record<string, string | undefined> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
}

/** `microsoft-entra-id` → `AUTH_MICROSOFT_ENTRA_ID`: the prefix of a provider's env variables. */
export function envProviderPrefix(providerId: string): string {
  return `AUTH_${String(providerId).toUpperCase().replace(/-/g, "_")}`
}
