import { inlinedQrl } from "@builder.io/qwik"
import { isServer } from "@builder.io/qwik/build"
import { globalActionQrl, validatorQrl, type Action, type RequestEventAction } from "@builder.io/qwik-city"
import { targetOrFailure, signOut as coreSignOut } from "@gatehouse/core/server"
import { defaultRedirectTo, redirectFromAction } from "./redirect-from-action.js"
import { resolveConfig, type AuthOptionsQrl } from "./resolve-config.js"
import { signOutForm } from "./sign-out-form.js"
import { serverInput } from "./server-input.js"
import { untypedValidator } from "./untyped-validator.js"
import { writeAuthCookies } from "./write-cookies.js"
import type { SignOutInput, SignOutResult } from "./types.js"
import { validateSignOutInput } from "./validate-action-input.js"

/**
 * `useSignOut`: a global action running core's `signOut` (what a post to `/auth/signout` runs: session
 * ended, cookies cleared) and redirecting; with `federated`, to the identity provider's end-session endpoint first.
 */
export function createSignOutAction(authOptions: AuthOptionsQrl): Action<SignOutResult, SignOutInput, false> {
  async function signOut(input: SignOutInput, event: RequestEventAction): Promise<SignOutResult> {
    if (!isServer) return { failed: undefined }
    const config = await resolveConfig(authOptions, event)
    const form = signOutForm(input, defaultRedirectTo(event))
    const federated = form.get("federated")
    const callInput = serverInput(event, config)
    // A refused sign-in goes where the route would send it: the sign-in page with ?error=…&code=….
    const target = await targetOrFailure(
      callInput,
      async () => {
        const { value, cookies } = await coreSignOut({
          ...callInput,
          redirectTo: form.get("callbackUrl") ?? undefined,
          federated: federated === null ? undefined : federated === "true",
        })
        writeAuthCookies(cookies, event)
        return value.redirect
      },
      false,
    )
    return redirectFromAction(event, target)
  }

  return globalActionQrl(
    inlinedQrl(signOut, "useSignOut_gatehouseSignOut"),
    // Validation runs on the server only; leaving it out of the browser bundle keeps zod out too.
    untypedValidator(isServer ? validatorQrl(inlinedQrl(validateSignOutInput, "useSignOut_gatehouseSignOutInput")) : undefined),
  ) as unknown as Action<SignOutResult, SignOutInput, false>
}
