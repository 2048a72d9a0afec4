import { AuthError } from "../errors.js"
import type { LoggerInstance, WarningCode } from "../types.js"

const red = "\x1b[31m"
const yellow = "\x1b[33m"
const grey = "\x1b[90m"
const reset = "\x1b[0m"

function logError(error: Error) {
  const type = error instanceof AuthError ? error.type : error.name
  console.error(`${red}[auth][error]${reset} ${type}: ${error.message}`)
  const cause = (error as AuthError).cause
  if (cause && typeof cause === "object") {
    const { err, ...details } = cause as { err?: unknown }
    if (err instanceof Error) console.error(`${red}[auth][cause]${reset}:`, err.stack)
    if (Object.keys(details).length) console.error(`${red}[auth][details]${reset}:`, JSON.stringify(details, null, 2))
  } else if (error.stack) {
    console.error(error.stack.replace(/^.*\n/, ""))
  }
}

/** Gatehouse's own warnings, said plainly: Auth.js's warnings page does not know them. */
const plainWarnings: Partial<Record<WarningCode, string>> = {
  "rate-limit-without-client-ip":
    "Sign-in attempts are not limited per client IP: no trustworthy client address is known " +
    "(set rateLimit.ipHeader to a header your proxy overwrites, or rateLimit.clientIp). Only the " +
    "per-account and per-address limits apply, so one client can guess passwords across many " +
    "accounts and request sign-in mail for many addresses without being stopped.",
}

const defaultLogger: LoggerInstance = {
  error: logError,
  warn(code: WarningCode) {
    const plain = plainWarnings[code]
    console.warn(`${yellow}[auth][warn][${code}]${reset} ${plain ?? "Read more: https://warnings.authjs.dev"}`)
  },
  debug(message: string, metadata?: unknown) {
    console.log(`${grey}[auth][debug]:${reset} ${message}`, JSON.stringify(metadata, null, 2) ?? "")
  },
}

/**
 * The built-in logger with the app's levels laid over it. Debug messages are dropped unless
 * `debug` is on or the app brought its own debug level. No level may throw into a request.
 */
export function createLogger(custom: Partial<LoggerInstance> | undefined, debug: boolean): LoggerInstance {
  const levels: LoggerInstance = {
    error: custom?.error ?? defaultLogger.error,
    warn: custom?.warn ?? defaultLogger.warn,
    debug: custom?.debug ?? (debug ? defaultLogger.debug : () => {}),
  }
  return {
    error: (error) => swallow(() => levels.error(error)),
    warn: (code) => swallow(() => levels.warn(code)),
    debug: (message, metadata) => swallow(() => levels.debug(message, metadata)),
  }
}

function swallow(log: () => void) {
  try {
    log()
  } catch {
    // A broken logger must not turn a handled error into an unhandled one.
  }
}
