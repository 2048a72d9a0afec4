import { configPreparer } from "@gatehouse/core/server"
import type { AuthConfig } from "@gatehouse/core/types"
import { authBasePath } from "./auth-base-path.js"
import type { KitRuntime, SvelteKitAuthConfig } from "./types.js"

/**
 * What SvelteKit decides about every config, through core's one preparer (each config object
 * prepared once, so core's per-config caches keep working; the app's object is never modified):
 * basePath is `${base}/auth`; core's CSRF token is skipped, since SvelteKit refuses cross-origin
 * form posts before any hook runs (and the handle refuses the rest, core's isCrossOriginFormPost);
 * the environment is `$env/dynamic/private`. Unlike Auth.js (which sets `dev` here and so forces
 * false in production, upstream #12284), only development trusts the host by default.
 */
export function kitConfigPreparer(runtime: KitRuntime): (config: SvelteKitAuthConfig) => AuthConfig {
  return configPreparer({
    basePath: authBasePath(runtime.base),
    env: runtime.env,
    trustHostByDefault: runtime.dev,
    skipCSRFCheck: true,
    building: runtime.building,
  })
}
