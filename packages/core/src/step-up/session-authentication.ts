import type { AdapterSession } from "../adapters.js"
import type { JWT } from "../jwt/types.js"
import type { SessionOwner } from "../sessions/session-owner.js"
import { isoTime } from "../http/iso-time.js"
import { authenticationMarkOf } from "../session-cookie/token-marks.js"

/**
 * How the session's user last proved who they are, as `GET /session` shows it
 * (`session.authentication`) and the step-up check reads it: when (ISO time, the OpenID Connect
 * `auth_time`), with which methods (RFC 8176 `amr` values: `pwd`, `fed`, `email`, `hwk`, `otp`,
 * `mfa`…), and whether that was more than one factor.
 */
export interface SessionAuthentication {
  time: string
  methods: string[]
  mfa: boolean
}

/** The `amr` value every sign-in of more than one factor carries (RFC 8176 §2). */
export const multiFactorMethod = "mfa"

/** From the seconds and methods a session keeps. */
export function sessionAuthentication(authTimeSeconds: number, methods: readonly string[]): SessionAuthentication {
  return { time: isoTime(authTimeSeconds * 1000), methods: [...methods], mfa: methods.includes(multiFactorMethod) }
}

/** A JWT session's, from its `auth_time`/`amr` marks; null for a token minted without them (it counts as never authenticated recently). */
export function authenticationOfToken(token: JWT | null | undefined): SessionAuthentication | null {
  const mark = authenticationMarkOf(token)
  return mark ? sessionAuthentication(mark.authTime, mark.methods) : null
}

/**
 * A database session's, from its row: `authenticatedAt` (moved by a step-up) or, on a row that
 * predates it, `createdAt` (every sign-in makes a new row, so that is when its user signed in).
 * Null when the adapter keeps neither.
 */
export function authenticationOfDatabaseSession(session: AdapterSession): SessionAuthentication | null {
  const at = session.authenticatedAt ?? session.createdAt
  if (!at) return null
  const time = new Date(at).valueOf()
  if (!Number.isFinite(time)) return null
  return sessionAuthentication(Math.floor(time / 1000), session.authenticationMethods ?? [])
}

/** The `authentication` field for the session handed to the session callback: absent when unknown, so old sessions look as before. */
export function withAuthentication(authentication: SessionAuthentication | null): { authentication?: SessionAuthentication } {
  return authentication ? { authentication } : {}
}

/** Who is signed in on the request, and how recently they proved it (null: a session that never recorded it). */
export interface CurrentAuthentication {
  owner: SessionOwner
  authentication: SessionAuthentication | null
  /** How the user is named to them (address, else name): the account label in an authenticator app. */
  label: string | undefined
}
