import type { InternalOptions } from "../providers/types.js"
import { emitEvent } from "../config/default-callbacks.js"
import { clearSessionCookie, readSessionCookie, noStoreHeaders } from "../http/session-chunks.js"
import type { ResponseInternal, Session } from "../types.js"
import { isoTime } from "../http/iso-time.js"
import { readJwtSessionToken, unreadableSessionCookie } from "./jwt-session-token.js"
import { settled } from "./maybe-promise.js"
import { changedByCallback, lastRenewedAt, renewedExpiry, sessionCookieHolding } from "./reissued-session-cookie.js"
import { sessionIdOf } from "./token-marks.js"
import { authenticationOfToken, withAuthentication } from "../step-up/session-authentication.js"

/**
 * The session held in the encrypted cookie. Unlike Auth.js, the cookie is re-issued only when
 * `updateAge` has passed since it was last renewed, when the jwt callback changed the token (its
 * expiry kept), or on an update: a plain read costs one decryption and no encryption.
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
  const { logger, session: sessionOptions } = options
  const cookie = options.cookies.sessionToken
  const response: ResponseInternal<Session | null> = { body: null, headers: { ...noStoreHeaders }, cookies: [] }
  const token = readSessionCookie(cookies, cookie.name)
  if (!token) return response

  try {
    // Decoded, checked and through the jwt callback (session-cookie/jwt-session-token.ts), as every path reads it.
    const reading = readJwtSessionToken(token, options, update)
    const read = reading instanceof Promise ? await reading : reading
    if (!read.signedIn) {
      if (read.clearCookie) response.cookies = clearSessionCookie(cookies, cookie)
      return response
    }
    const { decoded: payload, token: next } = read
    const sid = sessionIdOf(payload)
    const now = Date.now()
    const aged = sessionOptions.updateAge === 0 || lastRenewedAt(payload, options) + sessionOptions.updateAge * 1000 <= now
    // A renewal (new expiry) is session activity, and the recorded row follows it; storing what the
    // jwt callback changed is not, so it keeps the cookie's expiry (see keptExpiry).
    const renew = !!update || aged || typeof payload.exp !== "number"
    const reissue = renew || changedByCallback(read)
    const expires = renew ? renewedExpiry(options, now) : new Date((payload.exp as number) * 1000)

    const sessionCalled = settled(
      options.callbacks.session({
        session: {
          user: { name: next.name, email: next.email, image: next.picture as string | null | undefined },
          expires: isoTime(expires.getTime()),
          ...withAuthentication(authenticationOfToken(payload)),
        },
        token: next,
      } as Parameters<typeof options.callbacks.session>[0]),
    )
    const session = sessionCalled instanceof Promise ? await sessionCalled : sessionCalled
    // `error: "RefreshTokenError"` once a provider refused: only with `tokenRefresh: TokenRefresh()`, which brings the check.
    const answer = options.tokenRefresh
      ? options.tokenRefresh.withRefreshErrorOfToken(session as Session, next, options)
      : (session as Session)
    response.body = answer instanceof Promise ? await answer : answer

    if (reissue) {
      response.cookies = await sessionCookieHolding(next, cookies, options, renew ? { renewed: expires } : { kept: expires })
      // Once per updateAge, like the cookie's expiry: the recorded session's row follows it.
      if (sid && renew) await options.sessionRecords?.touchJwtSession(next, expires, options)
    }
    if (options.events.session) await emitEvent(options, "session", { session: session as Session, token: next })
  } catch (error) {
    // A cookie the client sent is bad input, not a server fault: its reason, without a stack trace
    // (formatting one costs more than the failed decryption).
    logger.error(unreadableSessionCookie(error, "cleared"))
    response.cookies = clearSessionCookie(cookies, cookie)
  }
  return response
}
