import { createLogger } from "../config/logger.js"
import type { AuthConfig } from "../types.js"

/** Shorter secrets are guessable enough to forge sessions offline. */
export const minimumSecretLength = 32

/** Warns (`short-secret`) through the app's logger, or once per process on the console, when a secret is too short. */
export function warnIfSecretIsShort(config: Pick<AuthConfig, "secret" | "logger">): void {
  const secrets = Array.isArray(config.secret) ? config.secret : config.secret ? [config.secret] : []
  if (!secrets.some((secret) => typeof secret === "string" && secret.length < minimumSecretLength)) return
  createLogger(config.logger, false).warn("short-secret")
}
