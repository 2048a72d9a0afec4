/**
 * `error: "RefreshTokenError"` in the session answer once the provider refused the refresh token
 * (as Auth.js's refresh recipe reports it), so the app can send the user to sign in again.
 */
import type { InternalOptions } from "../providers/types.js"
import type { JWT } from "../jwt/types.js"
import { isCredentialsToken } from "../session-cookie/token-marks.js"
import { isRefusedAccount } from "./account-tokens.js"
import { upstreamTokensOf } from "../session-cookie/token-marks.js"
import { refusedInCookie } from "./cookie-tokens.js"

export const refreshTokenError = "RefreshTokenError"

/** For a JWT session: from the cookie's mark, or (with an adapter) from the user's accounts. */
export async function refreshErrorOfToken(token: JWT, options: InternalOptions): Promise<string | undefined> {
  if (!options.adapter) return (await refusedInCookie(token)) ? refreshTokenError : undefined
  if (isCredentialsToken(token) || typeof token.sub !== "string") return undefined
  return refreshErrorOfUser(token.sub, options)
}

/**
 * As refreshErrorOfToken, but `undefined` without a promise when there is nothing to look up (no
 * provider tokens in the cookie, no provider with `tokenRefresh`): the common read awaits nothing.
 */
export function refreshErrorOfTokenIfDue(token: JWT, options: InternalOptions): string | undefined | Promise<string | undefined> {
  if (!options.adapter) return upstreamTokensOf(token) ? refreshErrorOfToken(token, options) : undefined
  if (typeof options.adapter.getAccountByUserId !== "function" || options.tokenRefreshProviderIds.length === 0) return undefined
  return refreshErrorOfToken(token, options)
}

/**
 * For a user kept by the adapter: one account lookup per provider with `tokenRefresh` (none when
 * no provider has it, the default), skipped for adapters without `getAccountByUserId`.
 */
export async function refreshErrorOfUser(userId: string, options: InternalOptions): Promise<string | undefined> {
  const adapter = options.adapter
  if (typeof adapter?.getAccountByUserId !== "function") return undefined
  try {
    for (const providerId of options.tokenRefreshProviderIds) {
      const account = await adapter.getAccountByUserId(userId, providerId)
      if (account && isRefusedAccount(account)) return refreshTokenError
    }
  } catch (error) {
    // The database did not answer: the session itself still reads as it is.
    options.logger.error(error as Error)
  }
  return undefined
}

/** The session answer with the error beside its fields (a session callback's own `error` wins). */
export function withRefreshError<S>(session: S, error: string | undefined): S {
  if (!error || !session || typeof session !== "object" || "error" in session) return session
  return { ...session, error }
}

/** GET /session's answer of a JWT session, with the error when due: no promise when there is nothing to look up. */
export function withRefreshErrorOfToken<S>(session: S, token: JWT, options: InternalOptions): S | Promise<S> {
  const error = refreshErrorOfTokenIfDue(token, options)
  return error instanceof Promise ? error.then((found) => withRefreshError(session, found)) : withRefreshError(session, error)
}

/** GET /session's answer of a database session, with the error when the user's provider refused. */
export async function withRefreshErrorOfUser<S>(session: S, userId: string, options: InternalOptions): Promise<S> {
  return withRefreshError(session, await refreshErrorOfUser(userId, options))
}
