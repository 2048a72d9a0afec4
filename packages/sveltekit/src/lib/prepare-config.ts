import { raw, setEnvDefaults, skipCSRFCheck } from "@gatehouse/core"
import { warnIfSecretIsShort } from "@gatehouse/core/integration"
import type { AuthConfig } from "@gatehouse/core/types"
import type { KitRuntime, SvelteKitAuthConfig } from "./types.js"
import { authBasePath } from "./auth-base-path.js"

/** The two configs handed to core for one app config: one serves HTTP, the other answers server-side calls. */
export interface PreparedConfig {
  /** For `Auth(event.request, …)` in the handle: real Responses. */
  handler: AuthConfig
  /** For form actions and `locals.auth()`: core's internal response, AuthErrors thrown. */
  server: AuthConfig
}

const prepared = new WeakMap<SvelteKitAuthConfig, PreparedConfig>()

/**
 * Fills in what SvelteKit decides, once per config object: core caches its own work per
 * config object too, so handing it the same two objects on every request keeps requests cheap.
 * The app's object is never modified.
 */
export function prepareConfig(config: SvelteKitAuthConfig, runtime: KitRuntime): PreparedConfig {
  let entry = prepared.get(config)
  if (!entry) {
    entry = prepare(config, runtime)
    prepared.set(config, entry)
  }
  return entry
}

function prepare(userConfig: SvelteKitAuthConfig, runtime: KitRuntime): PreparedConfig {
  const basePath = authBasePath(runtime.base)
  const handler: AuthConfig = {
    ...userConfig,
    providers: userConfig.providers ?? [],
    basePath,
    // SvelteKit refuses cross-origin form posts before any hook runs, which is what the
    // double-submit token would protect against; server-side calls could not carry it anyway.
    skipCSRFCheck,
  }
  // Unlike Auth.js (which sets `dev` here and so forces false in production, upstream #12284),
  // only development is decided here: in production AUTH_TRUST_HOST / AUTH_URL decide, through core.
  if (runtime.dev) handler.trustHost ??= true
  if (!runtime.building) {
    setEnvDefaults(runtime.env, handler, !authUrlNamesAnotherPath(runtime.env, basePath))
    warnIfSecretIsShort(handler)
  }
  return { handler, server: { ...handler, raw } }
}

/** AUTH_URL is only worth a warning when its path disagrees with where SvelteKit serves the routes. */
function authUrlNamesAnotherPath(env: KitRuntime["env"], basePath: string): boolean {
  const authUrl = env.AUTH_URL ?? env.NEXTAUTH_URL
  if (!authUrl) return false
  try {
    const path = new URL(authUrl).pathname.replace(/\/+$/, "")
    return path !== "" && path !== basePath
  } catch {
    return false
  }
}
