/** Provider configuration types, shaped like Auth.js's so existing provider configs type-check. */
import type { BrandMark } from "./brand-marks/brand-mark.js"
import type { Account, Awaitable, Profile, ProviderType, Theme, TokenSet, User } from "../primitives.js"
import type { customFetch } from "../symbols.js"
import type { WebAuthnProviderConfig } from "./webauthn.js"
import type { PasswordConfig } from "../passwords/password-config.js"

export type { ProviderType }

export interface CommonProviderOptions {
  id: string
  name: string
  type: ProviderType
}

/** One input of the credentials form: any HTML input attribute, plus a label. */
export interface CredentialInput {
  label?: string
  type?: string
  value?: string
  placeholder?: string
  [attribute: string]: unknown
}

export interface CredentialsConfig<Credentials extends Record<string, CredentialInput> = Record<string, CredentialInput>>
  extends CommonProviderOptions {
  type: "credentials"
  credentials: Credentials
  /**
   * Returns the user for these credentials, or null (or throws CredentialsSignin) to refuse.
   * With database sessions its `id` names a `credentials` account, not an adapter user (see below);
   * an `emailVerified` date (or `true`) on it vouches that the person owns its e-mail address.
   */
  authorize: (
    credentials: Partial<Record<keyof Credentials, unknown>>,
    request: Request,
  ) => Awaitable<(User & { emailVerified?: Date | boolean | null }) | null>
  /**
   * Database sessions only (beyond Auth.js). `authorize` returns users of the adapter's own user
   * table, so its `id` is the adapter user id to sign in as. Without it the id names a
   * `credentials` account and a first sign-in creates a new user. Risk: if the ids come from any
   * other table, a user signs in as whichever adapter user shares the number (on PostgreSQL app
   * user 1 becomes adapter user 1).
   */
  authorizeReturnsAdapterUserId?: boolean
  /**
   * Database sessions only (beyond Auth.js). A first sign-in whose e-mail address belongs to a
   * stored user joins that user instead of being refused, but only when `authorize` vouches for the
   * address (`emailVerified` on the user it returns); a stored user whose address was never
   * verified first loses its accounts, passkeys and sessions, as at an e-mail sign-in. Risk: whoever `authorize` accepts with an
   * address gets that address's user, so `authorize` must really have verified it.
   */
  allowDangerousEmailAccountLinking?: boolean
}

export type CredentialsProviderType = "Credentials"

type UrlParams = Record<string, unknown>

/** As Auth.js's: the context and result default to `any`, so a bare `EndpointHandler` annotation still takes any `request`. */
// biome-ignore lint/suspicious/noExplicitAny: public API kept as Auth.js's (see above); the concrete handlers below type both.
export interface EndpointHandler<P extends UrlParams = UrlParams, C = any, R = any> {
  url?: string | URL
  params?: P
  request?: (context: C) => Awaitable<R>
  conform?: (response: Response) => Awaitable<Response | undefined>
  /** Set by the provider to read the client's private key for `private_key_jwt`. */
  clientPrivateKey?: unknown
}

export type AuthorizationEndpointHandler = string | EndpointHandler<UrlParams>
export type TokenEndpointHandler =
  | string
  | EndpointHandler<UrlParams, { params: UrlParams; checks: unknown; provider: OAuthConfigInternal }, { tokens: TokenSet }>
export type UserinfoEndpointHandler = string | EndpointHandler<UrlParams, { tokens: TokenSet; provider: OAuthConfigInternal }, Profile>

export interface OAuthClientOptions {
  token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post" | "client_secret_jwt" | "private_key_jwt" | "none"
  [key: string]: unknown
}

export type OAuthCheck = "pkce" | "state" | "none" | "nonce"

export interface OAuthProviderButtonStyles {
  /**
   * Beyond Auth.js: the mark the built-in sign-in page draws inline on the button (no third-party
   * request). Catalogue providers carry their brand's; a custom provider may set one.
   */
  mark?: BrandMark
  logo?: string
  bg?: string
  brandColor?: string
  text?: string
}

export interface OAuth2Config<P = Profile> extends CommonProviderOptions, PartialIssuer {
  type: "oauth"
  authorization?: AuthorizationEndpointHandler
  token?: TokenEndpointHandler
  userinfo?: UserinfoEndpointHandler
  wellKnown?: string
  jwks_endpoint?: string
  checks?: OAuthCheck[]
  clientId?: string
  clientSecret?: string
  client?: OAuthClientOptions
  profile?: (profile: P, tokens: TokenSet) => Awaitable<User>
  account?: (tokens: TokenSet) => Partial<Account> | undefined | void
  idToken?: boolean
  style?: OAuthProviderButtonStyles
  allowDangerousEmailAccountLinking?: boolean
  redirectProxyUrl?: string
  /**
   * Sign out of the provider too (OpenID Connect RP-Initiated Logout): `true` makes every sign-out
   * of a session begun with this provider federated; `"on-request"` only when the sign-out asks
   * (`federated=true`). Either keeps the ID token in JWT sessions, which federated sign-out needs.
   */
  federatedSignOut?: boolean | "on-request"
  /**
   * Beyond Auth.js: `getAccessToken` refreshes this provider's access token with the refresh grant
   * when it is about to expire, race-safe (one refresh per refresh token across concurrent
   * requests and instances). Default `false`: `getAccessToken` then hands out the stored token
   * while it is valid and null after. Turning it on also keeps the tokens in the session cookie
   * of JWT sessions without an adapter (about 1–2 kB), and makes `GET /session` of adapter-backed
   * sessions look up the account to report `error: "RefreshTokenError"`. Most providers issue a
   * refresh token only when asked (the `offline_access` scope, Google's `access_type=offline`).
   */
  tokenRefresh?: boolean
  /** The provider's `end_session_endpoint`, for providers whose discovery document lacks it (or that have none). */
  endSessionEndpoint?: string
  /** The user's overrides, merged over the defaults by core. */
  options?: OAuthUserConfig<P>
  [customFetch]?: typeof fetch
}

export interface OIDCConfig<P = Profile> extends Omit<OAuth2Config<P>, "type" | "checks" | "options"> {
  type: "oidc"
  checks?: OAuthCheck[]
  options?: OAuthUserConfig<P>
}

interface PartialIssuer {
  issuer?: string
}

export type OAuthConfig<P = Profile> = OAuth2Config<P> | OIDCConfig<P>

/**
 * What every catalogue provider's profile extends: the claims it does not declare. They are `any`,
 * so an app's `profile()` reads a custom claim (`profile.role ?? "user"`) without a cast, as it
 * did with the Auth.js provider it replaces (test/package-surface/types.test.ts holds this).
 */
export interface ProviderClaims {
  // biome-ignore lint/suspicious/noExplicitAny: public API: an undeclared claim reads without a cast (see above); the one place profiles say so.
  [claim: string]: any
}

/** The standard OpenID Connect claims plus whatever else the provider sends (see ProviderClaims). */
export interface ClaimsProfile extends Profile {
  [claim: string]: ProviderClaims[string]
}

/** What a user passes to a catalogue provider: every field optional. */
export type OAuthUserConfig<P = Profile> = Omit<Partial<OAuth2Config<P>>, "options" | "type">

/** An OAuth provider after core merged defaults and user options. */
export type OAuthConfigInternal<P = Profile> = Omit<OAuthConfig<P>, "authorization" | "token" | "userinfo" | "options"> & {
  authorization?: { url: URL; params?: UrlParams }
  token?: {
    url: URL
    params?: UrlParams
    request?: EndpointHandler["request"]
    conform?: EndpointHandler["conform"]
    clientPrivateKey?: unknown
  }
  userinfo?: { url: URL; params?: UrlParams; request?: EndpointHandler["request"] }
  signinUrl: string
  callbackUrl: string
  checks: OAuthCheck[]
  profile: (profile: P, tokens: TokenSet) => Awaitable<User>
  account: (tokens: TokenSet) => Partial<Account> | undefined | void
}

/** What `sendVerificationRequest` is given: Auth.js's fields, plus Gatehouse's one-time `code`. */
export interface SendVerificationRequestParams {
  /** The normalized, validated address to send to. */
  identifier: string
  /** The magic link. */
  url: string
  expires: Date
  provider: EmailConfig
  /** The raw token inside the link (only its hash is stored). */
  token: string
  /**
   * The one-time code to print in the mail (formatted `ABCD-EFGH`), for signing in on another
   * device; undefined when the provider sets `signInCode: false`.
   */
  code?: string
  theme: Theme
  /**
   * Gatehouse: the language the sign-in pages are shown in for this request ("de", "ja", …;
   * see the `locale` config option); the built-in senders write the mail in it.
   */
  locale: string
  request: Request
}

export interface EmailConfig extends CommonProviderOptions {
  type: "email"
  from?: string
  /** Seconds a link (and its code) stays valid; default 24 hours. */
  maxAge?: number
  server?: unknown
  apiKey?: string
  /** Overrides the config secret when hashing this provider's tokens. */
  secret?: string
  sendVerificationRequest: (params: SendVerificationRequestParams) => Awaitable<void>
  generateVerificationToken?: () => Awaitable<string>
  normalizeIdentifier?: (identifier: string) => string
  /**
   * Gatehouse: opening the link signs in at once (Auth.js's behaviour). Default false: the link
   * opens a confirmation page and only its button signs in, so mail scanners that fetch links do
   * not use them up.
   */
  consumeOnGet?: boolean
  /**
   * Gatehouse: put a short one-time code in the mail, which the verify-request page accepts.
   * Default true; set false when your own `sendVerificationRequest` does not show `params.code`.
   */
  signInCode?: boolean
  /**
   * Gatehouse: code attempts allowed per address in each window (the code's lifetime, at most 15
   * minutes) before codes for that address are refused until the window ends. New mails do not
   * renew them; each new mail supersedes the codes of earlier ones. Default 5.
   */
  maxCodeAttempts?: number
  options?: Partial<EmailConfig>
}

/** A WebAuthn (passkey) provider: defined beside its factory in ./webauthn.ts. */
export type WebAuthnConfig = WebAuthnProviderConfig
export type { PasswordConfig, PasswordMail } from "../passwords/password-config.js"

/**
 * Where Auth.js's provider types say `any`, so do these: the profile type of a config whose
 * profile type is not known where it is used (one `providers` array holds OAuth configs of every
 * profile type, and `profile()` takes its own provider's, so no one named type fits them all; an
 * inline `profile(profile)` reads the claims it needs), and the options of a factory in the array.
 */
// biome-ignore lint/suspicious/noExplicitAny: public API kept as Auth.js's `Provider<P = any>` (see above); ProviderConfig and Provider say it through this name.
type ProviderAny = any

export type ProviderConfig = OAuthConfig<ProviderAny> | EmailConfig | CredentialsConfig | WebAuthnConfig | PasswordConfig

/** An entry of `config.providers`: a config object, or a factory called with no options. */
export type Provider<P extends Profile = ProviderAny> = ProviderConfig | ((options?: ProviderAny) => ProviderConfig) | OAuthConfig<P>
