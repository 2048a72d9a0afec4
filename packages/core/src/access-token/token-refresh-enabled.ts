/** Which providers `getAccessToken` refreshes for, and where their tokens live. */
import type { Adapter } from "../adapters.js"

/** Whether the provider asked for automatic refresh (`tokenRefresh: true`; off by default). */
export function tokenRefreshOn(provider: unknown): boolean {
  const { type, tokenRefresh } = (provider ?? {}) as { type?: string; tokenRefresh?: unknown }
  return (type === "oauth" || type === "oidc") && tokenRefresh === true
}

/**
 * JWT sessions without an adapter keep the tokens in the cookie, and a refresh is coordinated by
 * the process's memory only (there is no shared record both instances could swap): worth a warning
 * in production, where there may be several instances.
 */
export function refreshesInProcessOnly(providers: readonly unknown[], adapter: Adapter | undefined, strategy: string): boolean {
  return !adapter && strategy === "jwt" && providers.some(tokenRefreshOn)
}
