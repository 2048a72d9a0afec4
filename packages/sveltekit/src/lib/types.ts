import type { RequestEvent } from "@sveltejs/kit"
import type { AuthConfig, Session } from "@gatehouse/core/types"
import type { AccessToken } from "@gatehouse/core"
import type { AccountSummary } from "@gatehouse/core/server"
import type { LocalsSessions } from "./sessions.js"
import type { RecentAuthenticationOptions } from "./read-session.js"

/**
 * The SvelteKit flavour of `AuthConfig` (the same type as `@auth/sveltekit`'s). Two fields are
 * decided by the integration whatever the app sets: `basePath` is always `${base}/auth`, and
 * core's CSRF token is always skipped, because SvelteKit refuses cross-origin form posts itself.
 */
export interface SvelteKitAuthConfig extends Omit<AuthConfig, "raw"> {}

/** The config, or a function of the request event returning it (for per-request values such as platform env). */
export type SvelteKitAuthConfigInput =
  | SvelteKitAuthConfig
  | ((event: RequestEvent) => PromiseLike<SvelteKitAuthConfig> | SvelteKitAuthConfig)

// In its own file so the modules this one names (read-session, sessions) can take it without importing this one.
export type { KitRuntime } from "./kit-runtime.js"

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace App {
    interface Locals {
      /**
       * The current session, or null when nobody is signed in (or it cannot be read). With
       * `{ maxAge, secondFactor }`, the sign-in must also be that recent (seconds; default
       * `session.freshAge`) and strong: a page is redirected to `/auth/reauthenticate` (and back), an
       * API request gets RFC 9470's 401 (`WWW-Authenticate: Bearer error="insufficient_user_authentication"`).
       */
      auth(need?: RecentAuthenticationOptions): Promise<Session | null>
      /** @deprecated Use `auth()`. */
      getSession(): Promise<Session | null>
      /**
       * The signed-in user's access token at `providerId` (`{ accessToken, expiresAt }`), refreshed
       * first when it is about to expire and the provider has `tokenRefresh: true`; null when there
       * is none or it cannot be refreshed.
       */
      getAccessToken(providerId: string): Promise<AccessToken | null>
      /**
       * The signed-in user's sessions ("your devices"): `list()`, `revoke(id)`, `revokeOthers()`,
       * `revokeAll()`. Needs an adapter with `listSessionsByUserId` and `deleteSessionsByUserId` (and the
       * owned-session methods for an app's own credentials users), or `session.store` for JWT sessions without one.
       */
      sessions: LocalsSessions
      /**
       * The signed-in user's own account, as `GET /auth/account` answers it in JSON (linked accounts with
       * `linkedAt`, passkeys with their dates, password, second factor); null when nobody is signed in.
       * Needs `account: Account()` (from `@gatehouse/sveltekit/account`) in the config, else it throws.
       */
      account(): Promise<AccountSummary | null>
    }
    interface PageData {
      session?: Session | null
    }
  }
}
