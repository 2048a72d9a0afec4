import type { SessionAuthentication } from "./session-authentication.js"

/** What a sensitive action asks of the session's sign-in. */
export interface RecentAuthenticationNeed {
  /** The sign-in may be at most this many seconds old. Default: `session.freshAge` (600) where core applies it; none here. */
  maxAge?: number
  /** The sign-in must have included a second factor (or a passkey, which is two). */
  secondFactor?: boolean
}

/** Why a session does not meet the need: nobody signed in, a sign-in too old (or of unknown age), or a single factor. */
export type RecentAuthenticationRefusal = "no-session" | "too-old" | "second-factor"

/**
 * What `checkRecentAuthentication` answers: the session's sign-in when it is recent and strong enough,
 * otherwise why not.
 */
export type RecentAuthenticationCheck =
  | { ok: true; authentication: SessionAuthentication }
  | { ok: false; reason: RecentAuthenticationRefusal }

/**
 * Whether a session's sign-in is recent enough (and strong enough) for a sensitive action. Takes
 * the session as `GET /session` or an integration's helper returns it (its `authentication`), or
 * the authentication itself. Fails closed: a session without `authentication` (an app's session
 * callback removed it, or the session predates it) is refused as too old; so is a sign-in
 * timestamped in the future beyond a minute's clock skew.
 *
 * This reads what the session shows; Gatehouse's own endpoints and `requireRecentAuthentication`
 * read the session cookie itself, which no callback can change.
 */
export function checkRecentAuthentication(
  session: { authentication?: SessionAuthentication | null } | SessionAuthentication | null | undefined,
  need: RecentAuthenticationNeed = {},
  now: number = Date.now(),
): RecentAuthenticationCheck {
  if (!session) return { ok: false, reason: "no-session" }
  const authentication =
    "time" in session && "methods" in session ? session : (session as { authentication?: SessionAuthentication | null }).authentication
  if (!authentication) return { ok: false, reason: "too-old" }
  const time = Date.parse(authentication.time)
  if (!Number.isFinite(time) || time > now + clockSkewMs) return { ok: false, reason: "too-old" }
  if (need.maxAge !== undefined && now - time > need.maxAge * 1000) return { ok: false, reason: "too-old" }
  if (need.secondFactor && authentication.mfa !== true) return { ok: false, reason: "second-factor" }
  return { ok: true, authentication }
}

const clockSkewMs = 60_000
