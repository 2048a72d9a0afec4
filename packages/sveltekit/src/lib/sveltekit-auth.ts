import { building, dev } from "$app/environment"
import { base } from "$app/paths"
import { env } from "$env/dynamic/private"
import { createSvelteKitAuth, type SvelteKitAuthResult } from "./create-sveltekit-auth.js"
import type { SvelteKitAuthConfigInput } from "./types.js"

/**
 * Sign-in, sign-out and sessions for a SvelteKit app.
 *
 * ```ts
 * // src/auth.ts
 * export const { handle, signIn, signOut } = SvelteKitAuth({ providers: [GitHub] })
 * // src/hooks.server.ts
 * export { handle } from "./auth"
 * ```
 *
 * The config may also be a function of the request event (sync or async), called per request.
 */
export function SvelteKitAuth(config: SvelteKitAuthConfigInput): SvelteKitAuthResult {
  return createSvelteKitAuth(config, {
    // Read per use, not copied: `$env/dynamic/private` is filled when the server starts.
    get env() {
      return env
    },
    dev,
    building,
    base,
  })
}
