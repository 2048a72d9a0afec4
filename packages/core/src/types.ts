/** Public types of Gatehouse, shaped like `@auth/core/types`. */
import type { Adapter, AdapterSession, AdapterUser } from "./adapters.js"
import type { JWT, JWTOptions } from "./jwt/types.js"
import type { Provider } from "./providers/types.js"
import type { ErrorType } from "./errors.js"
import type { CallbacksOptions, EventCallbacks, LoggerInstance, PagesOptions, RateLimitOptions, SessionOptions } from "./auth-options.js"
import type { SecondFactorConfig } from "./second-factor/second-factor-config.js"
import type { AccountConfig } from "./account/account-config.js"
import type { BackchannelLogoutConfig } from "./backchannel-logout/backchannel-logout-config.js"
import type { FederatedSignOutConfig } from "./federated-sign-out/federated-sign-out-config.js"
import type { TokenRefreshConfig } from "./token-refresh/token-refresh-config.js"
import type { CookiesOptions, LocaleOption, Theme } from "./shared-types.js"
export type { ErrorType } from "./errors.js"
export type { PageLocale } from "./pages/page-locale.js"
export type { MessageKey, Messages } from "./pages/locales/en.js"
export type {
  Awaitable,
  Awaited,
  AuthAction,
  User,
  Profile,
  TokenSet,
  Account,
  Authenticator,
  Theme,
  LocaleRequest,
  LocaleOption,
  CookieOption,
  CookieSerializeOptions,
  CookiesOptions,
  Cookie,
  RateLimitHit,
  RateLimitStore,
  ProviderType,
} from "./shared-types.js"
export type {
  DefaultSession,
  Session,
  PagesOptions,
  WarningCode,
  LoggerInstance,
  CallbacksOptions,
  EventCallbacks,
  TokenRefreshEvent,
  SessionOptions,
  SessionStore,
  SessionInfo,
  RevokeTarget,
  RateLimitRule,
  RateLimitOptions,
  ResponseInternal,
  SessionUpdateData,
  WebAuthnOptionsResponseBody,
} from "./auth-options.js"

/**
 * Everything `Auth(request, config)` and the framework integrations take: providers, secret, adapter,
 * session, callbacks, events, pages and the rest. Most of it can also come from the environment
 * (`AUTH_SECRET`, `AUTH_URL`, `AUTH_<PROVIDER>_ID`…).
 */
export interface AuthConfig {
  providers: Provider[]
  secret?: string | string[]
  session?: Partial<SessionOptions>
  jwt?: Partial<JWTOptions>
  pages?: Partial<PagesOptions>
  callbacks?: CallbacksOptions
  events?: EventCallbacks
  adapter?: Adapter
  /** Logs each adapter call and OAuth step; secret values are redacted (see LoggerInstance.debug). Off in production. */
  debug?: boolean
  logger?: Partial<LoggerInstance>
  theme?: Theme
  /**
   * Beyond Auth.js: pins the language of the built-in pages and the sign-in mail, among English and
   * `pages.locales`. Unset, it follows the visitor's Accept-Language among them; else English.
   */
  locale?: LocaleOption
  useSecureCookies?: boolean
  cookies?: Partial<CookiesOptions>
  trustHost?: boolean
  skipCSRFCheck?: typeof import("./auth-options.js").skipCSRFCheck
  raw?: typeof import("./auth-options.js").raw
  redirectProxyUrl?: string
  /**
   * Beyond Auth.js: the origins this deployment, when it is the redirect proxy, hands OAuth
   * callbacks on to, e.g. `["https://preview.example.com", "https://*.preview.example.com"]`
   * (`*.` matches any subdomain). Nothing listed: it hands on to no other origin. Default:
   * AUTH_REDIRECT_PROXY_ALLOWED_ORIGINS (comma- or space-separated).
   */
  redirectProxyAllowedOrigins?: string[]
  experimental?: { enableWebAuthn?: boolean }
  /** Beyond Auth.js: TOTP and backup codes after every first factor (docs/second-factor.md). Needs an adapter with the second-factor methods. */
  secondFactor?: SecondFactorConfig
  /**
   * Beyond Auth.js: the signed-in user's account endpoints and page under basePath (docs/account.md),
   * made by `Account()` from `@gatehouse/core/account`. Needs an adapter with `listAccountsByUserId`
   * (and `deleteAuthenticator` with a passkey provider).
   */
  account?: AccountConfig
  /**
   * Beyond Auth.js: `POST {basePath}/backchannel-logout/<provider>` (OpenID Connect Back-Channel Logout),
   * made by `BackchannelLogout()` from `@gatehouse/core/backchannel-logout`: a sign-out at the identity
   * provider ends the sessions begun with it (docs/federated-sign-out.md). Unset, that route answers 400.
   */
  backchannelLogout?: BackchannelLogoutConfig
  /**
   * Beyond Auth.js: sign-out may end the session at the identity provider too (OpenID Connect
   * RP-Initiated Logout), made by `FederatedSignOut()` from `@gatehouse/core/federated-sign-out`;
   * each provider's `federatedSignOut` flag says whether it does (docs/federated-sign-out.md).
   * A provider with the flag in a config without this option is a configuration error (MissingOption).
   */
  federatedSignOut?: FederatedSignOutConfig
  /**
   * Beyond Auth.js: the refresh code for the providers with `tokenRefresh: true`, made by
   * `TokenRefresh()` from `@gatehouse/core/token-refresh` (docs/access-tokens.md). A provider with
   * the flag while this is unset is a configuration error (MissingOption, code `token-refresh`).
   */
  tokenRefresh?: TokenRefreshConfig
  basePath?: string
  /**
   * Limits sign-in attempts per client IP and per account (beyond Auth.js). On by default when
   * `NODE_ENV` is "production"; `false` turns it off, an object turns it on and tunes it.
   */
  rateLimit?: false | RateLimitOptions
}

export type { Adapter, AdapterSession, AdapterUser }
export type { JWT, JWTOptions }
export type { Provider }
export type { ErrorType as AuthErrorType }
