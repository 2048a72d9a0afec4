/**
 * The environment a config was filled from. Integrations on platforms whose variables are not in
 * `process.env` (SvelteKit's `$env`, Qwik's `event.env`, Cloudflare bindings) hand theirs to
 * `setEnvDefaults`, which remembers it on the config; everything core later reads from the
 * environment for that config (AUTH_URL's pinned origin, the action URL of the server-side session
 * functions, NODE_ENV) then comes from the same place as the values it filled in. A symbol
 * property, not a side table: the integrations' copies of the config (`{ ...config, raw }`) keep it.
 */

import type { AuthConfig } from "../types.js"

export type Env = Record<string, string | undefined>

const envKey: unique symbol = Symbol.for("gatehouse.config-env") as never

type EnvCarrier = { [envKey]?: Env }

export function rememberEnv(config: AuthConfig, env: Env): void {
  ;(config as EnvCarrier)[envKey] = env
}

/** The config's environment, with `process.env` behind it for what that one does not set (as before it was given). */
export function configEnv(config: AuthConfig): Env {
  const processEnv = readProcessEnv()
  const given = (config as EnvCarrier)[envKey]
  if (!given || given === processEnv) return processEnv
  const read = (key: string | symbol) => (typeof key === "string" ? (given[key] ?? processEnv[key]) : undefined)
  // Enumerable too (the doctor's startup report spreads it). Qwik's `event.env` can only be asked
  // by name, so its variables show when read, and only process.env's when listed.
  return new Proxy({} as Env, {
    get: (_target, key) => read(key),
    has: (_target, key) => read(key) !== undefined,
    ownKeys: () => [...new Set([...Object.keys(processEnv), ...Object.keys(given)])].filter((key) => read(key) !== undefined),
    getOwnPropertyDescriptor: (_target, key) => {
      const value = read(key)
      return value === undefined ? undefined : { value, enumerable: true, configurable: true, writable: false }
    },
  })
}

/** The process environment where the runtime has one (Node, Bun, Deno's compat), else nothing. */
export function readProcessEnv(): Record<string, string | undefined> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
}

/** `microsoft-entra-id` → `AUTH_MICROSOFT_ENTRA_ID`: the prefix of a provider's env variables. */
export function envProviderPrefix(providerId: string): string {
  return `AUTH_${String(providerId).toUpperCase().replace(/-/g, "_")}`
}
