import { AuthError } from "../errors.js"
import type { LoggerInstance, RateLimitOptions, RateLimitRule } from "../types.js"
import type { RateLimitStore } from "../shared-types.js"
import { readProcessEnv } from "../config/config-env.js"
import { platformIpHeader } from "./client-ip.js"
import { memoryRateLimitStore, isProcessLocal } from "./memory-store.js"
import { createRateLimiter, type RateLimiter } from "./rate-limiter.js"

const defaultPerIp: RateLimitRule = { limit: 30, window: 60 }
const defaultPerAccount: RateLimitRule = { limit: 10, window: 600 }

/**
 * Default memory stores live as long as what configured them, not as long as one resolved config:
 * apps that build a new config object per request (lazy configs) would otherwise start from zero
 * on every request. One store per options object, and one for the implicit production default.
 */
const storesByOptions = new WeakMap<RateLimitOptions, RateLimitStore>()
let implicitDefaultStore: RateLimitStore | undefined
/** Lazy configs are resolved on every request: say what is missing once, not on every request. */
const warned = new WeakSet<object>()
const implicitDefault = {}

/**
 * The rate limiter a config asks for, worked out once per config: off with `false`, on with an
 * object, and on by default when NODE_ENV is "production". A malformed option is a configuration
 * error (every request then fails closed), never a silently missing limit.
 */
export function resolveRateLimit(
  option: false | RateLimitOptions | undefined,
  nodeEnv: string | undefined,
  logger: LoggerInstance,
): { limiter?: RateLimiter; error?: AuthError; sharedStore?: RateLimitStore } {
  if (option === false || (option === undefined && nodeEnv !== "production")) return {}
  if (option !== undefined && (option === null || typeof option !== "object")) {
    return { error: new AuthError("rateLimit must be false or an options object") }
  }
  const options = option ?? {}
  const problem = optionsProblem(options)
  if (problem) return { error: new AuthError(`Invalid rateLimit option: ${problem}`) }

  const perIp = options.perIp ?? defaultPerIp
  const ipHeader = options.clientIp ? undefined : (options.ipHeader ?? platformIpHeader(readProcessEnv()))
  const warnOnce = option ?? implicitDefault
  const settings = {
    store: options.store ?? defaultStore(option),
    perIp,
    perAccount: options.perAccount ?? defaultPerAccount,
    accountFields: options.accountFields,
    accountKey: options.accountKey,
    ipHeader: ipHeader?.toLowerCase(),
    clientIp: options.clientIp,
    // Said when it is true, at the first attempt whose client address nobody knows (an
    // integration may attach addresses per request), and once per rateLimit options object.
    withoutClientIp() {
      if (warned.has(warnOnce)) return
      warned.add(warnOnce)
      logger.warn("rate-limit-without-client-ip")
    },
  }
  // A store every instance shares also claims what must happen once (passkey challenges).
  const sharedStore = isProcessLocal(settings.store) ? undefined : settings.store
  return { limiter: createRateLimiter(settings, logger), sharedStore }
}

function defaultStore(option: RateLimitOptions | undefined): RateLimitStore {
  if (!option) return (implicitDefaultStore ??= memoryRateLimitStore())
  let store = storesByOptions.get(option)
  if (!store) storesByOptions.set(option, (store = memoryRateLimitStore()))
  return store
}

function optionsProblem(options: RateLimitOptions): string | undefined {
  if (options.ipHeader !== undefined && options.clientIp !== undefined) return "give either ipHeader or clientIp, not both"
  if (options.ipHeader !== undefined && !(typeof options.ipHeader === "string" && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(options.ipHeader))) {
    return "ipHeader must be a header name"
  }
  if (options.clientIp !== undefined && typeof options.clientIp !== "function") return "clientIp must be a function"
  if (options.accountKey !== undefined && typeof options.accountKey !== "function") return "accountKey must be a function"
  if (options.store !== undefined && typeof options.store?.hit !== "function") return "store must have a hit(key, windowMs) method"
  for (const name of ["perIp", "perAccount"] as const) {
    const rule = options[name]
    if (rule === undefined || rule === false) continue
    if (!rule || !Number.isInteger(rule.limit) || rule.limit < 1) return `${name}.limit must be a positive integer`
    if (!(typeof rule.window === "number" && rule.window > 0 && Number.isFinite(rule.window)))
      return `${name}.window must be a positive number of seconds`
  }
  const fields = options.accountFields
  if (fields !== undefined && !(Array.isArray(fields) && fields.every((f) => typeof f === "string" && f !== ""))) {
    return "accountFields must be a list of field names"
  }
  return undefined
}
