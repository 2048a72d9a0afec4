import type { InternalOptions } from "../config/internal-options.js"
import { writeSessionCookie } from "../http/session-chunks.js"
import type { JWT } from "../jwt/types.js"
import type { Cookie } from "../primitives.js"

/**
 * Whether the app's jwt callback changed the token it was handed (readJwtSessionToken's answer:
 * `before` is undefined with the default callback, which changes nothing). A changed token must be
 * stored, wherever the session was read: an app that refreshes its upstream tokens inside the
 * callback (Auth.js's refresh token rotation) has spent the old refresh token by now, and the next
 * read would send it again.
 */
export function changedByCallback(read: { token: JWT; before: string | undefined }): boolean {
  return read.before !== undefined && JSON.stringify(read.token) !== read.before
}

/** When a re-issued session cookie expires: `session.maxAge` from now, as at every re-issue of GET /session. */
export function renewedExpiry(options: InternalOptions, now = Date.now()): Date {
  return new Date(now + options.session.maxAge * 1000)
}

/**
 * The session cookie written again, holding `token`, for the server-side reads other than GET
 * /session (getAccessToken, the session-management requests, passkey registration): when the jwt
 * callback changed the token, the cookie GET /session would have issued for it; else nothing.
 */
export async function reissuedIfChanged(
  read: { token: JWT; before: string | undefined },
  requestCookies: Record<string, string>,
  options: InternalOptions,
): Promise<Cookie[]> {
  if (!changedByCallback(read)) return []
  return sessionCookieHolding(read.token, requestCookies, options, { renewed: renewedExpiry(options) })
}

/**
 * The session cookie holding `token`, chunked as needed. `renewed`: the encoder's own maxAge (as
 * GET /session re-issues); `kept`: the expiry the cookie had, the token's `exp` set to match (a
 * rewrite that is no session activity, such as storing refreshed upstream tokens).
 */
export async function sessionCookieHolding(
  token: JWT,
  requestCookies: Record<string, string>,
  options: InternalOptions,
  expiry: { renewed: Date } | { kept: Date },
): Promise<Cookie[]> {
  const cookie = options.cookies.sessionToken
  const expires = "renewed" in expiry ? expiry.renewed : expiry.kept
  const maxAge = "renewed" in expiry ? {} : { maxAge: Math.max(1, Math.round((expires.valueOf() - Date.now()) / 1000)) }
  const value = await options.jwt.encode({ ...options.jwt, ...maxAge, token: withoutIssuerClaims(token), salt: cookie.name })
  return writeSessionCookie(requestCookies, cookie, value, expires, options.session.maxCookieChunks)
}

/** iat, exp and jti are the encoder's to set; carrying old ones over would pin the expiry. */
function withoutIssuerClaims(token: JWT): JWT {
  const { iat: _iat, exp: _exp, jti: _jti, ...rest } = token
  return rest
}
