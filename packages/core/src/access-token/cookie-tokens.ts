/**
 * Tokens kept in the session cookie, for JWT sessions without an adapter: the `gatehouse.tokens`
 * mark (session-cookie/token-marks.ts), written at sign-in with a provider that has `tokenRefresh`.
 * A refresh gives a new mark, which the caller writes back as a new session cookie. Concurrent
 * requests carrying the same cookie share one refresh (single flight), and requests that arrive
 * later with the old cookie get the remembered result instead of sending the used refresh token
 * again. This process's memory is all there is to coordinate with: see the
 * `token-refresh-per-process` warning for several instances.
 */
import type { InternalOptions, InternalProvider } from "../providers/types.js"
import { AccessTokenRefreshError, RefreshTokenError } from "../errors.js"
import { emitEvent } from "../config/default-callbacks.js"
import type { JWT } from "../jwt/types.js"
import type { Account } from "../shared-types.js"
import { type UpstreamTokens, upstreamTokensClaim, upstreamTokensOf } from "../session-cookie/token-marks.js"
import { type AccessToken, accessTokenOf, isFresh, tokenRefreshOn } from "./access-token.js"
import { failureBackoffMs, refreshKey, remember, remembered, singleFlight } from "./in-process.js"
import { type RefreshedTokens, refreshGrant } from "./refresh-grant.js"

export type { UpstreamTokens }

/** At sign-in, without an adapter: the mark for a provider with `tokenRefresh`. */
export function markUpstreamTokens(token: JWT, account: Account | null, options: InternalOptions): JWT {
  if (options.adapter || !account || (account.type !== "oidc" && account.type !== "oauth")) return token
  if (!tokenRefreshOn(options.provider) || typeof account.access_token !== "string") return token
  const mark: UpstreamTokens = {
    provider: account.provider,
    providerAccountId: account.providerAccountId,
    access_token: account.access_token,
  }
  if (typeof account.refresh_token === "string") mark.refresh_token = account.refresh_token
  if (typeof account.expires_at === "number") mark.expires_at = account.expires_at
  return { ...token, [upstreamTokensClaim]: mark }
}

/** Whether the session's provider refused its refresh token (in the mark, or known to this process). */
export async function refusedInCookie(token: JWT): Promise<boolean> {
  const mark = upstreamTokensOf(token)
  if (!mark) return false
  if (mark.error === "RefreshTokenError") return true
  if (!mark.refresh_token) return false
  const known = remembered(await refreshKey(mark.provider, mark.refresh_token))
  return !!known && "refused" in known
}

/** The access token, and the mark to write back when it changed. */
export async function accessTokenFromCookie(
  mark: UpstreamTokens,
  provider: InternalProvider<"oauth">,
  options: InternalOptions,
): Promise<{ token: AccessToken | null; replaced?: UpstreamTokens }> {
  let current = mark
  // A remembered replacement may itself have expired since: follow the chain a few steps.
  for (let step = 0; step < 4; step++) {
    if (current.error) return { token: null }
    if (isFresh(current.expires_at)) return { token: accessTokenOf(current), ...(current === mark ? {} : { replaced: current }) }
    if (!tokenRefreshOn(provider) || !current.refresh_token) return { token: null }
    const refreshToken = current.refresh_token
    const key = await refreshKey(provider.id, refreshToken)
    const outcome =
      remembered(key) ?? (await singleFlight(`cookie:${key}`, () => refreshOnce(key, refreshToken, current, provider, options)))
    if ("failed" in outcome) return { token: null }
    if ("refused" in outcome) {
      const { access_token: _a, refresh_token: _r, expires_at: _e, ...rest } = current
      return { token: null, replaced: { ...rest, error: "RefreshTokenError" } }
    }
    current = withRefreshed(current, outcome.tokens)
  }
  return { token: null }
}

function withRefreshed(mark: UpstreamTokens, tokens: RefreshedTokens): UpstreamTokens {
  const next: UpstreamTokens = {
    provider: mark.provider,
    providerAccountId: mark.providerAccountId,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token ?? mark.refresh_token,
  }
  if (tokens.expires_at !== undefined) next.expires_at = tokens.expires_at
  return next
}

async function refreshOnce(
  key: string,
  refreshToken: string,
  mark: UpstreamTokens,
  provider: InternalProvider<"oauth">,
  options: InternalOptions,
): Promise<{ tokens: RefreshedTokens } | { refused: true } | { failed: Error }> {
  const about = { provider: mark.provider, providerAccountId: mark.providerAccountId }
  try {
    const tokens = await refreshGrant(provider, refreshToken)
    remember(key, { tokens })
    await emitEvent(options, "tokenRefreshed", { ...about, expiresAt: tokens.expires_at ?? null })
    return { tokens }
  } catch (error) {
    const refused = error instanceof RefreshTokenError
    const failure = refused || error instanceof AccessTokenRefreshError ? (error as Error) : new AccessTokenRefreshError(error as Error)
    const outcome = refused ? { refused: true as const } : { failed: failure }
    remember(key, outcome, refused ? undefined : failureBackoffMs)
    options.logger.error(failure)
    await emitEvent(options, "tokenRefreshFailed", { ...about, error: failure, refused })
    return outcome
  }
}
