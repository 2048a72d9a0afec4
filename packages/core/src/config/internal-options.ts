/** The shape every action receives: config resolved once, plus what this request decided. */
import type { Adapter } from "../adapters.js"
import type { SingleUseLedger } from "../single-use/single-use-ledger.js"
import type { SecondFactorOptions } from "../second-factor/second-factor-config.js"
import type { AccountOptions } from "../account/account-config.js"
import type { ChallengeLedger } from "../webauthn/challenge-ledger.js"
import type { JWTOptions } from "../jwt/types.js"
import type { PageLocale } from "../pages/page-locale.js"
import type { CallbacksOptions, EventCallbacks, LoggerInstance, PagesOptions, SessionOptions } from "../types.js"
import type { AuthAction, ResolvedCookies, Theme } from "../primitives.js"
import type {
  CredentialsConfig,
  EmailConfig,
  OAuthConfigInternal,
  PasswordConfig,
  ProviderType,
  WebAuthnConfig,
} from "../providers/types.js"

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
  /** The `secondFactor` option resolved, when second factors are on. */
  secondFactor: SecondFactorOptions | undefined
  /** The `account` option resolved, when the account endpoints are on. */
  account: AccountOptions | undefined
  /** Where pending sign-ins are claimed when they end (completed, or too many wrong codes): once across every instance. */
  pendingSignIns: SingleUseLedger
  /** The request's User-Agent header, recorded with a session started by this request. */
  userAgent?: string | null
}
