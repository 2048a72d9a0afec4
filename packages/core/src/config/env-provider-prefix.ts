/** `microsoft-entra-id` → `AUTH_MICROSOFT_ENTRA_ID`: the prefix of a provider's env variables. */
export function envProviderPrefix(providerId: string): string {
  return `AUTH_${String(providerId).toUpperCase().replace(/-/g, "_")}`
}
