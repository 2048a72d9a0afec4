import type { AdapterUser } from "../adapters.js"
import type { JWT } from "../jwt/types.js"

/**
 * Claims that say which adapter user, if any, a JWT session may be read as, when an adapter is
 * configured. The app's jwt callback may rebuild the token from scratch; the marks are kept anyway
 * (keepTokenMarks), so no callback can drop them by accident.
 *
 * - `gatehouse.credentials` (the provider's id): minted by a credentials sign-in, whose `sub` is
 *   `authorize`'s id, not an adapter user id (an app's user 1 is not the adapter's user 1). Such a
 *   token names no adapter user: linking an account or adding a passkey treats it as signed out.
 * - `gatehouse.unverified` (`{ email }`, or true in tokens minted before it carried the address):
 *   minted for an adapter user whose address nobody had proven.
 *   If the address's owner proves it later, the user is kept (its attachments removed, see
 *   login/owner-of-proven-address.ts) but a token minted before that may be an impostor's: once
 *   the user is verified, such a token is no longer that user (see readJwtSession and currentUser).
 *   The address is carried so that the check needs nothing but the user: it is made once per
 *   revocation interval (session-cookie/unverified-owner-checks.ts), not on every read, and a read where
 *   the database cannot be reached (Next middleware) does not sign a new passkey user out.
 * - `gatehouse.idp` (`{ provider, idToken? }`): minted by a sign-in with a provider whose
 *   `federatedSignOut` is set, so that sign-out can end the session at the provider too.
 * - `gatehouse.tokens` (access-token/cookie-tokens.ts): the provider's tokens, for a sign-in
 *   without an adapter with a provider whose `tokenRefresh` is on, so `getAccessToken` can refresh.
 * - `gatehouse.sid` (random hex): the session's id, kept for the session's whole life, when the
 *   sign-in recorded it in an adapter that manages sessions (see sessions/jwt-session-record.ts).
 *   Its row's absence means the session was revoked.
 * - `auth_time` (seconds) and `amr` (RFC 8176 method values), the OpenID Connect claims: when and how
 *   the user last proved who they are (step-up/session-authentication.ts). A mark, so that no
 *   callback (nor an update's data copied into the token) can make a session look freshly signed in.
 */
const credentialsClaim = "gatehouse.credentials"
const unverifiedClaim = "gatehouse.unverified"
const identityProviderClaim = "gatehouse.idp"
export const upstreamTokensClaim = "gatehouse.tokens"
const sessionIdClaim = "gatehouse.sid"
const authTimeClaim = "auth_time"
const methodsClaim = "amr"
const marks = [
  credentialsClaim,
  unverifiedClaim,
  identityProviderClaim,
  upstreamTokensClaim,
  sessionIdClaim,
  authTimeClaim,
  methodsClaim,
] as const

/** When (seconds since the epoch) and how (RFC 8176 `amr` values) a session's user last signed in. */
export interface AuthenticationMark {
  authTime: number
  methods: string[]
}

/** The token of a sign-in, marked with when and how the user proved who they are (see above). */
export function markAuthentication(token: JWT, mark: AuthenticationMark): JWT {
  return { ...token, [authTimeClaim]: mark.authTime, [methodsClaim]: [...mark.methods] }
}

/** When and how the token's user signed in, or undefined for a token minted without the mark (by Auth.js, or before it existed). */
export function authenticationMarkOf(token: JWT | null | undefined): AuthenticationMark | undefined {
  const authTime = token?.[authTimeClaim]
  if (typeof authTime !== "number" || !Number.isFinite(authTime)) return undefined
  const methods = token?.[methodsClaim]
  return { authTime, methods: Array.isArray(methods) ? methods.filter((method) => typeof method === "string") : [] }
}

/** Which provider a JWT session was signed in with, and the ID token it issued. */
export interface IdentityProviderMark {
  provider: string
  idToken?: string
}

/** The token of a credentials sign-in, marked (see above). */
export function markCredentialsToken(token: JWT, providerId: string): JWT {
  return { ...token, [credentialsClaim]: providerId }
}

/** The token of a sign-in into an adapter user whose address was not verified, marked (see above). */
export function markUnverifiedToken(token: JWT, email?: string | null): JWT {
  return { ...token, [unverifiedClaim]: typeof email === "string" && email.length > 0 ? { email } : true }
}

/** The address a token minted for an unverified user was minted for (none in older tokens). */
export function unverifiedAddressOf(token: JWT | null | undefined): string | undefined {
  const mark = token?.[unverifiedClaim] as { email?: unknown } | undefined
  return typeof mark === "object" && mark !== null && typeof mark.email === "string" ? mark.email : undefined
}

/** The token of a sign-in with a provider that has federated sign-out, marked (see above). */
export function markIdentityProvider(token: JWT, mark: IdentityProviderMark): JWT {
  return { ...token, [identityProviderClaim]: mark }
}

/** The provider (and ID token) a JWT session was signed in with, when it was marked. */
export function identityProviderOf(token: JWT | null | undefined): IdentityProviderMark | undefined {
  const mark = token?.[identityProviderClaim] as Partial<IdentityProviderMark> | undefined
  if (typeof mark?.provider !== "string") return undefined
  return { provider: mark.provider, ...(typeof mark.idToken === "string" ? { idToken: mark.idToken } : {}) }
}

/** The token of a sign-in recorded as session `sid`, marked (see above). */
export function markSessionId(token: JWT, sid: string): JWT {
  return { ...token, [sessionIdClaim]: sid }
}

/** The recorded session id of a JWT session, when it has one (tokens from Auth.js, or minted without a managing adapter, do not). */
export function sessionIdOf(token: JWT | null | undefined): string | undefined {
  const sid = token?.[sessionIdClaim]
  return typeof sid === "string" && sid.length > 0 ? sid : undefined
}

/** Whether the token came from a credentials sign-in, so its `sub` names no adapter user. */
export function isCredentialsToken(token: JWT | null | undefined): boolean {
  return typeof token?.[credentialsClaim] === "string"
}

/** The credentials provider whose `authorize` minted the token's `sub`, when it is such a token. */
export function credentialsProviderOf(token: JWT | null | undefined): string | undefined {
  const provider = token?.[credentialsClaim]
  return typeof provider === "string" ? provider : undefined
}

/** Whether the token was minted while its user's address was unverified. */
export function isUnverifiedToken(token: JWT | null | undefined): boolean {
  return token?.[unverifiedClaim] === true || unverifiedAddressOf(token) !== undefined
}

/**
 * Whether a token minted while its user was unverified still belongs to `user`: not once the
 * user is verified (its owner proved the address after the token was minted) or gone, nor when
 * the user's address is no longer the one the token was minted for (`address`, when it carries one).
 */
export function unverifiedTokenStillValid(user: AdapterUser | null, address?: string): boolean {
  if (!user || user.emailVerified) return false
  return address === undefined || (typeof user.email === "string" && user.email.toLowerCase() === address.toLowerCase())
}

/**
 * The marks a token carries now, apart from the token: what keepTokenMarks compares a callback's
 * answer with, taken before the callback runs, since a callback may change the token in place
 * (`Object.assign(token, session)` would otherwise plant a mark that then looks like the old one).
 */
export function tokenMarksOf(token: JWT): JWT {
  const kept: JWT = {}
  for (const mark of marks) if (token[mark] !== undefined) kept[mark] = token[mark]
  return kept
}

/**
 * The jwt callback's new token, carrying exactly the old one's marks: a callback that rebuilds the
 * token must not drop them, and one that copies an update's data into the token (`{ ...token,
 * ...session }`) must not add one (a `gatehouse.tokens` of the client's choosing, say). Only
 * sign-in sets marks.
 */
export function keepTokenMarks(before: JWT, after: JWT): JWT {
  let kept = after
  for (const mark of marks) {
    if (before[mark] !== undefined && after[mark] !== before[mark]) kept = { ...kept, [mark]: before[mark] }
    else if (before[mark] === undefined && after[mark] !== undefined) {
      const { [mark]: _added, ...rest } = kept
      kept = rest
    }
  }
  return kept
}

/** The `gatehouse.tokens` mark: the provider's tokens for the account the session was signed in with. */
export interface UpstreamTokens {
  provider: string
  providerAccountId: string
  access_token?: string
  refresh_token?: string
  /** Seconds since the epoch. */
  expires_at?: number
  /** Set once the provider refused the refresh token; the tokens are gone then. */
  error?: "RefreshTokenError"
}

/** The session token's `gatehouse.tokens` mark, when it carries one. */
export function upstreamTokensOf(token: JWT | null | undefined): UpstreamTokens | undefined {
  const mark = token?.[upstreamTokensClaim] as UpstreamTokens | undefined
  return typeof mark?.provider === "string" && typeof mark.providerAccountId === "string" ? mark : undefined
}
