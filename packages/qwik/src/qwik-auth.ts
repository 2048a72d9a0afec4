import { implicit$FirstArg, type QRL } from "@builder.io/qwik"
import type { RequestEventCommon } from "@builder.io/qwik-city"
import { createRequestHook } from "./request-hook.js"
import { createSessionLoader } from "./session-loader.js"
import { createSignInAction } from "./sign-in-action.js"
import { createSignOutAction } from "./sign-out-action.js"
import type { QwikAuthConfig } from "./types.js"

/**
 * The QRL form of {@link QwikAuth$}; the optimizer rewrites `QwikAuth$(fn)` into a call to this.
 * Re-export all four members from a route plugin (`src/routes/plugin@auth.ts`): Qwik City only
 * runs hooks, loaders and actions that a route module exports.
 */
export function QwikAuthQrl(authOptions: QRL<(event: RequestEventCommon) => QwikAuthConfig | Promise<QwikAuthConfig>>) {
  return {
    onRequest: createRequestHook(authOptions),
    useSession: createSessionLoader(),
    useSignIn: createSignInAction(authOptions),
    useSignOut: createSignOutAction(authOptions),
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
