import { defaultCallbacks } from "../config/default-callbacks.js"
import type { InternalOptions } from "../providers/types.js"
import { JWTSessionError } from "../errors.js"
import type { JWT } from "../jwt/types.js"
import { andThen, type MaybePromise, settled } from "./maybe-promise.js"
import { type DecodedToken, decodeTokenCached } from "./read-token-cached.js"
import { isUnverifiedToken, keepTokenMarks, tokenMarksOf } from "./token-marks.js"
import { unverifiedOwnerStillOwns } from "./unverified-owner-checks.js"

/** What a JWT session cookie stands for, once read the way GET /session reads it. */
export type JwtSessionToken =
  | {
      signedIn: true
      /** The token as decoded from the cookie (its `iat`/`exp` say when the cookie was issued). */
      decoded: JWT
      /** The jwt callback's token, carrying exactly the decoded token's marks: the session's token from now on. */
      token: JWT
      /**
       * The decoded token's JSON from before the callback ran (it may change the token in place),
       * to tell whether the callback changed it; undefined with the default callback, which changes nothing.
       */
      before: string | undefined
    }
  | {
      signedIn: false
      /** True when the cookie is dead for good (revoked, refused by the callback); false when only the database did not answer. */
      clearCookie: boolean
    }

const signedOut = { signedIn: false, clearCookie: true } as const

/**
 * The one place a JWT session cookie becomes a session: decoded (through the decoded-token cache),
 * checked (a token minted for an unverified user is still that user's; its recorded session is not
 * revoked), then handed to the app's jwt callback, whose null means nobody is signed in (an app
 * bans a user that way). GET /session, getAccessToken and the session-management requests all read
 * the cookie through this, so a ban or a revocation holds on every path alike; and each stores what
 * the callback changed (session-cookie/reissued-session-cookie.ts). The callback runs only for a session
 * that passed the checks, and cannot plant or drop marks (keepTokenMarks).
 *
 * Synchronous when every step is (a cached cookie, a known revocation answer, a synchronous
 * callback): the session read is the hot path, and awaits only what came back as a promise.
 * Throws (or rejects) when the cookie cannot be read or the callback throws: the caller treats
 * the cookie as unreadable (see unreadableSessionCookie).
 */
export function readJwtSessionToken(
  cookieValue: string,
  options: InternalOptions,
  update?: { data: unknown },
): MaybePromise<JwtSessionToken> {
  const decoded = settled(decodeTokenCached(cookieValue, options.jwt, options.cookies.sessionToken.name))
  return andThen(decoded, (read) => checkedToken(read, options, update))
}

/**
 * What a caller logs for a cookie that could not be read (or whose callback threw): bad input, not
 * a server fault, so no stack trace. `cleared` when the caller's answer clears the cookie; `ignored`
 * when it cannot or need not (getAccessToken, a sign-in), so the request is only nobody's.
 */
export function unreadableSessionCookie(error: unknown, outcome: "cleared" | "ignored"): JWTSessionError {
  const message =
    outcome === "cleared"
      ? "The session cookie could not be read and was cleared"
      : "The session cookie could not be read: nobody is signed in for this request"
  return new JWTSessionError(message, { reason: (error as Error)?.message })
}

function checkedToken(read: DecodedToken | null, options: InternalOptions, update?: { data: unknown }): MaybePromise<JwtSessionToken> {
  if (!read) throw new Error("The session token is empty or unreadable")
  if (isUnverifiedToken(read.payload) && options.adapter) {
    // Asked once per revocation interval, not on every read (hole 8): see unverified-owner-checks.ts.
    const owns = unverifiedOwnerStillOwns(read.payload, options)
    return andThen(owns, (yes) => (yes ? unrevokedToken(read, options, update) : signedOut))
  }
  return unrevokedToken(read, options, update)
}

function unrevokedToken(read: DecodedToken, options: InternalOptions, update?: { data: unknown }): MaybePromise<JwtSessionToken> {
  // Checked with or without `sub`: a jwt callback that dropped it must not make the session irrevocable.
  // Recorded nowhere (no adapter or store carries session records): nothing can revoke it.
  const revoked = options.sessionRecords?.isTokenRevoked(read.payload, options) ?? false
  // Revoked (its row deleted): signed out. Known answers come back synchronously.
  if (revoked === true) return signedOut
  if (revoked === false) return calledBack(read, options, update)
  return revoked.then((yes) => (yes ? signedOut : calledBack(read, options, update)))
}

function calledBack(read: DecodedToken, options: InternalOptions, update?: { data: unknown }): MaybePromise<JwtSessionToken> {
  const { callbacks } = options
  const payload = read.payload
  const byDefault = callbacks.jwt === defaultCallbacks.jwt
  // Taken before the callback runs: it may change the token in place (Object.assign(token, session)).
  // The cache's JSON of the payload is what stringifying it would give (it was made so).
  const before = byDefault ? undefined : (read.json ?? JSON.stringify(payload))
  const marks = byDefault ? payload : tokenMarksOf(payload)
  const called = settled(
    callbacks.jwt({
      token: payload,
      ...(update ? { trigger: "update" as const, session: update.data } : {}),
    } as Parameters<typeof callbacks.jwt>[0]),
  )
  return andThen(called, (returned): JwtSessionToken => {
    if (returned === null) return signedOut
    // Neither a token nor null (`false`, a string, a forgotten return): a ban written wrong, not a
    // session. Auth.js fails to encode such an answer and signs the session out; so does the caller
    // here, treating it as unreadable, instead of keeping the marks (the upstream tokens) alive.
    if (typeof returned !== "object" || Array.isArray(returned)) throw new Error("The jwt callback returned neither a token nor null")
    return { signedIn: true, decoded: payload, token: keepTokenMarks(marks, returned), before }
  })
}
