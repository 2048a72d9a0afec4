/**
 * Provider configuration types, shaped like Auth.js's so existing provider configs type-check, and
 * `InternalOptions`, what core hands every action, provider callback and lazily loaded flow.
 *
 * They live in one module because they are one recursive shape: `InternalOptions` lists the
 * providers, and the WebAuthn and Password providers (like the second-factor and account modules
 * the options carry) are handed `InternalOptions` back. Split across files, that recursion was an
 * import circle tying 62 files together. This module imports only type leaves; the modules that
 * used to define these types re-export them.
 */
import type {
  GenerateAuthenticationOptionsOpts,
  GenerateRegistrationOptionsOpts,
  VerifyAuthenticationResponseOpts,
  VerifyRegistrationResponseOpts,
} from "@simplewebauthn/server"
import type { AccessToken } from "../access-token/access-token.js"
import type { Adapter, AdapterAccount, AdapterSession, AdapterUser, NewAdapterSession } from "../adapters.js"
import type {
  CallbacksOptions,
  EventCallbacks,
  LoggerInstance,
  PagesOptions,
  ResponseInternal,
  SessionOptions,
  accountKey,
  backchannelLogoutKey,
  customFetch,
  federatedSignOutKey,
  tokenRefreshKey,
  totpLibraryKey,
} from "../auth-options.js"
import type { AuthorizationServer } from "oauth4webapi"
import type { AuthError } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { FirstFactorDone } from "../login/first-factor-authentication.js"
import type { SessionOwner } from "../sessions/session-owner.js"
import type { JWT, JWTOptions } from "../jwt/types.js"
import type { SafeHtml } from "../pages/html.js"
import type { PageLocale } from "../pages/page-locale.js"
import type { PasswordPolicy } from "../passwords/password-policy.js"
import type { ScryptParams } from "../crypto/native-crypto.js"
import type {
  Account,
  AuthAction,
  Awaitable,
  Cookie,
  CredentialInput,
  Profile,
  ProviderType,
  RateLimitStore,
  ResolvedCookies,
  Theme,
  TokenSet,
  User,
} from "../shared-types.js"
import type { MakeSingleUseLedger, SingleUseLedger } from "../single-use/single-use-ledger.js"
import type { UpstreamTokens } from "../session-cookie/token-marks.js"
import type { AccountSummary } from "../account/account-json.js"
import type { CurrentAuthentication } from "../step-up/session-authentication.js"
import type { InlineScript } from "../webauthn/page-script/signin-page-script.js"
import type { ChallengeLedger } from "../webauthn/challenge-ledger.js"
import type { BrandMark } from "./brand-marks/brand-mark.js"

export type { CredentialInput, ProviderType }

export interface CommonProviderOptions {
  id: string
  name: string
  type: ProviderType
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
   * Needs the config's `federatedSignOut: FederatedSignOut()` (`@gatehouse/core/federated-sign-out`),
   * which brings the code: without it, the config is refused (MissingOption).
   */
  federatedSignOut?: boolean | "on-request"
  /**
   * Beyond Auth.js: `getAccessToken` refreshes this provider's access token with the refresh grant
   * when it is about to expire, race-safe (one refresh per refresh token across concurrent
   * requests and instances). Needs the config's `tokenRefresh: TokenRefresh()` (from
   * `@gatehouse/core/token-refresh`), which brings the refresh code. Default `false`: `getAccessToken` then hands out the stored token
   * while it is valid and null after. Turning it on also keeps the tokens in the session cookie
   * of JWT sessions without an adapter (about 1–2 kB), and makes `GET /session` of adapter-backed
   * sessions look up the account to report `error: "RefreshTokenError"`. Most providers issue a
   * refresh token only when asked (the `offline_access` scope, Google's `access_type=offline`).
   */
  tokenRefresh?: boolean
  /** The provider's `end_session_endpoint`, for providers whose discovery document lacks it (or that have none). */
  endSessionEndpoint?: string
  /**
   * Set by a provider whose ID tokens may come from another issuer than the configured one
   * (Microsoft Entra ID's multi-tenant `common`): the metadata a token response is checked
   * against. The provider carries the step, so that only apps using that provider bundle it.
   */
  tokenIssuerMetadata?: (
    provider: OAuthConfigInternal<Profile>,
    as: AuthorizationServer,
    tokenResponse: Response,
  ) => Promise<AuthorizationServer>
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

/** A WebAuthn (passkey) provider, as `WebAuthn()` and `Passkey()` make it (providers/webauthn.ts). */
export type WebAuthnConfig = WebAuthnProviderConfig

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

/** The site the credentials belong to: RP ID (a domain), display name, and the expected origin. */
export interface RelayingParty {
  id: string
  name: string
  origin: string
}

/** What `getUserInfo` tells the options route: a known user, a new one to register, or nothing. */
export type GetUserInfo = (
  options: WebAuthnInternalOptions,
  request: RequestInternal,
) => Awaitable<{ user: Partial<AdapterUser> & { email: string }; exists: boolean } | null>

/** The four @simplewebauthn/server functions core uses; a provider may bring its own. */
export interface SimpleWebAuthnServer {
  generateAuthenticationOptions: typeof import("@simplewebauthn/server").generateAuthenticationOptions
  generateRegistrationOptions: typeof import("@simplewebauthn/server").generateRegistrationOptions
  verifyAuthenticationResponse: typeof import("@simplewebauthn/server").verifyAuthenticationResponse
  verifyRegistrationResponse: typeof import("@simplewebauthn/server").verifyRegistrationResponse
}

export interface WebAuthnProviderConfig extends CommonProviderOptions {
  type: "webauthn"
  /** Offer the user's passkeys in the e-mail field's autofill. Only one provider may. Default true. */
  enableConditionalUI: boolean
  /** Validated as Auth.js does (`v<n>[.<n>[.<n>]]`, or false); the page uses its bundled copy. */
  simpleWebAuthnBrowserVersion: string | false
  /** The relying party; each field defaults from the request URL (hostname, host, origin). */
  relayingParty?: { id?: string | string[]; name?: string | string[]; origin?: string | string[] }
  authenticationOptions?: Partial<GenerateAuthenticationOptionsOpts>
  /**
   * Laid over Gatehouse's. `authenticatorSelection.residentKey` is `required` unless set here: sign-in
   * options then name no credential, so they tell nobody whether an address has passkeys. Setting it
   * to "preferred" or "discouraged" (credentials registered so under Auth.js need it) makes sign-in
   * list the typed address's credentials again, as Auth.js does.
   */
  registrationOptions?: Partial<GenerateRegistrationOptionsOpts>
  verifyAuthenticationOptions?: Partial<VerifyAuthenticationResponseOpts>
  verifyRegistrationOptions?: Partial<VerifyRegistrationResponseOpts>
  /** Inputs of the sign-in form; one needs `autocomplete` containing `webauthn` for conditional UI. */
  formFields: Record<string, CredentialInput>
  getUserInfo: GetUserInfo
  getRelayingParty: (options: WebAuthnInternalOptions, request: RequestInternal) => RelayingParty
  /** Loads @simplewebauthn/server on first use; set by this factory, so only passkey apps bundle the package. */
  loadSimpleWebAuthn?: () => Promise<SimpleWebAuthnServer>
  /** Replaces functions of the loaded @simplewebauthn/server (tests, or a pinned copy). */
  simpleWebAuthn?: Partial<SimpleWebAuthnServer>
  /**
   * Loads the sign-in page's passkey script (the browser library and the form's behaviour, ~17 kB);
   * set by this factory, so only passkey apps bundle it (a Workers bundle inlines every dynamic import).
   */
  loadSigninPageScript?: () => Promise<InlineScript>
  /**
   * The provider's form on the built-in sign-in page (webauthn/passkey-signin-form.ts); set by this
   * factory, so apps without passkeys do not bundle it.
   */
  signinForm?: (
    provider: InternalProvider<"webauthn">,
    csrfToken: string | undefined,
    callbackUrl: string,
    options: InternalOptions,
  ) => SafeHtml
  /**
   * Loads the provider's routes (ceremony options, verification, sign-in); set by this factory, so
   * apps without passkeys bundle none of that code (webauthn/webauthn-flows.ts).
   */
  loadFlows?: () => Promise<WebAuthnFlows>
  /**
   * The config checks of every WebAuthn provider of the app (webauthn/assert-webauthn-providers.ts);
   * set by this factory and run by the config check, so apps without passkeys do not bundle them.
   */
  assertProviders?: (providers: readonly { type: string }[]) => AuthError | undefined
  /**
   * Makes the config's ledger of answered challenges (webauthn/challenge-ledger.ts); set by this
   * factory, so apps without passkeys do not bundle it.
   */
  challengeLedger?: (sharedStore: RateLimitStore | undefined, adapter: Adapter | undefined) => ChallengeLedger
}

/** The WebAuthn provider's request handlers (webauthn/webauthn-flows.ts), loaded through `loadFlows`. */
export interface WebAuthnFlows {
  /** GET /webauthn-options/<id>: the ceremony's options and challenge cookie. */
  options(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal>
  /** POST /callback/<id>: the ceremony's answer, verified, then the sign-in (or registration). */
  callback(request: RequestInternal, options: InternalOptions<"webauthn">): Promise<ResponseInternal>
}

/** A WebAuthn provider as actions see it: merged config plus its URLs on this request's origin. */
export type InternalWebAuthnProvider = WebAuthnProviderConfig & { signinUrl: string; callbackUrl: string }

/** The options of a request to a WebAuthn route, once the provider and the adapter are known to be there. */
export type WebAuthnInternalOptions = Omit<InternalOptions, "provider" | "adapter"> & {
  provider: InternalWebAuthnProvider
  adapter: Required<Adapter>
}

/** What a signed-in owner can answer a step-up with: TOTP (or backup) codes, and passkeys (`passkeyUser`). */
export interface StepUpFactors {
  codes: boolean
  passkeyUser?: string
}

/** One mail of the password flows, for the `send` option. */
export interface PasswordMail {
  to: string
  /**
   * `verify`: confirm the address after sign-up (link and code). `reset`: a forgotten password
   * (link and code). `changed`: the password was changed or reset (no link). `exists`: someone
   * tried to sign up with an address that already has a user (a link to the forgot page).
   */
  kind: "verify" | "reset" | "changed" | "exists"
  /** The link to open (for `changed`, the sign-in page). */
  url: string
  /** The one-time code (`verify`, `reset`), formatted `ABCD-EFGH`. */
  code?: string
  /** When the link and code stop working (`verify`, `reset`). */
  expires?: Date
}

export interface PasswordConfig extends CommonProviderOptions {
  type: "password"
  /** Length, the shipped common-password list, an optional breached-password service, the app's rule. */
  policy?: PasswordPolicy
  /** No session until the address is verified (by the mailed link or code). Default true. */
  requireVerifiedEmail?: boolean
  /**
   * Sends the flows' mails. Default: the transport of the configured e-mail provider (its SMTP
   * `server`, or `"console"`), else the console in development; in production one of them is required.
   */
  send?: (mail: PasswordMail) => Awaitable<void>
  /** Where mails come from with the default transport. Default: the e-mail provider's `from`. */
  from?: string
  /**
   * scrypt's cost for new hashes. Default OWASP's (N=2^17, r=8, p=1, 32 bytes). A stored hash with
   * other parameters is re-hashed at the next successful sign-in.
   */
  hashing?: ScryptParams
  /** Seconds a verification mail's link and code work. Default 24 hours. */
  verifyMaxAge?: number
  /** Seconds a reset mail's link and code work. Default 15 minutes. */
  resetMaxAge?: number
  /** Wrong codes an address may try per window (verification and reset codes alike). Default 5. */
  maxCodeAttempts?: number
  /** Seconds of that window. Default 15 minutes. */
  codeAttemptWindow?: number
  /** Loads the provider's flows (set by the factory): only apps with the provider bundle them. */
  loadFlows?: () => Promise<PasswordFlows>
}

/** The Password provider's request handlers, loaded through `loadFlows`. */
export interface PasswordFlows {
  /** GET and POST /callback/password. */
  callback(request: RequestInternal, options: InternalOptions<"password">): Promise<ResponseInternal>
  /** GET and POST /password/<operation>. */
  operation(request: RequestInternal, options: InternalOptions<"password">): Promise<ResponseInternal>
  /** The provider's form on the built-in sign-in page. */
  signinForm(
    provider: InternalProvider,
    csrfToken: string | undefined,
    callbackUrl: string,
    query: Record<string, string>,
    options: InternalOptions,
  ): SafeHtml
}

export type InternalProvider<T = ProviderType> = (T extends "oauth" | "oidc"
  ? OAuthConfigInternal
  : T extends "email"
    ? EmailConfig
    : T extends "credentials"
      ? CredentialsConfig
      : T extends "webauthn"
        ? WebAuthnConfig
        : T extends "password"
          ? PasswordConfig
          : never) & {
  signinUrl: string
  callbackUrl: string
}

export type { ResolvedCookies }

export interface InternalOptions<T extends ProviderType = ProviderType> {
  /** `{origin}{basePath}` of this request. */
  url: URL
  basePath: string
  action: AuthAction
  providers: InternalProvider[]
  /** The ids of the providers with `tokenRefresh: true` (none by default): worked out once per config. */
  tokenRefreshProviderIds: string[]
  /** The provider named in the path, when there is one. */
  provider: InternalProvider<T>
  secret: string | string[]
  theme: Theme
  /** The pages' language for this request, worked out on first use (most requests render no page). */
  readonly locale: PageLocale
  debug: boolean
  logger: LoggerInstance
  session: SessionOptions
  pages: Partial<PagesOptions>
  jwt: JWTOptions & { secret: string | string[] }
  events: EventCallbacks
  /** Every method wrapped so that a throw becomes an AdapterError. */
  adapter: Required<Adapter> | undefined
  /** Whether the adapter lists and deletes sessions by user: worked out once per config, read on every session read. */
  adapterManagesSessions: boolean
  callbacks: Required<CallbacksOptions>
  cookies: ResolvedCookies
  /** The validated callbackUrl (absolute), once the redirect callback has run. */
  callbackUrl: string
  csrfToken?: string
  csrfTokenVerified: boolean
  redirectProxyUrl?: string
  /** Origins this deployment, as the redirect proxy, may hand callbacks on to. */
  redirectProxyAllowedOrigins: string[]
  isOnRedirectProxy: boolean
  experimental: { enableWebAuthn?: boolean }
  /** Where answered passkey challenges are claimed, once across every instance when shared state is configured. */
  passkeyChallenges: ChallengeLedger
  /** Where logout tokens' `jti`s are claimed, once across every instance when shared state is configured. */
  logoutTokens: SingleUseLedger
  /**
   * The code that records, checks, lists and revokes sessions, as the adapter or `session.store`
   * carries it (`sessionRecordsKey`); undefined when neither records sessions: then no session is
   * recorded, no read checks a revocation, and the `/sessions` routes answer MissingAdapterMethods.
   */
  sessionRecords: SessionRecordsModule | undefined
  /** The `secondFactor` option resolved, when second factors are on. */
  secondFactor: SecondFactorOptions | undefined
  /** The `account` option resolved, when the account endpoints are on. */
  account: AccountOptions | undefined
  /** The `backchannelLogout` option resolved, when the identity providers' logout tokens are served. */
  backchannelLogout: BackchannelLogoutOptions | undefined
  /** The `federatedSignOut` option resolved, when sign-out may end the identity provider's session too. */
  federatedSignOut: FederatedSignOutOptions | undefined
  /** The refresh code `tokenRefresh: TokenRefresh()` brings, when the providers with `tokenRefresh: true` refresh. */
  tokenRefresh: TokenRefreshModule | undefined
  /** Where pending sign-ins are claimed when they end (completed, or too many wrong codes): once across every instance. */
  pendingSignIns: SingleUseLedger
  /** The request's User-Agent header, recorded with a session started by this request. */
  userAgent?: string | null
}

/**
 * The second factors a user may use (docs/second-factor.md). "passkey": an adapter user's own
 * passkey (of the app's WebAuthn provider) answers the challenge instead of a code. A passkey
 * used to sign in counts as both factors already.
 */
export type SecondFactorMethod = "totp" | "backup-code" | "passkey"

/** What second factors need of otpauth and uqr (second-factor/totp-library.ts), handed in by SecondFactor(). */
export interface TotpLibrary {
  newSecret(): Promise<string>
  uri(base32: string, issuer: string, account: string): Promise<string>
  stepOf(base32: string, code: string, now?: number): Promise<number | null>
  qrSvg(text: string): Promise<string>
  /**
   * The second-factor endpoints (second-factor-action.ts), handed in with the libraries: only apps
   * that turn second factors on bundle them, their pages and their libraries.
   */
  action(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal>
  /** What may answer a step-up of the session with the second factor alone (second-factor-step-up.ts), handed in likewise. */
  stepUpFactors(current: CurrentAuthentication, options: InternalOptions): Promise<StepUpFactors | null>
  /** The checks of the `secondFactor` option past its origin (second-factor/second-factor-config.ts), handed in likewise. */
  check(config: SecondFactorConfig, adapter: Adapter | undefined, providers: readonly { type: string }[]): ResolvedSecondFactor
  /** The gate of every sign-in (second-factor-due.ts), handed in likewise: the answer holding it for a second factor, or null. */
  holdForSecondFactor(
    request: RequestInternal,
    done: FirstFactorDone,
    methods: string[],
    owner: SessionOwner,
    options: InternalOptions,
  ): Promise<ResponseInternal | null>
  /** The ledger of ended pending sign-ins is made by this (single-use/single-use-ledger.ts), handed in likewise. */
  singleUseLedger: MakeSingleUseLedger
}

/**
 * `secondFactor` in the auth config, made by `SecondFactor(options)` from
 * `@gatehouse/core/second-factor`: turns second factors on. Users enrol a TOTP app (and get
 * backup codes) at `{basePath}/second-factor`; then every sign-in of theirs, whatever its first
 * factor, gets no session until the second factor is done.
 */
export interface SecondFactorConfig {
  /**
   * Which second factors are offered. Default: TOTP and backup codes. Backup codes come with TOTP
   * and are not offered alone. Add "passkey" (with a WebAuthn or Passkey provider) to let users
   * answer the challenge with one of their passkeys.
   */
  methods?: SecondFactorMethod[]
  /**
   * Who must have a second factor: `false` (default, users opt in), `true` (everyone), or a
   * function of the signing-in user and account. A user who must but has none enrols during
   * the sign-in (the challenge page shows the QR code) before any session is issued.
   */
  required?: boolean | ((params: { user: User | AdapterUser; account: Account | null }) => Awaitable<boolean>)
  /** The issuer shown in authenticator apps. Default: the site's host name. */
  issuer?: string
  /** Seconds a pending sign-in waits for its second factor. Default 300 (5 minutes). */
  pendingMaxAge?: number
  /** Set by SecondFactor(): the libraries TOTP and QR codes are made with. */
  [totpLibraryKey]?: TotpLibrary
}

/** The config as the actions use it, defaults applied. */
export interface SecondFactorOptions {
  methods: SecondFactorMethod[]
  required: NonNullable<SecondFactorConfig["required"]>
  issuer: string | undefined
  pendingMaxAge: number
  totp: TotpLibrary
}

/** The `secondFactor` option resolved, or the error that makes it unusable. */
export interface ResolvedSecondFactor {
  options?: SecondFactorOptions
  error?: AuthError
}

/** The account endpoints' code, as `Account()` brings it. */
export interface AccountModule {
  action: (request: RequestInternal, options: InternalOptions) => Promise<ResponseInternal>
  /** The signed-in user's account, as GET {basePath}/account's JSON (for `getAccount` of `@gatehouse/core/server`). */
  read: (request: { cookies: Record<string, string> }, options: InternalOptions) => Promise<AccountSummary | null>
  /** The configuration error for an adapter that lacks what the endpoints need, or undefined. */
  check: (adapter: Adapter | undefined, providers: readonly { type: string }[]) => AuthError | undefined
}

/** The `account` option (docs/account.md): made by `Account()` from `@gatehouse/core/account`. */
export interface AccountConfig {
  readonly [accountKey]: AccountModule
}

/** The `account` option resolved: the endpoints' entry. */
export interface AccountOptions {
  action: AccountModule["action"]
  read: AccountModule["read"]
}

/**
 * What records sessions (session-records/session-records-module.ts), as the adapters and session stores
 * that record them carry it (`sessionRecordsKey`): core calls it and never imports it, so apps
 * whose sessions are recorded nowhere bundle none of it.
 */
export interface SessionRecordsModule {
  /** Whether the token's recorded session was revoked (synchronous when known); false when it is recorded nowhere. */
  isTokenRevoked: (token: JWT, options: InternalOptions) => boolean | Promise<boolean>
  /** Records a new JWT session where its owner's sessions are recorded: the token marked with its id. */
  recordJwtSession: (
    token: JWT,
    user: { id?: string | number | null },
    account: Account | null,
    expires: Date,
    options: InternalOptions,
  ) => Promise<JWT>
  /** Ends the recorded session of the JWT the browser held before a new sign-in. */
  endPreviousJwtSession: (cookies: Record<string, string>, options: InternalOptions) => Promise<void>
  /** Sign-out of a JWT session: its record goes, and this process refuses it at once. */
  endJwtSession: (token: JWT | null | undefined, options: InternalOptions) => Promise<void>
  /** A re-issued JWT moves its record's expiry along. */
  touchJwtSession: (token: JWT, expires: Date, options: InternalOptions) => Promise<void>
  /** Sign-out of a database session: its row goes, or is remembered for the next listing. */
  deleteSignedOutSession: (
    adapter: Pick<Required<Adapter>, "deleteSession">,
    sessionToken: string,
  ) => Promise<AdapterSession | null | undefined>
  /** What a database session started now records about itself, for listing. */
  newSessionMetadata: (
    options: InternalOptions,
    account: Account | null | undefined,
  ) => Omit<NewAdapterSession, "sessionToken" | "userId" | "expires">
  /** `GET /sessions` and `POST /sessions/revoke`. */
  sessionsAction: (request: RequestInternal, options: InternalOptions) => Promise<ResponseInternal>
  /** Whether the store's records are seen by this process only (the `session-store-per-process` warning). */
  isProcessLocalStore: (store: object) => boolean
}

/** The back-channel logout route, as `BackchannelLogout()` brings it. */
export interface BackchannelLogoutModule {
  action: (request: RequestInternal, options: InternalOptions<"oauth">) => Promise<ResponseInternal>
  /** Makes the ledger of claimed logout tokens' `jti` (single-use/single-use-ledger.ts), handed in with the route. */
  singleUseLedger: MakeSingleUseLedger
}

/** The `backchannelLogout` option (docs/federated-sign-out.md): made by `BackchannelLogout()` from `@gatehouse/core/backchannel-logout`. */
export interface BackchannelLogoutConfig {
  readonly [backchannelLogoutKey]: BackchannelLogoutModule
}

/** The `backchannelLogout` option resolved: the route's entry. */
export interface BackchannelLogoutOptions {
  action: BackchannelLogoutModule["action"]
  singleUseLedger: BackchannelLogoutModule["singleUseLedger"]
}

/** Federated sign-out's code (OpenID Connect RP-Initiated Logout), as `FederatedSignOut()` brings it. */
export interface FederatedSignOutModule {
  /** At config time, for each OAuth provider with `federatedSignOut`: throws when it has no end-session endpoint to find. */
  assertProvider: (provider: InternalProvider<"oauth">) => void
  /** At a JWT sign-in: the token, marked with the provider (and ID token) when the provider has `federatedSignOut`. */
  markToken: (token: JWT, account: Account | null, options: InternalOptions) => JWT
  /** At a database sign-in: the cookie naming the account signed in with, when the provider has `federatedSignOut`. */
  sessionCookie: (account: Account | null, sessionToken: string, expires: Date, options: InternalOptions) => Promise<Cookie | undefined>
  /** POST /signout, once the local session is over: on to the provider's end-session endpoint, or to `callbackUrl`. */
  signOut: (request: RequestInternal, options: InternalOptions, ended: EndedLocalSession, cookies: Cookie[]) => Promise<ResponseInternal>
  /** GET {basePath}/signout/callback/<providerId>: where the provider sends the browser back. */
  landing: (request: RequestInternal, options: InternalOptions<"oauth">) => Promise<ResponseInternal>
}

/** The session POST /signout just ended: its cookie's value and, for a JWT session, the token it held. */
export interface EndedLocalSession {
  sessionToken: string
  jwt?: JWT | null
}

/** The `federatedSignOut` option (docs/federated-sign-out.md): made by `FederatedSignOut()` from `@gatehouse/core/federated-sign-out`. */
export interface FederatedSignOutConfig {
  readonly [federatedSignOutKey]: FederatedSignOutModule
}

/** The `federatedSignOut` option resolved. */
export type FederatedSignOutOptions = FederatedSignOutModule

/**
 * The upstream-token code, as `TokenRefresh()` brings it: core calls it through the options, so
 * apps without the option bundle none of it (the refresh grant, its coordination, its events).
 */
export interface TokenRefreshModule {
  /** At sign-in, for a JWT session without an adapter: the session token with the provider's tokens marked in it. */
  markSignInTokens: (token: JWT, account: Account | null, options: InternalOptions) => JWT
  /** At sign-in with an account already linked: the new tokens replace the stored ones. */
  storeSignInTokens: (account: Account, options: InternalOptions) => Promise<void>
  /** GET /session's answer of a JWT session, with `error: "RefreshTokenError"` once refused; no promise when there is nothing to look up. */
  withRefreshErrorOfToken: <S>(session: S, token: JWT, options: InternalOptions) => S | Promise<S>
  /** GET /session's answer of a database session, with `error: "RefreshTokenError"` once refused. */
  withRefreshErrorOfUser: <S>(session: S, userId: string, options: InternalOptions) => Promise<S>
  /** `getAccessToken` over the adapter's account row: refreshed first when about to expire. */
  accessTokenFromAccount: (
    account: AdapterAccount,
    provider: InternalProvider<"oauth">,
    options: InternalOptions,
  ) => Promise<AccessToken | null>
  /** `getAccessToken` over the session cookie's mark: refreshed first when about to expire, with the mark to write back. */
  accessTokenFromCookie: (
    mark: UpstreamTokens,
    provider: InternalProvider<"oauth">,
    options: InternalOptions,
  ) => Promise<{ token: AccessToken | null; replaced?: UpstreamTokens }>
}

/** The `tokenRefresh` option (docs/access-tokens.md): made by `TokenRefresh()` from `@gatehouse/core/token-refresh`. */
export interface TokenRefreshConfig {
  readonly [tokenRefreshKey]: TokenRefreshModule
}
