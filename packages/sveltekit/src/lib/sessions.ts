import type { RequestEvent } from "@sveltejs/kit"
import { listSessions, revokeSessions, type RevokeTarget, type SessionInfo } from "@gatehouse/core"
import { cookieFromSetCookie } from "@gatehouse/core/integration"
import { applyAuthCookies } from "./apply-auth-cookies.js"
import type { PreparedConfig } from "./prepare-config.js"
import type { KitRuntime } from "./types.js"

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
  config: (event: RequestEvent) => Promise<PreparedConfig>
  runtime: KitRuntime
  /** Called when the request's own session was revoked, so later reads in this request see nobody. */
  signedOut: (event: RequestEvent) => void
}

/**
 * Builds `locals.sessions` for a request, over core's `listSessions` / `revokeSessions`. Errors are
 * the caller's to see (a missing adapter method throws `MissingAdapterMethods`): unlike
 * `locals.auth()`, nothing here guards a page, so failing loudly opens nothing.
 */
export function localsSessions(event: RequestEvent, context: SessionsContext): LocalsSessions {
  async function revoke(target: RevokeTarget): Promise<RevokeResult> {
    const config = (await context.config(event)).handler
    const result = await revokeSessions(requestForCore(event), config, target)
    applyAuthCookies(
      event,
      result.setCookie.map(cookieFromSetCookie).filter((cookie) => cookie !== null),
    )
    if (result.signedOut) context.signedOut(event)
    return { revoked: result.revoked, signedOut: result.signedOut }
  }
  return {
    async list() {
      if (context.runtime.building) return null
      const config = (await context.config(event)).handler
      const { sessions, setCookie } = await listSessions(requestForCore(event), config, { withCookies: true })
      // The session cookie re-issued (the app's jwt callback changed the token) or cleared (its session is gone).
      try {
        applyAuthCookies(
          event,
          setCookie.map(cookieFromSetCookie).filter((cookie) => cookie !== null),
        )
      } catch {
        // The response has already begun (a streamed load): SvelteKit refuses cookie writes then.
      }
      return sessions
    },
    revoke: (sessionId) => revoke({ sessionId }),
    revokeOthers: () => revoke({ scope: "others" }),
    revokeAll: () => revoke({ scope: "all" }),
  }
}

/**
 * The user's request as core's session functions read it: its cookies and user agent, and the host
 * SvelteKit resolved for it (core builds its action URL from that, or from AUTH_URL when set).
 * Forwarding headers stay behind, as for every request this integration makes to core (see action-url.ts).
 */
function requestForCore(event: RequestEvent): Request {
  const headers = new Headers({ cookie: event.request.headers.get("cookie") ?? "", host: event.url.host })
  const userAgent = event.request.headers.get("user-agent")
  if (userAgent) headers.set("user-agent", userAgent)
  return new Request(event.url, { headers })
}
