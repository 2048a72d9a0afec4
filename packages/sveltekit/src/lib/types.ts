import type { RequestEvent } from "@sveltejs/kit"
import type { AuthConfig, Session } from "@gatehouse/core/types"

/**
 * The SvelteKit flavour of `AuthConfig`. `basePath` is always `${base}/auth` here (SvelteKit
 * routes the auth endpoints through the handle hook), and `raw` / `skipCSRFCheck` are for
 * framework authors, so none of the three can be set by the app.
 */
export interface SvelteKitAuthConfig extends Omit<AuthConfig, "raw" | "skipCSRFCheck" | "basePath"> {
  /** Ignored: SvelteKit serves the endpoints under `${base}/auth`. Kept so Auth.js configs type-check. */
  basePath?: string
}

/** The config, or a function of the request event returning it (for per-request values such as platform env). */
export type SvelteKitAuthConfigInput =
  | SvelteKitAuthConfig
  | ((event: RequestEvent) => PromiseLike<SvelteKitAuthConfig> | SvelteKitAuthConfig)

/** What SvelteKit itself provides: read through `$env`, `$app/environment` and `$app/paths` by the entry point. */
export interface KitRuntime {
  env: Record<string, string | undefined>
  dev: boolean
  building: boolean
  /** `base` of `$app/paths`: "" or a path like "/app". */
  base: string
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace App {
    interface Locals {
      /** The current session, or null when nobody is signed in (or it cannot be read). */
      auth(): Promise<Session | null>
      /** @deprecated Use `auth()`. */
      getSession(): Promise<Session | null>
    }
    interface PageData {
      session?: Session | null
    }
  }
}
