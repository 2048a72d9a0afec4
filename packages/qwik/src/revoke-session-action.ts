import { inlinedQrl } from "@builder.io/qwik"
import { isServer } from "@builder.io/qwik/build"
import { routeActionQrl, validatorQrl, type Action, type RequestEventAction } from "@builder.io/qwik-city"
import type { RevokeTarget } from "@gatehouse/core"
import { revokeSessions } from "@gatehouse/core/server"
import { SESSION_KEY } from "./request-hook.js"
import { resolveConfig, type AuthOptionsQrl } from "./resolve-config.js"
import { serverInput } from "./server-input.js"
import type { RevokeSessionInput, RevokeSessionResult } from "./types.js"
import { validateRevokeSessionInput } from "./validate-action-input.js"
import { untypedValidator } from "./untyped-validator.js"
import { writeAuthCookies } from "./write-cookies.js"

/**
 * `useRevokeSession`: a route action ending one of the signed-in user's sessions (`{ sessionId }`),
 * all others (`{ scope: "others" }`) or all (`{ scope: "all" }`). It stays on the page: the loaders
 * run again after it, so `useSessions` shows what is left. When this browser's own session ended, its
 * cookie is cleared in the response and `useSession` reads null. Qwik City refuses cross-site posts
 * to actions, which is what core's CSRF token would guard against.
 */
export function createRevokeSessionAction(authOptions: AuthOptionsQrl): Action<RevokeSessionResult, RevokeSessionInput, false> {
  async function revokeSession(input: RevokeSessionInput, event: RequestEventAction): Promise<RevokeSessionResult> {
    if (!isServer) return { failed: undefined, revoked: 0, signedOut: false }
    const config = await resolveConfig(authOptions, event)
    const target: RevokeTarget = input.sessionId !== undefined ? { sessionId: input.sessionId } : { scope: input.scope! }
    const { value, cookies } = await revokeSessions({ ...serverInput(event, config), target })
    writeAuthCookies(cookies, event)
    if (value.signedOut) event.sharedMap.set(SESSION_KEY, null)
    return { failed: undefined, revoked: value.revoked, signedOut: value.signedOut }
  }

  return routeActionQrl(
    inlinedQrl(revokeSession, "useRevokeSession_gatehouseRevokeSession"),
    // Validation runs on the server only; leaving it out of the browser bundle keeps zod out too.
    untypedValidator(
      isServer ? validatorQrl(inlinedQrl(validateRevokeSessionInput, "useRevokeSession_gatehouseRevokeSessionInput")) : undefined,
    ),
  ) as unknown as Action<RevokeSessionResult, RevokeSessionInput, false>
}
