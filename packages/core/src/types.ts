/** Public types of Gatehouse, shaped like `@auth/core/types`. */
import type { Adapter, AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser } from "./adapters.js"
import type { JWT, JWTOptions } from "./jwt.js"
import type { CredentialInput, Provider, ProviderType } from "./providers/types.js"
import type { ErrorType } from "./errors.js"

export type { ErrorType } from "./errors.js"
export type { ProviderType } from "./providers/types.js"

export type Awaitable<T> = T | PromiseLike<T>
export type Awaited<T> = T extends PromiseLike<infer U> ? U : T

/** The nine actions served under `basePath`. */
export type AuthAction =
  | "callback"
  | "csrf"
  | "error"
  | "providers"
  | "session"
  | "signin"
  | "signout"
  | "verify-request"
  | "webauthn-options"

export interface User {
  id?: string
  name?: string | null
  email?: string | null
  image?: string | null
}

export interface DefaultSession {
  user?: User
  expires: string
}

/** What `GET /session` returns to the client (shape set by the `session` callback). */
export interface Session extends DefaultSession {}

export interface Profile {
  id?: string | null
  sub?: string | null
  name?: string | null
  given_name?: string | null
  family_name?: string | null
  middle_name?: string | null
  nickname?: string | null
  preferred_username?: string | null
  profile?: string | null
  picture?: any
  website?: string | null
  email?: string | null
  email_verified?: boolean | null
  gender?: string | null
  birthdate?: string | null
  zoneinfo?: string | null
  locale?: string | null
  phone_number?: string | null
  updated_at?: Date | string | number | null
  address?: {
    formatted?: string | null
    street_address?: string | null
    locality?: string | null
    region?: string | null
    postal_code?: string | null
    country?: string | null
  } | null
  [claim: string]: unknown
}

/** The token endpoint's response, as stored on an Account. */
export interface TokenSet {
  access_token?: string
  id_token?: string
  refresh_token?: string
  expires_in?: number
  expires_at?: number
  scope?: string
  token_type?: Lowercase<string>
  authorization_details?: unknown[]
  [key: string]: unknown
}

export interface Account extends TokenSet {
  provider: string
  providerAccountId: string
  type: ProviderType
  userId?: string
}

export interface Authenticator {
  userId?: string
  providerAccountId: string
  counter: number
  credentialBackedUp: boolean
  credentialID: string
  credentialPublicKey: string
  transports?: string | null
  credentialDeviceType: string
}

export interface Theme {
  colorScheme?: "auto" | "dark" | "light"
  logo?: string
  brandColor?: string
  buttonText?: string
}

/** What a `locale` function sees of the request: enough to read a cookie, a path prefix or a header. */
export interface LocaleRequest {
  url: URL
  headers: Headers
  cookies: Record<string, string>
}

/**
 * The built-in pages' language: a tag ("de", "pt-BR"), or a function of the request returning
 * one (or nothing, to follow Accept-Language). A language without a catalogue falls back to
 * Accept-Language, then English.
 */
export type LocaleOption = string | ((request: LocaleRequest) => string | null | undefined)

export interface PagesOptions {
  signIn: string
  signOut: string
  error: string
  verifyRequest: string
  newUser: string
}

export interface CookieOption {
  name: string
  options: CookieSerializeOptions
}

export interface CookieSerializeOptions {
  domain?: string
  expires?: Date
  httpOnly?: boolean
  maxAge?: number
  partitioned?: boolean
  path?: string
  priority?: "low" | "medium" | "high"
  sameSite?: boolean | "lax" | "strict" | "none"
  secure?: boolean
}

export interface CookiesOptions {
  sessionToken: Partial<CookieOption>
  callbackUrl: Partial<CookieOption>
  csrfToken: Partial<CookieOption>
  pkceCodeVerifier: Partial<CookieOption>
  state: Partial<CookieOption>
  nonce: Partial<CookieOption>
  webauthnChallenge: Partial<CookieOption>
}

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

export interface LoggerInstance {
  error: (error: Error) => void
  warn: (code: WarningCode) => void
  debug: (message: string, metadata?: unknown) => void
}

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
      newSession?: any
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
    session?: any
  }) => Awaitable<JWT | null>
}

export interface EventCallbacks {
  signIn?: (message: { user: User; account?: Account | null; profile?: Profile; isNewUser?: boolean }) => Awaitable<void>
  signOut?: (
    message: { session: AdapterSession | null | void | undefined } | { token: JWT | null },
  ) => Awaitable<void>
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
}

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
}

export interface AuthConfig {
  providers: Provider[]
  secret?: string | string[]
  session?: Partial<SessionOptions>
  jwt?: Partial<JWTOptions>
  pages?: Partial<PagesOptions>
  callbacks?: CallbacksOptions
  events?: EventCallbacks
  adapter?: Adapter
  debug?: boolean
  logger?: Partial<LoggerInstance>
  theme?: Theme
  /**
   * Beyond Auth.js: pins the language of the built-in pages and the sign-in mail. Unset, it
   * follows the visitor's Accept-Language (en, de, fr, es, pt, it, nl, ja, zh, ko; else English).
   */
  locale?: LocaleOption
  useSecureCookies?: boolean
  cookies?: Partial<CookiesOptions>
  trustHost?: boolean
  skipCSRFCheck?: typeof import("./symbols.js").skipCSRFCheck
  raw?: typeof import("./symbols.js").raw
  redirectProxyUrl?: string
  /**
   * Beyond Auth.js: the origins this deployment, when it is the redirect proxy, hands OAuth
   * callbacks on to, e.g. `["https://preview.example.com", "https://*.preview.example.com"]`
   * (`*.` matches any subdomain). Nothing listed: it hands on to no other origin. Default:
   * AUTH_REDIRECT_PROXY_ALLOWED_ORIGINS (comma- or space-separated).
   */
  redirectProxyAllowedOrigins?: string[]
  experimental?: { enableWebAuthn?: boolean }
  basePath?: string
  /**
   * Limits sign-in attempts per client IP and per account (beyond Auth.js). On by default when
   * `NODE_ENV` is "production"; `false` turns it off, an object turns it on and tunes it.
   */
  rateLimit?: false | RateLimitOptions
}

/** A counter's state after one more attempt was counted. */
export interface RateLimitHit {
  /** Attempts counted in the current window, this one included. */
  count: number
  /** When the current window ends, in milliseconds since the epoch. */
  resetAt: number
}

/**
 * Where rate-limit counters live. `hit` counts one attempt against `key` in a fixed window of
 * `windowMs` that starts at the key's first attempt, atomically (several machines may share a
 * store). Built in: `memoryRateLimitStore()` and `redisRateLimitStore(client)` from
 * `@gatehouse/core/ratelimit`, `rateLimitStore(db)` from the SQLite and PostgreSQL adapters.
 */
export interface RateLimitStore {
  /**
   * `limit` is the rule's limit, for stores that must choose what to forget (the memory store
   * never forgets a counter over it). A store that cannot take a new key answers `count:
   * Infinity`, which the limiter refuses until `resetAt`.
   */
  hit(key: string, windowMs: number, limit?: number): Awaitable<RateLimitHit>
}

/** At most `limit` attempts per `window` seconds. */
export interface RateLimitRule {
  limit: number
  window: number
}

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
export interface ResponseInternal<Body extends string | Record<string, any> | any[] | null = any> {
  status?: number
  headers?: Record<string, string>
  body?: Body
  redirect?: string
  cookies?: Cookie[]
}

export interface Cookie extends CookieOption {
  value: string
}

export interface WebAuthnOptionsResponseBody {
  action: "authenticate" | "register"
  options: unknown
}

export type { Adapter, AdapterSession, AdapterUser }
export type { JWT, JWTOptions }
export type { Provider }
export type { ErrorType as AuthErrorType }
