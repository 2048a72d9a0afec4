import type { AdapterSession, AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { clearSessionCookie, writeSessionCookie } from "../http/session-chunks.js"
import type { JWT } from "../jwt/types.js"
import type { Account, Cookie, Profile, User } from "../shared-types.js"
import { rememberUnverifiedOwner } from "./unverified-owner-checks.js"
import { type AuthenticationMark, keepTokenMarks, markAuthentication, markCredentialsToken, markUnverifiedToken } from "./token-marks.js"

interface SignedIn {
  user: User | AdapterUser
  account: Account | null
  profile?: Profile
  isNewUser?: boolean
  /** The database session created at sign-in, for the database strategy. */
  databaseSession?: AdapterSession | null
  /** When and how the user proved who they are, marked in the token (`auth_time`, `amr`). */
  authentication: AuthenticationMark
}

/**
 * The session cookie(s) for a user who just signed in: a fresh JWT (after the jwt callback,
 * trigger "signIn" or "signUp") or the new database session's token. Always a new value, so a
 * token planted before sign-in never becomes the session (no fixation).
 */
export async function startSession(
  signedIn: SignedIn,
  cookies: Record<string, string>,
  options: InternalOptions,
  forceJwt = false,
): Promise<Cookie[]> {
  const cookie = options.cookies.sessionToken
  if (options.session.strategy === "database" && !forceJwt) {
    const session = signedIn.databaseSession!
    const expires = new Date(session.expires)
    const written = writeSessionCookie(cookies, cookie, session.sessionToken, expires, options.session.maxCookieChunks)
    // Federated sign-out (FederatedSignOut()) remembers which provider account the session began with.
    const identityProvider = await options.federatedSignOut?.sessionCookie(signedIn.account, session.sessionToken, expires, options)
    return identityProvider ? [...written, identityProvider] : written
  }
  const { user, account, profile, isNewUser } = signedIn
  const returned = await options.callbacks.jwt({
    token: { name: user.name, email: user.email, picture: user.image, sub: user.id?.toString() },
    user,
    account,
    profile,
    isNewUser,
    trigger: isNewUser ? "signUp" : "signIn",
  })
  if (returned === null) return clearSessionCookie(cookies, cookie)
  // Only sign-in sets marks, below: none the callback added (from a profile it copied, say) is kept.
  const token = keepTokenMarks({}, returned)
  const expires = new Date(Date.now() + options.session.maxAge * 1000)
  const marked = markAuthentication(markedToken(token, user, account, options), signedIn.authentication)
  // Recorded where its owner's sessions are, when the adapter or session.store carries session records.
  const records = options.sessionRecords
  const recorded = records ? await records.recordJwtSession(marked, user, account, expires, options) : marked
  // Only once the new session is recorded: a sign-in that fails must not end the session the browser still holds.
  await records?.endPreviousJwtSession(cookies, options)
  const value = await options.jwt.encode({ ...options.jwt, token: recorded, salt: cookie.name })
  return writeSessionCookie(cookies, cookie, value, expires, options.session.maxCookieChunks)
}

/**
 * With an adapter, the token is marked (session-cookie/token-marks.ts) when its `sub` could be mistaken
 * for an adapter user (a credentials sign-in), or when its user's address is unverified.
 */
function markedToken(token: JWT, user: User | AdapterUser, account: Account | null, options: InternalOptions): JWT {
  const withIdentityProvider = options.federatedSignOut?.markToken(token, account, options) ?? token
  const marked = markUpstreamTokens(withIdentityProvider, account, options)
  return withAdapterMarks(marked, user, account, options)
}

function withAdapterMarks(token: JWT, user: User | AdapterUser, account: Account | null, options: InternalOptions): JWT {
  if (!options.adapter) return token
  if (account?.type === "credentials") {
    const provider = options.provider as { authorizeReturnsAdapterUserId?: boolean }
    return provider.authorizeReturnsAdapterUserId ? token : markCredentialsToken(token, account.provider)
  }
  const unverified = "emailVerified" in user && !user.emailVerified
  if (!unverified) return token
  // Just signed in as that user: this process need not ask again within the interval.
  if (user.id !== undefined && user.id !== null) rememberUnverifiedOwner({ id: String(user.id), email: user.email ?? "" }, options)
  return markUnverifiedToken(token, user.email)
}

/** The provider's tokens, for `getAccessToken` to refresh: only with `tokenRefresh: TokenRefresh()`, which brings the mark. */
function markUpstreamTokens(token: JWT, account: Account | null, options: InternalOptions): JWT {
  return options.tokenRefresh ? options.tokenRefresh.markSignInTokens(token, account, options) : token
}
