/**
 * A claim on a refresh, written into the account row's `refresh_token` by compare-and-swap
 * (`updateAccountTokens`) before the provider is called: of several instances that find the same
 * expired token, exactly one swaps the refresh token for its claim and calls the provider; the
 * others see the claim and wait for the row to carry the winner's tokens. The claim keeps the
 * refresh token inside it, so an instance that dies mid-refresh loses nothing: once the claim has
 * run out, another instance takes it over with the token it holds.
 */
import { refreshTimeoutMs } from "./refresh-grant.js"

const prefix = "gatehouse-refresh-claim:"
/** Longer than a token request may take (refreshTimeoutMs), so a live claim is never taken over. */
export const claimMs = refreshTimeoutMs + 5_000

export interface RefreshClaim {
  /** Milliseconds since the epoch. */
  until: number
  refreshToken: string
}

/** The value that stands in the refresh_token column while this instance refreshes. */
export function claimValue(refreshToken: string, now = Date.now()): string {
  return `${prefix}${now + claimMs}:${crypto.randomUUID()}:${refreshToken}`
}

/** The claim a stored refresh token is, or undefined when it is a plain refresh token. */
export function readClaim(stored: string): RefreshClaim | undefined {
  if (!stored.startsWith(prefix)) return undefined
  const rest = stored.slice(prefix.length)
  const first = rest.indexOf(":")
  const second = rest.indexOf(":", first + 1)
  const until = Number(rest.slice(0, first))
  if (first < 0 || second < 0 || !Number.isFinite(until)) return undefined
  return { until, refreshToken: rest.slice(second + 1) }
}
