import type { AdapterSession, AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { readSessionCookie } from "../http/session-chunks.js"
import { type JwtSessionToken, readJwtSessionToken, unreadableSessionCookie } from "../session-cookie/jwt-session-token.js"
import { liveDatabaseSession } from "../session-cookie/database-session.js"
import {
  isUnverifiedToken,
  unverifiedAddressOf,
  unverifiedTokenStillValid,
  isCredentialsToken,
  sessionIdOf,
} from "../session-cookie/token-marks.js"
import type { JWT } from "../jwt/types.js"

export interface CurrentUser {
  user: AdapterUser | null
  session: AdapterSession | null
  sessionToken?: string
  /**
   * The JWT session as read, callback included: an answer that keeps the session stores what the
   * callback changed (reissuedIfChanged); a sign-in issues a new cookie anyway, so it encrypts nothing.
   */
  jwtSession?: JwtSessionToken & { signedIn: true }
}

/**
 * Who is signed in already, judged from the incoming session cookie (for account linking and
 * passkey registration). A JWT session is read as GET /session reads it (session-cookie/jwt-session-token.ts):
 * a revoked session, an unverified user's token once the address's owner proved it, or a session
 * the app's jwt callback refuses (a banned user) is nobody, so none of them can attach a new way
 * in to the user.
 */
export async function currentUser(cookies: Record<string, string>, options: InternalOptions): Promise<CurrentUser> {
  const adapter = options.adapter!
  const sessionToken = readSessionCookie(cookies, options.cookies.sessionToken.name)
  if (!sessionToken) return { user: null, session: null }
  const nobody = { user: null, session: null, sessionToken }
  if (options.session.strategy === "jwt") {
    let read: JwtSessionToken
    try {
      read = await readJwtSessionToken(sessionToken, options)
    } catch (error) {
      // Nobody is signed in then; the answer (a sign-in, passkey options) leaves the cookie alone.
      options.logger.error(unreadableSessionCookie(error, "ignored"))
      return nobody
    }
    if (!read.signedIn) return nobody
    // A database failure from here on is the request's failure, not "nobody signed in": a signed-in
    // user taken for a stranger would get a new account or passkey of their own instead of a link.
    const userId = await adapterUserIdOf(read, options)
    const user = userId ? await adapter.getUser(userId) : null
    // The session read checks an unverified user's token once per interval; attaching a way in
    // judges it against the user just read, so an impostor's token attaches nothing, ever.
    if (user && isUnverifiedToken(read.decoded) && !unverifiedTokenStillValid(user, unverifiedAddressOf(read.decoded))) return nobody
    return { user, session: null, sessionToken, jwtSession: read }
  }
  const found = await liveDatabaseSession(sessionToken, adapter)
  if (!found) return nobody
  return { user: found.user, session: found.session, sessionToken }
}

/**
 * The adapter user a JWT session stands for (read by readJwtSessionToken, so its own checks were
 * made): the jwt callback's `sub`, unless the token is a credentials sign-in's, whose `sub` is
 * authorize's id and names no adapter user. A callback that rewrote `sub` is asked about afresh
 * against the recorded session, so a session recorded for one user never acts for another
 * (getAccessToken handing out their tokens, or linking an account or a passkey to them).
 */
export async function adapterUserIdOf(session: { decoded: JWT; token: JWT }, options: InternalOptions): Promise<string | undefined> {
  const { decoded, token } = session
  if (typeof token.sub !== "string" || isCredentialsToken(token)) return undefined
  if (sessionIdOf(token) && token.sub !== decoded.sub && (await options.sessionRecords?.isTokenRevoked(token, options))) return undefined
  return token.sub
}
