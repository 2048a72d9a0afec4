import type { InternalOptions } from "../providers/types.js"
import { AdapterError } from "../errors.js"
import { readSessionCookie } from "../http/session-chunks.js"
import type { Cookie } from "../shared-types.js"
import { readJwtSessionToken } from "../session-cookie/jwt-session-token.js"
import { liveDatabaseSession } from "../session-cookie/database-session.js"
import { keptExpiry, sessionCookieHolding } from "../session-cookie/reissued-session-cookie.js"
import { type AuthenticationMark, authenticationMarkOf, markAuthentication } from "../session-cookie/token-marks.js"
import { ownerKey, ownerOfToken } from "../sessions/session-owner.js"
import { multiFactorMethod } from "./session-authentication.js"

/**
 * A step-up answered with the second factor alone: the request's own session, still `owner`'s,
 * now re-authenticated. Its `auth_time` becomes now and its `amr` gains `method` (`otp`, `hwk` or
 * `swk`) and `mfa`; nothing else changes. No new session is made (the session keeps its id, its
 * record and its expiry), so there is nobody else's session it could become:
 * - a JWT is re-encoded from the token as the session reads it, so everything the app's jwt
 *   callback stored stays; the new cookie is returned;
 * - a database session's row is updated through the adapter (`authenticatedAt`,
 *   `authenticationMethods`); its cookie stays as it is ([] is returned).
 * Null when the session is gone or no longer the owner's: nothing was changed.
 */
export async function refreshAuthentication(
  cookies: Record<string, string>,
  owner: string,
  method: string,
  options: InternalOptions,
): Promise<Cookie[] | null> {
  const value = readSessionCookie(cookies, options.cookies.sessionToken.name)
  if (!value) return null
  const now = Math.floor(Date.now() / 1000)
  const withSecondFactor = (methods: readonly string[]): AuthenticationMark => ({
    authTime: now,
    methods: [...new Set([...methods, method, multiFactorMethod])],
  })
  if (options.session.strategy === "database" && options.adapter) {
    const adapter = options.adapter
    const found = await liveDatabaseSession(value, adapter)
    if (!found || String(found.user.id) !== owner) return null
    const mark = withSecondFactor(found.session.authenticationMethods ?? [])
    const updated = await adapter.updateSession({
      sessionToken: value,
      authenticatedAt: new Date(mark.authTime * 1000),
      authenticationMethods: mark.methods,
    })
    // An adapter that ignored the fields would leave the session as old as it was: refused, not pretended.
    if (!updated?.authenticatedAt || new Date(updated.authenticatedAt).valueOf() !== mark.authTime * 1000) {
      throw new AdapterError("The adapter's updateSession did not record the session's authenticatedAt/authenticationMethods")
    }
    return []
  }
  const read = await readJwtSessionToken(value, options)
  if (!read.signedIn) return null
  const tokenOwner = ownerOfToken(read.token)
  if (!tokenOwner || ownerKey(tokenOwner) !== owner) return null
  const token = markAuthentication(read.token, withSecondFactor(authenticationMarkOf(read.decoded)?.methods ?? []))
  return sessionCookieHolding(token, cookies, options, { kept: keptExpiry(read.decoded, options) })
}
