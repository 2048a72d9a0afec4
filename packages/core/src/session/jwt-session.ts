import { refreshErrorOfTokenIfDue, withRefreshError } from "../access-token/refresh-error.js"
import { defaultCallbacks } from "../config/default-callbacks.js"
import { JWTSessionError } from "../errors.js"
import type { InternalOptions } from "../config/internal-options.js"
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from "../http/session-chunks.js"
import type { JWT } from "../jwt/types.js"
import type { ResponseInternal, Session } from "../types.js"
import { emitEvent } from "../events/emit-event.js"
import { isRevoked } from "../sessions/revocation-checks.js"
import { touchJwtSession } from "../sessions/jwt-session-record.js"
import { isUnverifiedToken, keepTokenMarks, sessionIdOf, unverifiedTokenStillValid } from "./token-marks.js"
import { decodeTokenCached } from "./read-token-cached.js"
import { isoTime } from "./iso-time.js"
import { noStoreHeaders } from "./no-store-headers.js"

/**
 * The session held in the encrypted cookie. Unlike Auth.js, the cookie is re-issued only when
 * `updateAge` has passed since it was issued, when the jwt callback changed the token, or on an
 * update: a plain read costs one decryption and no encryption.
 *
 * A re-read of a cookie the decoded-token cache holds, with the default callbacks and no event
 * handler, awaits nothing but the answers that are due (a revocation check, the session callback
 * of an app): each step below awaits only what came back as a promise.
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
    const decoded = settled(decodeTokenCached(token, jwt, cookie.name))
    const read = decoded instanceof Promise ? await decoded : decoded
    if (!read) throw new Error("The session token is empty or unreadable")
    const payload = read.payload
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
    // The cache's JSON of the payload is what stringifying it would give (it was made so).
    const before = read.json ?? JSON.stringify(payload)
    const called = settled(
      callbacks.jwt({
        token: payload,
        ...(update ? { trigger: "update" as const, session: update.data } : {}),
      } as Parameters<typeof callbacks.jwt>[0]),
    )
    const returned = called instanceof Promise ? await called : called

    if (returned === null) {
      response.cookies = clearSessionCookie(cookies, cookie)
      return response
    }

    const next = keepTokenMarks(payload, returned)
    const now = Date.now()
    const issuedAt = typeof payload.iat === "number" ? payload.iat * 1000 : 0
    const aged = sessionOptions.updateAge === 0 || issuedAt + sessionOptions.updateAge * 1000 <= now
    // The default jwt callback hands the token back untouched: nothing to compare.
    const unchanged = next === payload && callbacks.jwt === defaultCallbacks.jwt
    const reissue = !!update || aged || typeof payload.exp !== "number" || (!unchanged && JSON.stringify(next) !== before)
    const expires = reissue ? new Date(now + sessionOptions.maxAge * 1000) : new Date((payload.exp as number) * 1000)

    const sessionCalled = settled(
      callbacks.session({
        session: {
          user: { name: next.name, email: next.email, image: next.picture as string | null | undefined },
          expires: isoTime(expires.getTime()),
        },
        token: next,
      } as Parameters<typeof callbacks.session>[0]),
    )
    const session = sessionCalled instanceof Promise ? await sessionCalled : sessionCalled
    const refreshError = refreshErrorOfTokenIfDue(next, options)
    response.body = withRefreshError(session as Session, refreshError instanceof Promise ? await refreshError : refreshError)

    if (reissue) {
      const value = await jwt.encode({ ...jwt, token: stripClaims(next), salt: cookie.name })
      response.cookies = writeSessionCookie(cookies, cookie, value, expires, options.session.maxCookieChunks)
      // Once per updateAge, like the cookie: the recorded session's row follows (not on every callback change).
      if (sid && (aged || update)) await touchJwtSession(next, expires, options)
    }
    if (options.events.session) await emitEvent(options, "session", { session: session as Session, token: next })
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

/**
 * A callback's answer as it is, or as a promise when it is thenable (a foreign thenable becomes a
 * Promise, so `await` treats it exactly as awaiting the answer itself would).
 */
function settled<T>(value: T | PromiseLike<T>): T | Promise<T> {
  if (value instanceof Promise) return value
  if (
    value !== null &&
    (typeof value === "object" || typeof value === "function") &&
    typeof (value as PromiseLike<T>).then === "function"
  ) {
    return Promise.resolve(value)
  }
  return value as T
}

/** iat, exp and jti are the encoder's to set; carrying old ones over would pin the expiry. */
function stripClaims(token: JWT): JWT {
  const { iat: _iat, exp: _exp, jti: _jti, ...rest } = token
  return rest
}
