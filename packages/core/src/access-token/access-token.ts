import type { Adapter } from "../adapters.js"

/** What `getAccessToken` hands out: a provider's access token and when it expires. */
export interface AccessToken {
  accessToken: string
  /** Seconds since the epoch; null when the provider did not say (the token is then used as long as it is stored). */
  expiresAt: number | null
}

/** A token with less than this left is refreshed first, so it does not expire on its way to the API. */
export const expirySkewSeconds = 60

export function isFresh(expiresAt: number | string | null | undefined, now = Date.now()): boolean {
  if (expiresAt === null || expiresAt === undefined || !Number.isFinite(Number(expiresAt))) return true
  return Number(expiresAt) * 1000 - expirySkewSeconds * 1000 > now
}

export function accessTokenOf(tokens: { access_token?: string | null; expires_at?: number | string | null }): AccessToken | null {
  if (typeof tokens.access_token !== "string" || !tokens.access_token) return null
  const expiresAt = tokens.expires_at === null || tokens.expires_at === undefined ? null : Number(tokens.expires_at)
  return { accessToken: tokens.access_token, expiresAt }
}

/**
 * The stored token while it has time left, else null: what `getAccessToken` hands out without
 * `tokenRefresh: TokenRefresh()` (a refused account or mark holds no access token, so null too).
 */
export function unexpiredAccessToken(tokens: { access_token?: string | null; expires_at?: number | string | null }): AccessToken | null {
  return isFresh(tokens.expires_at) ? accessTokenOf(tokens) : null
}

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
