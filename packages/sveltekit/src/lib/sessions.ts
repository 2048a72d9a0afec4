import type { RequestEvent } from "@sveltejs/kit"
import type { RevokeTarget, SessionInfo } from "@gatehouse/core"
import { listSessions, revokeSessions } from "@gatehouse/core/server"
import type { AuthConfig } from "@gatehouse/core/types"
import { applyAuthCookies } from "./apply-auth-cookies.js"
import { readInput, serverInput } from "./server-input.js"
import type { KitRuntime } from "./kit-runtime.js"

export type { SessionInfo }

/** What a revocation did: how many sessions ended, and whether the caller's own session was one of them. */
export interface RevokeResult {
  revoked: number
  /** True when the request's own session ended: its cookie is cleared in this response, `locals.auth()` is null from now on. */
  signedOut: boolean
}

/**
 * `event.locals.sessions`: the signed-in user's sessions ("your devices"). Revoking changes state:
 * call the revoke methods from form actions (POST, which SvelteKit refuses cross-site), never from a load.
 */
export interface LocalsSessions {
  /** The signed-in user's sessions, the current one marked `current`; null when nobody is signed in. */
  list(): Promise<SessionInfo[] | null>
  /** Ends one session by its `id` (from `list()`). An id that is not one of the user's sessions revokes nothing. */
  revoke(sessionId: string): Promise<RevokeResult>
  /** Ends every session of the user but the current one ("sign out everywhere else"). */
  revokeOthers(): Promise<RevokeResult>
  /** Ends every session of the user, the current one included ("sign out everywhere"). */
  revokeAll(): Promise<RevokeResult>
}

interface SessionsContext {
  config: (event: RequestEvent) => Promise<AuthConfig>
  runtime: KitRuntime
  /** Called when the request's own session was revoked, so later reads in this request see nobody. */
  signedOut: (event: RequestEvent) => void
}

/**
 * Builds `locals.sessions` for a request, over core's server `listSessions` / `revokeSessions`. Errors are
 * the caller's to see (a missing adapter method throws `MissingAdapterMethods`): unlike
 * `locals.auth()`, nothing here guards a page, so failing loudly opens nothing.
 */
export function localsSessions(event: RequestEvent, context: SessionsContext): LocalsSessions {
  async function revoke(target: RevokeTarget): Promise<RevokeResult> {
    const { value, cookies } = await revokeSessions({ ...serverInput(event, await context.config(event)), target })
    applyAuthCookies(event, cookies)
    if (value.signedOut) context.signedOut(event)
    return value
  }
  return {
    async list() {
      if (context.runtime.building) return null
      const { value, cookies } = await listSessions(readInput(event, await context.config(event)))
      // The session cookie re-issued (the app's jwt callback changed the token) or cleared (its session is gone).
      try {
        applyAuthCookies(event, cookies)
      } catch {
        // The response has already begun (a streamed load): SvelteKit refuses cookie writes then.
      }
      return value
    },
    revoke: (sessionId) => revoke({ sessionId }),
    revokeOthers: () => revoke({ scope: "others" }),
    revokeAll: () => revoke({ scope: "all" }),
  }
}
