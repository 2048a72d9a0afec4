import { errorReferenceLink } from "../docs-link.js"
import { AuthError } from "../errors.js"
import type { LoggerInstance, WarningCode } from "../types.js"
import { redactSecrets } from "./redact-secrets.js"

/** What every line Gatehouse prints starts with; integrations log through this logger too. */
export const logPrefix = "[gatehouse]"

const red = "\x1b[31m"
const yellow = "\x1b[33m"
const grey = "\x1b[90m"
const reset = "\x1b[0m"

/** One sentence per warning: what is wrong and what to do. The link adds the details. */
export const warningMessages: Record<WarningCode, string> = {
  "debug-enabled":
    "Debug logging (`debug: true`) prints personal data such as profiles and e-mail addresses (secrets are redacted): turn it off in production.",
  "csrf-disabled": "CSRF protection is off (`skipCSRFCheck`): only do this when your framework checks the origin of form posts itself.",
  "env-url-basepath-redundant": "AUTH_URL has a path and `basePath` is set too: `basePath` is used, so drop one of them.",
  "env-url-basepath-mismatch": "AUTH_URL's path differs from `basePath`, which is used: make AUTH_URL end in it or give only the origin.",
  "experimental-webauthn": "Passkeys (WebAuthn) are experimental: their options and stored data may still change.",
  "short-secret": "AUTH_SECRET is shorter than 32 characters: use at least 32 random ones, e.g. from `openssl rand -base64 33`.",
  "adapter-without-remove-user-attachments":
    "E-mail sign-in into a never-verified user is refused: the adapter lacks `removeUserAttachments(userId)` to remove what may be an attacker's accounts and passkeys first. Add it (the SQLite and PostgreSQL adapters have it).",
  "passkey-challenges-per-process":
    "Answered passkey challenges are remembered by this process only, so another instance could accept a replayed answer: configure a shared rate-limit store (Redis) or an adapter.",
  "token-refresh-per-process":
    "Upstream token refreshes of JWT sessions without an adapter are coordinated by this process only: on several instances concurrent refreshes race, and a provider that rotates refresh tokens refuses all but one. Configure an adapter or route a user's requests to one instance.",
  "session-store-per-process":
    "`memorySessionStore()` is seen by this process only: on several instances a revoked or signed-out session stays valid on the others. Use `redisSessionStore` (or an adapter that records sessions).",
  "rate-limit-without-client-ip":
    "Sign-in attempts are not limited per client IP, as no trustworthy client address is known: set `rateLimit.ipHeader` to a header your proxy overwrites, or `rateLimit.clientIp`.",
}

/**
 * Codes already printed. On globalThis, not in this module: a bundler may load several copies of core
 * in one process (Next.js builds the proxy, route handlers and server components separately), and
 * each copy would print the warning again.
 */
const printedWarnings: Set<string> = ((globalThis as Record<symbol, unknown>)[Symbol.for("gatehouse.printedWarnings")] ??=
  new Set<string>()) as Set<string>

function logError(error: Error) {
  const type = error instanceof AuthError ? error.type : error.name
  console.error(`${red}${logPrefix}[error]${reset} ${type}: ${error.message}`)
  const cause = (error as AuthError).cause
  if (cause instanceof Error) {
    console.error(`${red}${logPrefix}[cause]${reset}:`, cause.stack)
  } else if (cause && typeof cause === "object") {
    const { err, ...details } = cause as { err?: unknown }
    if (err instanceof Error) console.error(`${red}${logPrefix}[cause]${reset}:`, err.stack)
    if (Object.keys(details).length) console.error(`${red}${logPrefix}[details]${reset}:`, JSON.stringify(details, null, 2))
  } else if (error.stack) {
    console.error(error.stack.replace(/^.*\n/, ""))
  }
}

/** Printed once per process: a config resolved per request, or per copy of core, must not repeat it. */
function printWarning(code: WarningCode) {
  if (printedWarnings.has(code)) return
  printedWarnings.add(code)
  const sentence = warningMessages[code] ?? `Warning ${code}.`
  console.warn(`${yellow}${logPrefix}[warn][${code}]${reset} ${sentence} Read more: ${errorReferenceLink(code)}`)
}

const defaultLogger: LoggerInstance = {
  error: logError,
  warn: printWarning,
  debug(message: string, metadata?: unknown) {
    console.log(`${grey}${logPrefix}[debug]:${reset} ${message}`, JSON.stringify(metadata, null, 2) ?? "")
  },
}

/**
 * The built-in logger with the app's levels laid over it. Debug messages are dropped unless
 * `debug` is on or the app brought its own debug level; those that are kept reach it with their
 * secrets replaced by a marker (redact-secrets.ts), the app's own debug level included. No level
 * may throw into a request.
 */
export function createLogger(custom: Partial<LoggerInstance> | undefined, debug: boolean): LoggerInstance {
  const error = custom?.error ?? defaultLogger.error
  const warn = custom?.warn ?? defaultLogger.warn
  const debugLevel = custom?.debug ?? (debug ? defaultLogger.debug : undefined)
  return {
    error: (e) => swallow(() => error(e)),
    warn: (code) => swallow(() => warn(code)),
    // Nothing to redact, and no copy made, when nobody listens.
    debug: debugLevel ? (message, metadata) => swallow(() => debugLevel(message, redactSecrets(metadata))) : () => {},
  }
}

/**
 * Reports a failure an integration answers for itself (a page rendered signed out, say) through the
 * app's logger, or the built-in one: the same format and prefix as core's own errors.
 */
export function reportError(logger: Partial<LoggerInstance> | undefined, error: unknown): void {
  createLogger(logger, false).error(error instanceof Error ? error : new Error(String(error)))
}

function swallow(log: () => void) {
  try {
    log()
  } catch {
    // A broken logger must not turn a handled error into an unhandled one.
  }
}
