import { createAccountLoader } from "./account-loader.js"
import { implicit$FirstArg, inlinedQrl, type QRL } from "@builder.io/qwik"
import { routeLoaderQrl, type Loader, type RequestEventCommon, type RequestEventLoader } from "@builder.io/qwik-city"
import type { Session } from "@gatehouse/core/types"
import { createAccessTokenHelper } from "./get-access-token.js"
import { createRequestHook, SESSION_KEY } from "./request-hook.js"
import { createRevokeSessionAction } from "./revoke-session-action.js"
import { createSessionsLoader } from "./sessions-loader.js"
import { createSignInAction } from "./sign-in-action.js"
import { createSignOutAction } from "./sign-out-action.js"
import { createStepUpHelper } from "./step-up.js"
import type { QwikAuthConfig } from "./types.js"

/**
 * The QRL form of {@link QwikAuth$}; the optimizer rewrites `QwikAuth$(fn)` into a call to this.
 * Re-export `onRequest`, `useSession`, `useSignIn` and `useSignOut` from a route plugin
 * (`src/routes/plugin@auth.ts`): Qwik City only runs hooks, loaders and actions that a route module
 * exports. Export `useSessions` and `useRevokeSession` from the page listing the user's devices only:
 * Qwik City runs a loader on every request to every route whose modules export it; the same for
 * `useAccount` and the account page.
 */
export function QwikAuthQrl(authOptions: QRL<(event: RequestEventCommon) => QwikAuthConfig | Promise<QwikAuthConfig>>) {
  return {
    onRequest: createRequestHook(authOptions),
    useSession: createSessionLoader(),
    useSignIn: createSignInAction(authOptions),
    useSignOut: createSignOutAction(authOptions),
    /** In a `routeLoader$` or action: `await getAccessToken(event, "github")` → `{ accessToken, expiresAt }` or null. */
    getAccessToken: createAccessTokenHelper(authOptions),
    useSessions: createSessionsLoader(authOptions),
    useRevokeSession: createRevokeSessionAction(authOptions),
    /** A route loader: the signed-in user's account (`GET /auth/account`'s JSON), or null; needs `account: Account()`. */
    useAccount: createAccountLoader(authOptions),
    /**
     * In a `routeLoader$`, action or endpoint guarding a sensitive operation:
     * `const session = await requireRecentAuthentication(event, { maxAge: 300, secondFactor: true })`.
     * A sign-in too old or too weak sends a page to `/auth/reauthenticate` (and back), an API request a 401 (RFC 9470).
     */
    requireRecentAuthentication: createStepUpHelper(authOptions),
  }
}

/**
 * Sets up Gatehouse for a Qwik City app.
 *
 * @example
 * ```ts
 * // src/routes/plugin@auth.ts
 * import { QwikAuth$ } from "@gatehouse/qwik"
 * import GitHub from "@gatehouse/qwik/providers/github"
 *
 * export const { onRequest, useSession, useSignIn, useSignOut } = QwikAuth$(() => ({ providers: [GitHub] }))
 * ```
 */
export const QwikAuth$ = /*#__PURE__*/ implicit$FirstArg(QwikAuthQrl)

function readSession(event: RequestEventLoader): Session | null {
  return (event.sharedMap.get(SESSION_KEY) as Session | null | undefined) ?? null
}

/** `useSession`: a route loader with the session the request hook found, or null. */
function createSessionLoader(): Loader<Session | null> {
  return routeLoaderQrl(inlinedQrl(readSession, "useSession_gatehouseSession")) as Loader<Session | null>
}
