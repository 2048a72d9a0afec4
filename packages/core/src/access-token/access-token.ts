/** What `getAccessToken` hands out, and when a stored token is still good. */

export interface AccessToken {
  accessToken: string
  /** Seconds since the epoch; null when the provider did not say (the token is then used as long as it is stored). */
  expiresAt: number | null
}

/** A token with less than this left is refreshed first, so it does not expire on its way to the API. */
export const expirySkewSeconds = 60

export function isFresh(expiresAt: number | null | undefined, now = Date.now()): boolean {
  if (expiresAt === null || expiresAt === undefined || !Number.isFinite(Number(expiresAt))) return true
  return Number(expiresAt) * 1000 - expirySkewSeconds * 1000 > now
}

export function accessTokenOf(tokens: { access_token?: string | null; expires_at?: number | string | null }): AccessToken | null {
  if (typeof tokens.access_token !== "string" || !tokens.access_token) return null
  const expiresAt = tokens.expires_at === null || tokens.expires_at === undefined ? null : Number(tokens.expires_at)
  return { accessToken: tokens.access_token, expiresAt }
}
