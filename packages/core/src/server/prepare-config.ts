import { setEnvDefaults } from "../config/set-env-defaults.js"
import { type Env, readProcessEnv } from "../config/config-env.js"
import { createLogger } from "../config/logger.js"
import { skipCSRFCheck } from "../auth-options.js"
import type { AuthConfig } from "../types.js"

/** What an integration decides about every config it is handed. */
export interface ConfigSettings {
  /** The environment (AUTH_*, NEXTAUTH_* aliases, provider credentials). Default: process.env. */
  env?: Env
  /** Where the framework serves the auth routes, whatever the config says (SvelteKit, Qwik). */
  basePath?: string
  /** Where they are unless the config or AUTH_URL's path says otherwise (Next: /api/auth). Default /auth. */
  defaultBasePath?: string
  /** Trust the Host header when neither the config nor the environment decides (a dev server). */
  trustHostByDefault?: boolean
  /** The framework refuses cross-origin form posts itself (see isCrossOriginFormPost): no CSRF token. */
  skipCSRFCheck?: boolean
  /** At build time nothing is read from the environment and nothing is warned about. */
  building?: boolean
}

/**
 * The one place a config gets ready for core: an integration makes a preparer once with its
 * settings, and hands it each config object the app gives it. Each object is prepared once (a
 * filled copy; the app's object is left alone), so core's per-config caches keep working for an
 * app that returns the same object every time: the basePath, the environment's defaults
 * (setEnvDefaults: the secret(s), trustHost, AUTH_URL, the NEXTAUTH_* aliases, provider
 * credentials) and the warnings (`short-secret`, `env-url-basepath-mismatch`). A platform whose
 * environment comes with each request (Qwik's `event.env`) passes it as `env`: the first one a config
 * object is prepared with counts.
 */
export function configPreparer(settings: ConfigSettings = {}): <C extends AuthConfig>(config: C, env?: Env) => C {
  const prepared = new WeakMap<AuthConfig, AuthConfig>()
  return <C extends AuthConfig>(config: C, env?: Env): C => {
    let result = prepared.get(config)
    if (!result) {
      result = prepare(config, env ? { ...settings, env } : settings)
      prepared.set(config, result)
    }
    return result as C
  }
}

function prepare(config: AuthConfig, settings: ConfigSettings): AuthConfig {
  const result: AuthConfig = { ...config, providers: config.providers ?? [] }
  if (settings.skipCSRFCheck) result.skipCSRFCheck = skipCSRFCheck
  if (settings.trustHostByDefault) result.trustHost ??= true
  const env = settings.env ?? readProcessEnv()
  const urlPath = authUrlPath(env)
  result.basePath = settings.basePath ?? result.basePath ?? urlPath ?? settings.defaultBasePath ?? "/auth"
  if (settings.building) return result
  if (urlPath && urlPath !== result.basePath) createLogger(result.logger, false).warn("env-url-basepath-mismatch")
  // The basePath is decided above, so setEnvDefaults' own warning would only repeat it.
  setEnvDefaults(env, result, true)
  warnIfSecretIsShort(result)
  return result
}

/** AUTH_URL's (or NEXTAUTH_URL's) path, when it names one. */
function authUrlPath(env: Env): string | undefined {
  const url = env.AUTH_URL ?? env.NEXTAUTH_URL
  if (!url) return undefined
  try {
    const path = new URL(url).pathname.replace(/\/+$/, "")
    return path === "" ? undefined : path
  } catch {
    // A malformed AUTH_URL is reported by core's origin check (a configuration error).
    return undefined
  }
}

/** Shorter secrets are guessable enough to forge sessions offline. */
export const minimumSecretLength = 32

/** Warns (`short-secret`) through the app's logger, or once per process on the console, when a secret is too short. */
export function warnIfSecretIsShort(config: Pick<AuthConfig, "secret" | "logger">): void {
  const secrets = Array.isArray(config.secret) ? config.secret : config.secret ? [config.secret] : []
  if (!secrets.some((secret) => typeof secret === "string" && secret.length < minimumSecretLength)) return
  createLogger(config.logger, false).warn("short-secret")
}
