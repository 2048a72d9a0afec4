import type { QwikAuthConfig } from "./types.js"

/** Logs through the app's logger when it has one, else the way core logs: `[auth][error] Name: message`. */
export function reportError(config: QwikAuthConfig | undefined, error: Error): void {
  try {
    if (config?.logger?.error) config.logger.error(error)
    else console.error(`[auth][error] ${error.name}: ${error.message}`)
  } catch {
    // A broken logger must not turn a handled failure into a crashed request.
  }
}

/** An error raised by the integration itself, named so logs say where it came from. */
export class QwikAuthIntegrationError extends Error {
  constructor(name: string, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause })
    this.name = name
  }
}
