import type { InternalOptions } from "../providers/types.js"
import { writeSessionCookie } from "../http/session-chunks.js"
import type { JWT } from "../jwt/types.js"
import type { Cookie } from "../shared-types.js"

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
 * When the cookie was last renewed (given a new expiry): `exp` less `session.maxAge`. Not `iat`
 * alone: a re-issue that only stores what the jwt callback changed sets a new `iat` but keeps the
 * expiry, and a callback that changes the token on every read (refresh token rotation, a
 * `lastSeen` stamp) would otherwise never let the session age, so its recorded row, which follows
 * renewals only, would expire under a live cookie (gone from the user's device list).
 */
export function lastRenewedAt(decoded: JWT, options: InternalOptions): number {
  const issuedAt = typeof decoded.iat === "number" ? decoded.iat * 1000 : 0
  if (typeof decoded.exp !== "number") return issuedAt
  return Math.min(issuedAt, (decoded.exp - options.session.maxAge) * 1000)
}

/** The expiry the decoded cookie has (a renewed one when it names none). */
export function keptExpiry(decoded: JWT, options: InternalOptions): Date {
  return typeof decoded.exp === "number" ? new Date(decoded.exp * 1000) : renewedExpiry(options)
}

/**
 * The session cookie written again, holding `token`, for the server-side reads other than GET
 * /session (getAccessToken, the session-management requests, passkey registration): when the jwt
 * callback changed the token, the cookie GET /session would have issued for it (its expiry kept:
 * storing the callback's change is no renewal); else nothing.
 */
export async function reissuedIfChanged(
  read: { decoded: JWT; token: JWT; before: string | undefined },
  requestCookies: Record<string, string>,
  options: InternalOptions,
): Promise<Cookie[]> {
  if (!changedByCallback(read)) return []
  return sessionCookieHolding(read.token, requestCookies, options, { kept: keptExpiry(read.decoded, options) })
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
  // Counted from the whole second the encoder takes as `iat`: the token's `exp` is then the kept one
  // exactly, however often a callback's change is stored (rounding drifted it a second a time).
  const maxAge = "renewed" in expiry ? {} : { maxAge: Math.max(1, Math.ceil(expires.valueOf() / 1000) - Math.floor(Date.now() / 1000)) }
  const value = await options.jwt.encode({ ...options.jwt, ...maxAge, token: withoutIssuerClaims(token), salt: cookie.name })
  return writeSessionCookie(requestCookies, cookie, value, expires, options.session.maxCookieChunks)
}

/** iat, exp and jti are the encoder's to set; carrying old ones over would pin the expiry. */
function withoutIssuerClaims(token: JWT): JWT {
  const { iat: _iat, exp: _exp, jti: _jti, ...rest } = token
  return rest
}
