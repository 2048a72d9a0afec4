/**
 * The shared value types of Gatehouse: the values every other module passes around (a user, an
 * account, a cookie, an action name…). A leaf: it imports nothing, so any module can point here
 * without joining an import cycle. `types.ts` re-exports all of them as `@gatehouse/core/types`.
 */

export type Awaitable<T> = T | PromiseLike<T>
/** The value a promise resolves to (or the value itself). */
export type Awaited<T> = T extends PromiseLike<infer U> ? U : T

/** The nine actions served under `basePath`. */
export type AuthAction =
  | "backchannel-logout"
  | "callback"
  | "csrf"
  | "error"
  | "password"
  | "providers"
  | "session"
  | "sessions"
  | "signin"
  | "signout"
  | "verify-request"
  | "webauthn-options"
  | "reauthenticate"
  | "second-factor"
  | "account"

/**
 * The user as a provider or `authorize()` describes them; adapters add an id and the e-mail address's
 * verification.
 */
export interface User {
  id?: string
  name?: string | null
  email?: string | null
  image?: string | null
}

/**
 * The user's profile as an OAuth or OpenID provider returns it (the ID token's claims or the userinfo
 * answer), before `profile()` maps it to a user.
 */
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
  /**
   * As Auth.js's: `any`, since providers send a URL or an object (Facebook's `{ data: { url } }`)
   * and an app's `profile()` reads whichever its provider sends without a cast.
   */
  // biome-ignore lint/suspicious/noExplicitAny: public API kept as Auth.js's Profile (see above).
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

/** The kinds of provider, as `provider.type` and `account.type` name them. */
export type ProviderType = "oauth" | "oidc" | "email" | "credentials" | "webauthn" | "password"

export interface Account extends TokenSet {
  provider: string
  providerAccountId: string
  type: ProviderType
  userId?: string
}

/** A passkey's public record: its credential id, public key, counter and transports (Auth.js's shape). */
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

/** How the built-in pages look: colour scheme, logo, brand colour and button text colour. */
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

/** One cookie's name and attributes. */
export interface CookieOption {
  name: string
  options: CookieSerializeOptions
}

/** The attributes a cookie is written with (`Set-Cookie`). */
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

/**
 * The cookies Gatehouse writes, each with its name and attributes (`cookies` in the config overrides
 * any of them).
 */
export interface CookiesOptions {
  sessionToken: Partial<CookieOption>
  callbackUrl: Partial<CookieOption>
  csrfToken: Partial<CookieOption>
  pkceCodeVerifier: Partial<CookieOption>
  state: Partial<CookieOption>
  nonce: Partial<CookieOption>
  webauthnChallenge: Partial<CookieOption>
  /** Binds a federated sign-out's `state` to the browser until the provider sends it back. */
  signOutState: Partial<CookieOption>
  /** Database sessions of a provider with `federatedSignOut`: which account the session was signed in with. */
  identityProvider: Partial<CookieOption>
  /** A step-up under way (GET /reauthenticate): whose session is re-authenticating, and since when. */
  stepUp: Partial<CookieOption>
  /** A sign-in whose first factor is done, waiting for its second (encrypted, minutes). */
  pendingSignIn: Partial<CookieOption>
}

/** Every cookie's name and attributes, defaults and the app's `cookies` option merged. */
export type ResolvedCookies = { [K in keyof CookiesOptions]: CookieOption }

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

/** A cookie to write: name, value and attributes, as core hands them to a framework. */
export interface Cookie extends CookieOption {
  value: string
}

/** One input of the credentials form: any HTML input attribute, plus a label. */
export interface CredentialInput {
  label?: string
  type?: string
  value?: string
  placeholder?: string
  [attribute: string]: unknown
}
