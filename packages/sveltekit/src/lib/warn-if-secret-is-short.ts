import type { AuthConfig } from "@gatehouse/core/types"

/** Shorter secrets are guessable enough to forge sessions offline; SvelteKit users are told 32 characters. */
export const minimumSecretLength = 32

/** Warns once (per config) through the app's logger, or the console, about every secret below the minimum. */
export function warnIfSecretIsShort(config: AuthConfig): void {
  const secrets = Array.isArray(config.secret) ? config.secret : config.secret ? [config.secret] : []
  if (!secrets.some((secret) => secret.length < minimumSecretLength)) return
  if (config.logger?.warn) {
    config.logger.warn("short-secret")
    return
  }
  console.warn(
    `\x1b[33m[auth][warn][short-secret]\x1b[0m AUTH_SECRET is shorter than ${minimumSecretLength} characters. ` +
      "Use at least 32 random characters, for example the output of `openssl rand -base64 33`.",
  )
}
