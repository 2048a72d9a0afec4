import { refreshErrorOfToken, withRefreshError } from "../access-token/refresh-error.js"
import { JWTSessionError } from "../errors.js"
import type { InternalOptions } from "../config/internal-options.js"
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from "../http/session-chunks.js"
import type { JWT } from "../jwt/types.js"
import type { ResponseInternal, Session } from "../types.js"
import { emitEvent } from "../events/emit-event.js"
import { isRevoked } from "../sessions/revocation-checks.js"
import { touchJwtSession } from "../sessions/jwt-session-record.js"
import { isUnverifiedToken, keepTokenMarks, sessionIdOf, unverifiedTokenStillValid } from "./token-marks.js"
import { readTokenCached } from "./read-token-cached.js"
import { noStoreHeaders } from "./no-store-headers.js"

/**
 * The session held in the encrypted cookie. Unlike Auth.js, the cookie is re-issued only when
 * `updateAge` has passed since it was issued, when the jwt callback changed the token, or on an
 * update: a plain read costs one decryption and no encryption.
 */
export async function readJwtSession(
  cookies: Record<string, string>,
  options: InternalOptions,
  update?: { data: unknown },
): Promise<ResponseInternal<Session | null>> {
  const { jwt, callbacks, logger, session: sessionOptions } = options
  const cookie = options.cookies.sessionToken
  const response: ResponseInternal<Session | null> = { body: null, headers: { ...noStoreHeaders }, cookies: [] }
  const token = readSessionCookie(cookies, cookie.name)
  if (!token) return response

  try {
    const payload = await readTokenCached(token, jwt, cookie.name)
    if (!payload) throw new Error("The session token is empty or unreadable")
    if (isUnverifiedToken(payload) && options.adapter) {
      let owns: boolean
      try {
        owns = await unverifiedUserStillOwns(payload, options)
      } catch (error) {
        // The database did not answer: no session now, but the cookie stays for when it does.
        logger.error(error as Error)
        return response
      }
      if (!owns) {
        response.cookies = clearSessionCookie(cookies, cookie)
        return response
      }
    }
    const sid = sessionIdOf(payload)
    if (sid) {
      // Checked with or without `sub`: a jwt callback that dropped it must not make the session irrevocable.
      const revoked = isRevoked(sid, typeof payload.sub === "string" ? payload.sub : undefined, options)
      // Revoked (its row deleted): signed out here too. Known answers come back synchronously.
      if (revoked === true || (revoked !== false && (await revoked))) {
        response.cookies = clearSessionCookie(cookies, cookie)
        return response
      }
    }
    const before = JSON.stringify(payload)
    const returned = await callbacks.jwt({
      token: payload,
      ...(update ? { trigger: "update" as const, session: update.data } : {}),
    } as Parameters<typeof callbacks.jwt>[0])

    if (returned === null) {
      response.cookies = clearSessionCookie(cookies, cookie)
      return response
    }

    const next = keepTokenMarks(payload, returned)
    const now = Date.now()
    const issuedAt = typeof payload.iat === "number" ? payload.iat * 1000 : 0
    const aged = sessionOptions.updateAge === 0 || issuedAt + sessionOptions.updateAge * 1000 <= now
    const reissue = !!update || aged || typeof payload.exp !== "number" || JSON.stringify(next) !== before
    const expires = reissue ? new Date(now + sessionOptions.maxAge * 1000) : new Date((payload.exp as number) * 1000)

    const session = await callbacks.session({
      session: {
        user: { name: next.name, email: next.email, image: next.picture as string | null | undefined },
        expires: expires.toISOString(),
      },
      token: next,
    } as Parameters<typeof callbacks.session>[0])
    response.body = withRefreshError(session as Session, await refreshErrorOfToken(next, options))

    if (reissue) {
      const value = await jwt.encode({ ...jwt, token: stripClaims(next), salt: cookie.name })
      response.cookies = writeSessionCookie(cookies, cookie, value, expires, options.session.maxCookieChunks)
      // Once per updateAge, like the cookie: the recorded session's row follows (not on every callback change).
      if (sid && (aged || update)) await touchJwtSession(next, expires, options)
    }
    await emitEvent(options, "session", { session: session as Session, token: next })
  } catch (error) {
    // A cookie the client sent is bad input, not a server fault: its reason, without a stack trace
    // (formatting one costs more than the failed decryption).
    logger.error(new JWTSessionError("The session cookie could not be read and was cleared", { reason: (error as Error)?.message }))
    response.cookies = clearSessionCookie(cookies, cookie)
  }
  return response
}

/**
 * A token minted while its user's address was unverified (session/token-marks.ts) is that user's
 * only while the user is still unverified: once the address's owner proved it, the token may be an
 * impostor's. One adapter read, paid only by such tokens.
 */
export async function unverifiedUserStillOwns(payload: JWT, options: InternalOptions): Promise<boolean> {
  const user = typeof payload.sub === "string" ? await options.adapter!.getUser(payload.sub) : null
  return unverifiedTokenStillValid(user)
}

/** iat, exp and jti are the encoder's to set; carrying old ones over would pin the expiry. */
function stripClaims(token: JWT): JWT {
  const { iat: _iat, exp: _exp, jti: _jti, ...rest } = token
  return rest
}
