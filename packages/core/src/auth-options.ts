/**
 * The types of AuthConfig's options (session, callbacks, events, pages, logger, rate limits), the
 * session they shape, and what an action answers; and the symbols that mark or key parts of a
 * config (at the end). A leaf: it imports only types of other leaves, so the provider types and
 * `InternalOptions` can use it without a circle back through `types.ts`, which re-exports its types.
 */

import type {
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  OwnedSessionMethods,
  SessionRecordsCarrier,
} from "./adapters.js"
import type { JWT } from "./jwt/types.js"
import type { PageLocale } from "./pages/page-locale.js"
import type { SessionAuthentication } from "./step-up/session-authentication.js"
import type { Account, Awaitable, Cookie, CredentialInput, Profile, RateLimitStore, User } from "./shared-types.js"

/**
 * The session every app gets before its `session` callback changes it: the user's name, e-mail and
 * image, and when it expires.
 */
export interface DefaultSession {
  user?: User
  expires: string
  /**
   * Beyond Auth.js's type (its refresh recipe sets it by hand): `"RefreshTokenError"` once the
   * provider refused the refresh token of a provider with `tokenRefresh` (docs/access-tokens.md).
   */
  error?: "RefreshTokenError"
  /**
   * Beyond Auth.js: when and how the user last proved who they are (docs/step-up.md): `time` (ISO),
   * `methods` (RFC 8176 `amr` values) and `mfa`. The default session callback keeps it; an app's
   * own callback decides whether to.
   */
  authentication?: SessionAuthentication
}

/** What `GET /session` returns to the client (shape set by the `session` callback). */
export interface Session extends DefaultSession {}

/**
 * Your own pages instead of the built-in ones (paths on your site); each gets the same query
 * parameters the built-in page would.
 */
export interface PagesOptions {
  signIn: string
  /** Beyond Auth.js: the app's own second-factor page (challenge and enrolment); default the built-in `{basePath}/second-factor`. */
  secondFactor: string
  /** Beyond Auth.js: the app's own account page (docs/account.md); default the built-in `{basePath}/account`. */
  account: string
  signOut: string
  error: string
  verifyRequest: string
  newUser: string
  /**
   * Beyond Auth.js: the languages the built-in pages and sign-in mails speak besides English, e.g.
   * `[fr, de]` from `@gatehouse/core/locales/fr` and `…/de`, `locales` from `@gatehouse/core/locales`
   * for all of them, or an app's own `{ lang, messages }`. The visitor's Accept-Language (or `locale`)
   * chooses among them; English otherwise. Only these are bundled (docs/pages.md).
   */
  locales: readonly PageLocale[]
}

/**
 * The codes of the warnings Gatehouse logs (`[gatehouse][warn][<code>]`); each has a heading in
 * docs/errors.md.
 */
export type WarningCode =
  | "debug-enabled"
  | "csrf-disabled"
  | "env-url-basepath-redundant"
  | "env-url-basepath-mismatch"
  | "experimental-webauthn"
  | "short-secret"
  | "rate-limit-without-client-ip"
  | "adapter-without-remove-user-attachments"
  | "passkey-challenges-per-process"
  | "token-refresh-per-process"
  | "session-store-per-process"

/**
 * Where errors, warnings and debug messages go (`logger` in the config); the default prints them to
 * the console.
 */
export interface LoggerInstance {
  error: (error: Error) => void
  warn: (code: WarningCode) => void
  /**
   * Debug lines (with `debug: true`, or whenever the app brings this level). Unlike Auth.js,
   * `metadata` arrives with secret values (tokens, codes, verifiers, passwords…) replaced by `[redacted]`.
   */
  debug: (message: string, metadata?: unknown) => void
}

/**
 * What the client sent with `update(data)`, as the `session` callback (`newSession`) and the `jwt`
 * callback (`session`, trigger "update") receive it: whatever the app posts, unchecked. `any`, as
 * in Auth.js (and next-auth 4), so the documented `token.name = session.name` compiles without a
 * cast; the app must validate it before trusting it.
 */
// biome-ignore lint/suspicious/noExplicitAny: public API kept as Auth.js's (see above); both callbacks and the next-auth 4 layer say it through this name.
export type SessionUpdateData = any

/**
 * The app's say in a sign-in: allow or refuse it (`signIn`), where to send the browser (`redirect`),
 * what the session token (`jwt`) and the session (`session`) hold, and whether a request may pass
 * (`authorized`).
 */
export interface CallbacksOptions<P = Profile, A = Account> {
  signIn?: (params: {
    user: User | AdapterUser
    account: A | null
    profile?: P
    email?: { verificationRequest?: boolean }
    credentials?: Record<string, CredentialInput>
  }) => Awaitable<boolean | string>
  redirect?: (params: { url: string; baseUrl: string }) => Awaitable<string>
  /** `token` is set with the jwt strategy, `user` with the database strategy (as in Auth.js's typing). */
  session?: (
    params: { session: Session & Partial<AdapterSession>; token: JWT; user: AdapterUser } & {
      newSession?: SessionUpdateData
      trigger?: "update"
    },
  ) => Awaitable<Session | DefaultSession>
  jwt?: (params: {
    token: JWT
    user: User | AdapterUser
    account?: A | null
    profile?: P
    trigger?: "signIn" | "signUp" | "update"
    isNewUser?: boolean
    session?: SessionUpdateData
  }) => Awaitable<JWT | null>
}

/**
 * Notifications after something happened (sign-in, sign-out, a user created or updated, an account
 * linked…); their answer changes nothing.
 */
export interface EventCallbacks {
  signIn?: (message: {
    user: User
    account?: Account | null
    profile?: Profile
    isNewUser?: boolean
    /** Beyond Auth.js: the second factor that completed the sign-in, when there was one. */
    secondFactor?: "totp" | "backup-code" | "passkey"
  }) => Awaitable<void>
  signOut?: (message: { session: AdapterSession | null | void | undefined } | { token: JWT | null }) => Awaitable<void>
  createUser?: (message: { user: User }) => Awaitable<void>
  updateUser?: (message: { user: User }) => Awaitable<void>
  linkAccount?: (message: { user: User | AdapterUser; account: Account; profile: User | AdapterUser }) => Awaitable<void>
  /**
   * Beyond Auth.js: the owner of an address proved it (`provider`: an e-mail sign-in, or a
   * credentials provider whose `authorize` vouched for it) while the stored user with that address
   * had never been verified. Everything that let someone sign in to that user was removed in one
   * transaction before the owner got it: `accounts` and `authenticators` (passkeys) list what went,
   * and its database sessions ended. The user, its id and the app's data under that id are kept;
   * `updateUser` follows (the user is now verified). An app that lets users add their own sign-in
   * methods may tell the owner here which ones were removed.
   */
  unverifiedAttachmentsRemoved?: (message: {
    user: AdapterUser
    accounts: AdapterAccount[]
    authenticators: AdapterAuthenticator[]
    provider: string
  }) => Awaitable<void>
  session?: (message: { session: Session; token?: JWT }) => Awaitable<void>
  /**
   * Beyond Auth.js: the signed-in user removed one of their accounts (`POST {basePath}/account/unlink`,
   * or a passkey's account with the passkey). `account` names it; no token of it is included.
   */
  unlinkAccount?: (message: {
    user: AdapterUser
    account: Pick<AdapterAccount, "provider" | "providerAccountId" | "type">
  }) => Awaitable<void>
  /** Beyond Auth.js: the signed-in user deleted their account (`POST {basePath}/account/delete`); `user` as it was. */
  deleteUser?: (message: { user: AdapterUser }) => Awaitable<void>
  /** Beyond Auth.js: `getAccessToken` refreshed the provider's access token (once per refresh, on the instance that did it). */
  tokenRefreshed?: (message: TokenRefreshEvent & { expiresAt: number | null }) => Awaitable<void>
  /**
   * Beyond Auth.js: a refresh failed. `refused: true` when the provider refused the refresh token
   * (RefreshTokenError: final, the user must sign in again), false when it may pass (AccessTokenRefreshError).
   */
  tokenRefreshFailed?: (message: TokenRefreshEvent & { error: Error; refused: boolean }) => Awaitable<void>
  /**
   * Beyond Auth.js: sessions of `userId` were revoked (docs/sessions.md). `sessionIds` are their
   * handles (SessionInfo `id`); `reason` says who asked: the user (`POST /sessions/revoke`,
   * `revokeSessions`), `revokeUserSessions` ("all-sessions"), or the identity provider.
   */
  sessionRevoked?: (message: {
    userId: string
    /** Set for an app's own user (a credentials provider's `authorize` id in `userId`): that provider's id. */
    provider?: string
    sessionIds: string[]
    reason: "user" | "all-sessions" | "backchannel-logout"
  }) => Awaitable<void>
}

/** Which account a refresh event is about. `userId` is set when an adapter keeps the account. */
export interface TokenRefreshEvent {
  provider: string
  providerAccountId: string
  userId?: string
}

/**
 * How sessions are kept: an encrypted JWT cookie or a database row, how long they last, how often they
 * are renewed and checked against revocation.
 */
export interface SessionOptions {
  strategy: "jwt" | "database"
  maxAge: number
  updateAge: number
  generateSessionToken: () => string
  /**
   * Beyond Auth.js: the most chunks (`<session cookie>.0`, `.1`, …) a request may carry; one with
   * more is refused with 400 and no Set-Cookie. Default 16 (62 kB), at most 64.
   */
  maxCookieChunks: number
  /**
   * Beyond Auth.js (JWT sessions with an adapter that manages sessions, docs/sessions.md): how
   * often, in seconds, a read asks the adapter whether its session was revoked, at most once per
   * session per process. A revoked JWT stops working on every instance within this bound; reads
   * in between make no adapter call. Default 60; 0 checks on every read.
   */
  revocationCheckInterval: number
  /**
   * Beyond Auth.js (docs/step-up.md): how recent, in seconds, a sign-in must be for a sensitive
   * action (disabling a second factor, new backup codes, revoking every session, and
   * `requireRecentAuthentication` without `maxAge`). Default 600.
   */
  freshAge: number
  /**
   * Beyond Auth.js (JWT sessions, docs/sessions.md): where JWT sessions are recorded and revoked
   * when no adapter records them: `redisSessionStore(client)` for several instances,
   * `memorySessionStore()` for one process or tests. With it, session management (GET /sessions,
   * revoking, `revokeUserSessions`) works without a database.
   */
  store?: SessionStore
}

/** Where JWT sessions are recorded without an adapter (see `session.store`). */
export type SessionStore = OwnedSessionMethods & SessionRecordsCarrier

/** One of the signed-in user's sessions, as `GET {basePath}/sessions` lists it. */
export interface SessionInfo {
  /** An opaque handle for revoking it (never the session token). */
  id: string
  /** Whether it is the session of the request that asked. */
  current: boolean
  /** ISO dates; null when unknown (a row made before the metadata columns existed). */
  createdAt: string | null
  lastSeenAt: string | null
  expires: string
  userAgent: string | null
  /** The provider it was signed in with. */
  provider: string | null
}

/** What `revokeSessions` ends: one session by its handle, all but the current one, or all. */
export type RevokeTarget = { sessionId: string } | { scope: "others" | "all" }

/** At most `limit` attempts per `window` seconds. */
export interface RateLimitRule {
  limit: number
  window: number
}

/**
 * The rate limiter of sign-in attempts (`rateLimit` in the config): where counts live, how the
 * client's address is known, the limits per address and per account.
 */
export interface RateLimitOptions {
  /** Where counters live. Default: a bounded in-memory store (one machine only). */
  store?: RateLimitStore
  /**
   * A header your own proxy sets (and overwrites) with the client's address, e.g. "x-real-ip".
   * For "x-forwarded-for" the right-most entry is used: the one your proxy appended. No header is
   * trusted unless named here. Give either this or `clientIp`.
   */
  ipHeader?: "x-real-ip" | "x-forwarded-for" | (string & {})
  /** The client's address as your platform knows it (e.g. from the socket). */
  clientIp?: (request: Request) => string | null | undefined
  /** Attempts per client IP (IPv6 by /64). Default 30 per 60 s. `false`: no per-IP limit. */
  perIp?: RateLimitRule | false
  /** Attempts per account identifier. Default 10 per 600 s. `false`: no per-account limit. */
  perAccount?: RateLimitRule | false
  /**
   * Credentials providers: the form fields that together name the account. Every one must be
   * present as text (at most 1,280 characters), or the attempt is refused before `authorize`.
   * Default: the first field declared in the provider's `credentials` that is neither
   * `type: "password"` nor named like a secret (password, passcode, otp, code, token, pin).
   * E-mail providers always key on the address as the flow reads it.
   */
  accountFields?: string[]
  /**
   * Credentials providers: the account an attempt is aimed at, when the fields alone do not say
   * (e.g. a tenant plus a username). `fields` is the parsed form (POST) or query (GET). Returning
   * nothing, or throwing, refuses the attempt before `authorize`.
   */
  accountKey?: (request: Request, fields: Record<string, unknown>) => Awaitable<string | null | undefined>
}

/** What an action hands back before it becomes a Web `Response`. */
export interface ResponseInternal<Body extends string | object | null = string | object | null> {
  status?: number
  headers?: Record<string, string>
  body?: Body
  redirect?: string
  cookies?: Cookie[]
}

/**
 * What `GET {basePath}/webauthn-options/<provider>` answers: whether the browser should register or
 * authenticate, and the options for that ceremony.
 */
export interface WebAuthnOptionsResponseBody {
  action: "authenticate" | "register"
  options: unknown
}

// The symbols of a config: markers for framework authors, a provider's fetch, and the keys under which
// the option factories (SecondFactor(), Account(), BackchannelLogout(), FederatedSignOut(), TokenRefresh()) keep their code.

/** Marks a config for framework authors: `Auth` returns the internal response instead of a `Response`. */
export const raw = Symbol("raw")
/** Marks a config for framework authors whose framework already checks the origin of form posts. */
export const skipCSRFCheck = Symbol("skip-csrf-check")
/** Provider option key: the fetch used for the provider's OAuth endpoints. */
export const customFetch = Symbol("custom-fetch")
/** Where SecondFactor() puts the libraries: a registered symbol, so every copy of core agrees on it. */
export const totpLibraryKey: unique symbol = Symbol.for("gatehouse.second-factor.totp")
/** Where `Account()` keeps the endpoints' code and their config check: apps without `account` never load either. */
export const accountKey: unique symbol = Symbol.for("gatehouse.account")

/** Where `BackchannelLogout()` keeps the route's code: apps without `backchannelLogout` never load it. */
export const backchannelLogoutKey: unique symbol = Symbol.for("gatehouse.backchannel-logout")

/** Where `FederatedSignOut()` keeps the sign-out's code: apps without `federatedSignOut` never load it. */
export const federatedSignOutKey: unique symbol = Symbol.for("gatehouse.federated-sign-out")

/** Where `TokenRefresh()` keeps the refresh code: apps without `tokenRefresh` never load it. */
export const tokenRefreshKey: unique symbol = Symbol.for("gatehouse.token-refresh")
