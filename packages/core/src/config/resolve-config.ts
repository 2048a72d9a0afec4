import type { Adapter } from "../adapters.js"
import { AuthError } from "../errors.js"
import { decode } from "../jwt/decode.js"
import { defaultMaxAge, encode } from "../jwt/encode.js"
import type { JWTOptions } from "../jwt/types.js"
import { resolveCookies } from "../http/default-cookies.js"
import type { ProviderConfig } from "../providers/types.js"
import { resolveRateLimit } from "../ratelimit/resolve-rate-limit.js"
import type { RateLimiter } from "../ratelimit/rate-limiter.js"
import { raw, skipCSRFCheck } from "../symbols.js"
import { challengeLedger, type ChallengeLedger } from "../webauthn/challenge-ledger.js"
import type {
  AuthConfig,
  CallbacksOptions,
  EventCallbacks,
  LoggerInstance,
  PagesOptions,
  SessionOptions,
  Theme,
  WarningCode,
} from "../types.js"
import { assertConfig } from "./assert-config.js"
import { defaultCallbacks } from "./default-callbacks.js"
import type { InternalProvider, ResolvedCookies } from "./internal-options.js"
import { createLogger } from "./logger.js"
import { mergeProvider, providersForOrigin } from "./parse-providers.js"
import { readProcessEnv } from "./read-process-env.js"
import { setEnvDefaults } from "./set-env-defaults.js"
import { wrapAdapter } from "./wrap-adapter.js"

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
  callbacks: Required<CallbacksOptions>
  events: EventCallbacks
  adapter: Required<Adapter> | undefined
  logger: LoggerInstance
  debug: boolean
  useSecureCookies: boolean | undefined
  cookies: { secure: ResolvedCookies; plain: ResolvedCookies }
  skipCSRFCheck: boolean
  raw: boolean
  redirectProxyUrl: string | undefined
  experimental: { enableWebAuthn?: boolean }
  providers: ProviderConfig[]
  /** Sign-in attempt limits, when on (see `rateLimit` in the config). */
  rateLimit: RateLimiter | undefined
  /** Where answered passkey challenges are claimed (shared store, adapter, or this process). */
  passkeyChallenges: ChallengeLedger
  /** A problem that makes every request fail closed, found when the config was read. */
  configError: AuthError | undefined
  providersFor(origin: string): InternalProvider[]
}

const resolved = new WeakMap<object, ResolvedConfig>()

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
  let providerError: AuthError | undefined
  try {
    setEnvDefaults(readProcessEnv(), config, true)
  } catch (error) {
    // A provider factory that throws (env inference calls each one): fail closed, logged by the app's logger.
    config.basePath ??= "/auth"
    providerError = new AuthError("A provider could not be created", error as Error)
  }

  const debug = !!config.debug
  const logger = createLogger(config.logger, debug)
  if (debug) warnOnce(config, logger, "debug-enabled")

  const secret = config.secret ?? []
  const session: SessionOptions = {
    strategy: config.adapter ? "database" : "jwt",
    maxAge: defaultMaxAge,
    updateAge: 24 * 60 * 60,
    generateSessionToken: () => crypto.randomUUID(),
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

  const nodeEnv = readProcessEnv().NODE_ENV
  const rateLimit = resolveRateLimit(config.rateLimit, nodeEnv, logger)
  const adapter = wrapAdapter(config.adapter, logger)
  const redirectProxyUrl = config.redirectProxyUrl
  const basePath = config.basePath!.replace(/\/+$/, "")
  const byOrigin = new Map<string, InternalProvider[]>()

  const result: ResolvedConfig = {
    basePath,
    secret,
    hashSecret: `${secret}`,
    trustHost: !!config.trustHost,
    session,
    jwt,
    pages: config.pages ?? {},
    theme: { colorScheme: "auto", logo: "", brandColor: "", buttonText: "", ...config.theme },
    callbacks: { ...defaultCallbacks, ...stripUndefined(config.callbacks) },
    events: config.events ?? {},
    adapter,
    logger,
    debug,
    useSecureCookies: config.useSecureCookies,
    cookies: { secure: resolveCookies(true, config.cookies), plain: resolveCookies(false, config.cookies) },
    skipCSRFCheck: config.skipCSRFCheck === skipCSRFCheck,
    raw: config.raw === raw,
    redirectProxyUrl,
    experimental: config.experimental ?? {},
    providers,
    rateLimit: rateLimit.limiter,
    passkeyChallenges: challengeLedger(rateLimit.sharedStore, adapter),
    configError: undefined,
    providersFor(origin) {
      let list = byOrigin.get(origin)
      if (!list) {
        list = providersForOrigin(providers, origin, basePath, redirectProxyUrl)
        // Hosts are few; the bound only matters when something sprays Host headers.
        if (byOrigin.size >= 32) byOrigin.delete(byOrigin.keys().next().value!)
        byOrigin.set(origin, list)
      }
      return list
    },
  }
  result.configError = providerError ?? rateLimit.error ?? assertConfig(result, config)
  if (result.experimental.enableWebAuthn && !result.configError) {
    warnOnce(config, logger, "experimental-webauthn")
    // On one instance the process's memory is enough; a deployment of several needs shared state.
    const passkeys = providers.some((provider) => provider.type === "webauthn")
    if (passkeys && nodeEnv === "production" && result.passkeyChallenges.scope === "process") {
      warnOnce(config, logger, "passkey-challenges-per-process")
    }
  }
  return result
}

/**
 * Warnings about the config itself go to the console once per process: a lazy config that builds a
 * new object per request would otherwise repeat them on every request. An app's own logger hears
 * every one.
 */
const warnedOnConsole = new Set<WarningCode>()
function warnOnce(config: AuthConfig, logger: LoggerInstance, code: WarningCode) {
  if (!config.logger?.warn) {
    if (warnedOnConsole.has(code)) return
    warnedOnConsole.add(code)
  }
  logger.warn(code)
}

function stripUndefined<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {}
  const out: Partial<T> = {}
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] !== undefined) out[key] = value[key]
  return out
}
