import type { Adapter } from "../adapters.js"
import type { AccountOptions } from "../account/account-config.js"
import type { BackchannelLogoutOptions } from "../backchannel-logout/backchannel-logout-config.js"
import type { FederatedSignOutOptions } from "../federated-sign-out/federated-sign-out-config.js"
import type { AuthError } from "../errors.js"
import type { JWTOptions } from "../jwt/types.js"
import type { PageLocales } from "../pages/page-locale.js"
import type { LocaleOption, ResolvedCookies, Theme } from "../shared-types.js"
import type { ProviderConfig, InternalProvider, SessionRecordsModule } from "../providers/types.js"
import type { RateLimiter } from "../ratelimit/rate-limiter.js"
import type { SecondFactorOptions } from "../second-factor/second-factor-config.js"
import type { SingleUseLedger } from "../single-use/single-use-ledger.js"
import type { TokenRefreshModule } from "../token-refresh/token-refresh-config.js"
import type { CallbacksOptions, EventCallbacks, LoggerInstance, PagesOptions, SessionOptions } from "../types.js"
import type { ChallengeLedger } from "../webauthn/challenge-ledger.js"

/** Everything about a config that does not depend on the request: worked out once. */
export interface ResolvedConfig {
  basePath: string
  secret: string | string[]
  /** The secret as Auth.js interpolates it into CSRF and e-mail token hashes. */
  hashSecret: string
  trustHost: boolean
  session: SessionOptions
  jwt: JWTOptions & { secret: string | string[] }
  pages: Partial<PagesOptions>
  theme: Theme
  locale: LocaleOption | undefined
  /** English and the languages `pages.locales` adds, by primary subtag. */
  locales: PageLocales
  callbacks: Required<CallbacksOptions>
  events: EventCallbacks
  adapter: Required<Adapter> | undefined
  /** Whether the adapter lists and deletes sessions by user (see managesSessions). */
  adapterManagesSessions: boolean
  /** The session-records code the adapter or `session.store` carries (session-records/session-records-config.ts), or none. */
  sessionRecords: SessionRecordsModule | undefined
  logger: LoggerInstance
  debug: boolean
  useSecureCookies: boolean | undefined
  cookies: { secure: ResolvedCookies; plain: ResolvedCookies }
  skipCSRFCheck: boolean
  raw: boolean
  redirectProxyUrl: string | undefined
  /** Where this deployment, as a redirect proxy, may hand callbacks on to (exact origins or `https://*.domain`). */
  redirectProxyAllowedOrigins: string[]
  /** AUTH_URL's origin: every URL is built on it, whatever Host a request came with. */
  publicOrigin: URL | undefined
  /** In production a request for another host than AUTH_URL's is refused (400, logged UntrustedHost). */
  refuseForeignHosts: boolean
  experimental: { enableWebAuthn?: boolean }
  providers: ProviderConfig[]
  /** The ids of the providers with `tokenRefresh: true` (none by default). */
  tokenRefreshProviderIds: string[]
  /** Sign-in attempt limits, when on (see `rateLimit` in the config). */
  rateLimit: RateLimiter | undefined
  /** Where answered passkey challenges are claimed (shared store, adapter, or this process). */
  passkeyChallenges: ChallengeLedger
  /** Where logout tokens' `jti`s are claimed (shared store, adapter, or this process). */
  logoutTokens: SingleUseLedger
  /** The `secondFactor` option resolved, when second factors are on. */
  secondFactor: SecondFactorOptions | undefined
  /** The `account` option resolved, when the account endpoints are on. */
  account: AccountOptions | undefined
  /** The `backchannelLogout` option resolved, when the identity providers' logout tokens are served. */
  backchannelLogout: BackchannelLogoutOptions | undefined
  /** The `federatedSignOut` option resolved, when sign-out may end the identity provider's session too. */
  federatedSignOut: FederatedSignOutOptions | undefined
  /** The refresh code of `tokenRefresh: TokenRefresh()`, when the providers with `tokenRefresh: true` refresh. */
  tokenRefresh: TokenRefreshModule | undefined
  /** Where ended pending sign-ins are claimed (shared store, adapter, or this process). */
  pendingSignIns: SingleUseLedger
  /** A problem that makes every request fail closed, found when the config was read. */
  configError: AuthError | undefined
  providersFor(origin: string): InternalProvider[]
}
