import { inlinedQrl } from "@builder.io/qwik"
import { isServer } from "@builder.io/qwik/build"
import { globalActionQrl, validatorQrl, type Action, type RequestEventAction } from "@builder.io/qwik-city"
import { postToAuth } from "./post-to-auth.js"
import { defaultRedirectTo, redirectFromAction } from "./redirect-from-action.js"
import { resolveConfig, type AuthOptionsQrl } from "./resolve-config.js"
import { signOutForm } from "./sign-out-form.js"
import { QWIK_BASE_PATH } from "./set-env-defaults.js"
import type { SignOutInput, SignOutResult } from "./types.js"
import { validateSignOutInput } from "./validate-action-input.js"

/**
 * `useSignOut`: a global action that posts to `/auth/signout` (session ended, cookies cleared) and
 * redirects; with `federated`, to the identity provider's end-session endpoint first.
 */
export function createSignOutAction(authOptions: AuthOptionsQrl): Action<SignOutResult, SignOutInput, false> {
  async function signOut(input: SignOutInput, event: RequestEventAction): Promise<SignOutResult> {
    if (!isServer) return { failed: undefined }
    const config = await resolveConfig(authOptions, event)
    const form = signOutForm(input, defaultRedirectTo(event))
    const target = await postToAuth(event, config, `${QWIK_BASE_PATH}/signout`, form)
    if (!target) return { failed: undefined }
    return redirectFromAction(event, target)
  }

  return globalActionQrl(
    inlinedQrl(signOut, "useSignOut_gatehouseSignOut"),
    // Validation runs on the server only; leaving it out of the browser bundle keeps zod out too.
    isServer ? (validatorQrl(inlinedQrl(validateSignOutInput, "useSignOut_gatehouseSignOutInput")) as any) : undefined,
  ) as unknown as Action<SignOutResult, SignOutInput, false>
}
