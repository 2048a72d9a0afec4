import { refreshesInProcessOnly, tokenRefreshOn } from "../access-token/access-token.js"
import type { Adapter } from "../adapters.js"
import { AuthError } from "../errors.js"
import { decode } from "../jwt/decode.js"
import { defaultMaxAge, encode } from "../jwt/encode.js"
import type { JWTOptions } from "../jwt/types.js"
import { resolveCookies } from "../http/default-cookies.js"
import { defaultMaxSessionChunks, maxSessionChunksLimit } from "../http/session-chunks.js"
import type { ProviderConfig, InternalProvider } from "../providers/types.js"
import { resolveRateLimit } from "../ratelimit/resolve-rate-limit.js"
import { raw, skipCSRFCheck } from "../auth-options.js"
import { passkeyChallengesOf } from "../webauthn/passkey-challenges-of.js"
import { logoutTokenKind } from "../oauth/logout-token-timing.js"
import { resolveBackchannelLogout } from "../backchannel-logout/backchannel-logout-config.js"
import { resolveFederatedSignOut } from "../federated-sign-out/federated-sign-out-config.js"
import { resolveTokenRefresh } from "../token-refresh/token-refresh-config.js"
import { pendingSignInKind } from "../second-factor/pending-sign-in.js"
import { resolveSecondFactor } from "../second-factor/second-factor-config.js"
import { resolveAccount } from "../account/account-config.js"
import { nothingClaimable } from "../single-use/single-use-ledger.js"
import type { AuthConfig, SessionOptions } from "../types.js"
import { assertConfig } from "./assert-config.js"
import type { ResolvedConfig } from "./resolved-config.js"
import { defaultCallbacks } from "./default-callbacks.js"
import { createLogger } from "./logger.js"
import { mergeProvider, providersForOrigin } from "./parse-providers.js"
import { publicOriginFromEnv } from "../http/public-origin.js"
import { configEnv } from "./config-env.js"
import { setEnvDefaults } from "./set-env-defaults.js"
import { wrapAdapter } from "./wrap-adapter.js"
import { refusesUnverifiedOwners } from "../login/owner-of-proven-address.js"
import { pageLocales, rememberLocales } from "../pages/page-locale.js"
// By export condition (#startup-report): the doctor on Node, Deno and Bun; nothing on edge runtimes.
import { reportConfigAtStartup } from "../doctor/startup-report.js"
import { managesSessions } from "../sessions/session-management-adapter.js"
import { resolveSessionRecords } from "../session-records/session-records-config.js"

// The shape lives in its own file, so the checks it feeds (assert-config, the doctor) can name it
// without importing this module, which runs them.
export type { ResolvedConfig } from "./resolved-config.js"

const resolved = new WeakMap<object, ResolvedConfig>()
const maxCachedOrigins = 32
/** A DNS name is at most 253 characters; scheme and port add a few. */
const maxCachedOriginLength = 280

/** The resolved form of `config`, cached per config object so requests do no setup work. */
export function resolveConfig(config: AuthConfig): ResolvedConfig {
  let entry = resolved.get(config)
  if (!entry) {
    entry = resolve(config)
    resolved.set(config, entry)
  }
  return entry
}

function resolve(userConfig: AuthConfig): ResolvedConfig {
  // Env inference fills a copy: the app's object stays as it wrote it.
  const config: AuthConfig = { ...userConfig, providers: userConfig.providers ?? [] }
  // The environment the integration filled the config from (setEnvDefaults), else process.env.
  const env = configEnv(userConfig)
  let providerError: AuthError | undefined
  try {
    setEnvDefaults(env, config, true)
  } catch (error) {
    // A provider factory that throws (env inference calls each one): fail closed, logged by the app's logger.
    config.basePath ??= "/auth"
    providerError = new AuthError("A provider could not be created", error as Error)
  }

  const debug = !!config.debug
  const logger = createLogger(config.logger, debug)
  if (debug) logger.warn("debug-enabled")

  const secret = config.secret ?? []
  const session: SessionOptions = {
    strategy: config.adapter ? "database" : "jwt",
    maxAge: defaultMaxAge,
    updateAge: 24 * 60 * 60,
    generateSessionToken: () => crypto.randomUUID(),
    maxCookieChunks: defaultMaxSessionChunks,
    revocationCheckInterval: 60,
    freshAge: 10 * 60,
    ...stripUndefined(config.session),
  }
  const jwt: JWTOptions & { secret: string | string[] } = {
    secret,
    maxAge: session.maxAge,
    encode,
    decode,
    ...stripUndefined(config.jwt),
  }
  let providers: ProviderConfig[] = []
  try {
    providers = config.providers.map(mergeProvider)
  } catch (error) {
    providerError = new AuthError("A provider could not be created", error as Error)
  }

  reportConfigAtStartup(userConfig, env)
  const rateLimit = resolveRateLimit(config.rateLimit, env.NODE_ENV, logger)
  const publicOrigin = publicOriginFromEnv(env)
  const adapter = wrapAdapter(config.adapter, logger)
  // The single-use records go to the adapter when it has verification tokens, decided on the app's
  // own adapter: the wrapped one stands in for every method, present or not.
  const tokenAdapter = hasVerificationTokens(config.adapter) ? adapter : undefined
  const redirectProxyUrl = config.redirectProxyUrl
  const secondFactor = resolveSecondFactor(config.secondFactor, config.adapter, providers)
  const account = resolveAccount(config.account, config.adapter, providers)
  const backchannelLogout = resolveBackchannelLogout(config.backchannelLogout)
  const federatedSignOut = resolveFederatedSignOut(config.federatedSignOut)
  const tokenRefresh = resolveTokenRefresh(config.tokenRefresh)
  const sessionRecords = resolveSessionRecords(config.adapter, session.store)
  const basePath = config.basePath!.replace(/\/+$/, "")
  const byOrigin = new Map<string, InternalProvider[]>()
  const locales = pageLocales(config.pages?.locales)
  if (locales) rememberLocales(locales)

  const result: ResolvedConfig = {
    basePath,
    secret,
    hashSecret: `${secret}`,
    trustHost: !!config.trustHost,
    session,
    jwt,
    pages: config.pages ?? {},
    theme: { colorScheme: "auto", logo: "", brandColor: "", buttonText: "", ...config.theme },
    locale: config.locale,
    locales: locales ?? pageLocales(undefined)!,
    callbacks: { ...defaultCallbacks, ...stripUndefined(config.callbacks) },
    events: config.events ?? {},
    adapter,
    adapterManagesSessions: managesSessions(adapter),
    sessionRecords: sessionRecords.module,
    logger,
    debug,
    useSecureCookies: config.useSecureCookies,
    cookies: { secure: resolveCookies(true, config.cookies), plain: resolveCookies(false, config.cookies) },
    skipCSRFCheck: config.skipCSRFCheck === skipCSRFCheck,
    raw: config.raw === raw,
    redirectProxyUrl,
    redirectProxyAllowedOrigins: config.redirectProxyAllowedOrigins ?? [],
    publicOrigin: publicOrigin.origin,
    refuseForeignHosts: env.NODE_ENV === "production",
    experimental: config.experimental ?? {},
    providers,
    tokenRefreshProviderIds: providers.filter(tokenRefreshOn).map((provider) => provider.id),
    rateLimit: rateLimit.limiter,
    passkeyChallenges: passkeyChallengesOf(providers, rateLimit.sharedStore, tokenAdapter),
    // Made by the features that claim them (BackchannelLogout(), SecondFactor()), with the code they carry.
    logoutTokens: backchannelLogout.options?.singleUseLedger(logoutTokenKind, rateLimit.sharedStore, tokenAdapter) ?? nothingClaimable,
    secondFactor: secondFactor.options,
    account: account.options,
    backchannelLogout: backchannelLogout.options,
    federatedSignOut: federatedSignOut.options,
    tokenRefresh: tokenRefresh.options,
    pendingSignIns: secondFactor.options?.totp.singleUseLedger(pendingSignInKind, rateLimit.sharedStore, tokenAdapter) ?? nothingClaimable,
    configError: undefined,
    providersFor(origin) {
      let list = byOrigin.get(origin)
      if (!list) {
        list = providersForOrigin(providers, origin, basePath, redirectProxyUrl)
        // Hosts are few (one, with AUTH_URL); the bounds only matter when something sprays Host
        // headers: each entry repeats its origin in every provider's URLs, so a long one is not kept.
        if (origin.length > maxCachedOriginLength) return list
        if (byOrigin.size >= maxCachedOrigins) byOrigin.delete(byOrigin.keys().next().value!)
        byOrigin.set(origin, list)
      }
      return list
    },
  }
  // Number.isFinite and Number.isInteger are false for anything but a number: no typeof needed.
  const { maxCookieChunks: chunks, revocationCheckInterval: interval, freshAge } = session
  const sessionError = !(Number.isInteger(chunks) && chunks >= 1 && chunks <= maxSessionChunksLimit)
    ? new AuthError(`session.maxCookieChunks must be a whole number from 1 to ${maxSessionChunksLimit}`)
    : !(Number.isFinite(interval) && interval >= 0)
      ? new AuthError("session.revocationCheckInterval must be a number of seconds, 0 or more")
      : !(Number.isFinite(freshAge) && freshAge > 0)
        ? new AuthError("session.freshAge must be a number of seconds, more than 0")
        : undefined
  result.configError =
    providerError ??
    rateLimit.error ??
    publicOrigin.error ??
    sessionError ??
    (locales ? undefined : new AuthError("pages.locales must be a list of languages, e.g. [fr] from @gatehouse/core/locales/fr")) ??
    secondFactor.error ??
    account.error ??
    backchannelLogout.error ??
    federatedSignOut.error ??
    tokenRefresh.error ??
    assertConfig(result, config) ??
    // After the methods every flow needs: an adapter lacking those is told so first.
    sessionRecords.error
  if (result.experimental.enableWebAuthn && !result.configError) {
    logger.warn("experimental-webauthn")
    // On one instance the process's memory is enough; a deployment of several needs shared state.
    const passkeys = providers.some((provider) => provider.type === "webauthn")
    if (passkeys && env.NODE_ENV === "production" && result.passkeyChallenges.scope === "process") {
      logger.warn("passkey-challenges-per-process")
    }
  }
  if (!result.configError && env.NODE_ENV === "production" && refreshesInProcessOnly(providers, config.adapter, session.strategy))
    logger.warn("token-refresh-per-process")
  if (!result.configError && refusesUnverifiedOwners(config.adapter, providers)) logger.warn("adapter-without-remove-user-attachments")
  if (!result.configError && env.NODE_ENV === "production" && session.store && sessionRecords.module?.isProcessLocalStore(session.store))
    logger.warn("session-store-per-process")
  return result
}

function stripUndefined<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {}
  const out: Partial<T> = {}
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] !== undefined) out[key] = value[key]
  return out
}

function hasVerificationTokens(adapter: Adapter | undefined): boolean {
  return typeof adapter?.createVerificationToken === "function" && typeof adapter.useVerificationToken === "function"
}

/**
 * Why `config` cannot work — the error every request to it is answered with (a missing secret, an
 * untrusted host, a broken provider…) — or undefined when it can. For an integration's own entry
 * points, such as `auth()` in a page, which must report that error rather than read "signed out".
 * Worked out once per config object, like the handler's own check.
 */
export function configurationError(config: AuthConfig): AuthError | undefined {
  try {
    return resolveConfig(config).configError
  } catch (error) {
    return new AuthError("The configuration could not be read", error as Error)
  }
}
