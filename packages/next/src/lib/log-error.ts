import type { NextAuthConfig } from "./types.js"

/** Reports a failure the caller answers for itself (e.g. with a null session) through the app's logger. */
export function logError(config: NextAuthConfig | undefined, error: unknown): void {
  const asError = error instanceof Error ? error : new Error(String(error))
  try {
    if (config?.logger?.error) return config.logger.error(asError)
  } catch {
    // A throwing custom logger must not turn a handled failure into an unhandled one.
  }
  console.error(`[gatehouse][error] ${asError.name}: ${asError.message}`)
}
