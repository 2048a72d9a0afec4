import { inlinedQrl } from "@builder.io/qwik"
import { isServer } from "@builder.io/qwik/build"
import { globalActionQrl, validatorQrl, type Action, type RequestEventAction } from "@builder.io/qwik-city"
import { findProvider } from "@gatehouse/core/integration"
import { targetOrFailure, signIn as coreSignIn } from "@gatehouse/core/server"
import { readAuthFailure } from "./read-auth-failure.js"
import { defaultRedirectTo, redirectFromAction } from "./redirect-from-action.js"
import { resolveConfig, type AuthOptionsQrl } from "./resolve-config.js"
import { serverInput } from "./server-input.js"
import { signInFailureMessage, signInFailureStatus } from "./sign-in-failure-message.js"
import type { SignInFailed, SignInInput, SignInResult } from "./types.js"
import { validateSignInInput } from "./validate-action-input.js"
import { untypedValidator } from "./untyped-validator.js"
import { writeAuthCookies } from "./write-cookies.js"

/**
 * `useSignIn`: a global action. Runs core's `signIn` (what a post to `/auth/signin/<id>` for OAuth,
 * OIDC and email, or `/auth/callback/<id>` for credentials, runs) and sends the browser where core says. A refusal (wrong
 * credentials, signIn callback said no) goes where core sends it too, as with `@auth/qwik`: the
 * sign-in page (`pages.signIn` or the built-in one) with `?error=<type>&code=<code>`. With
 * `redirectOnFailure: false` in the input it is the action's value instead, and the form stays.
 */
export function createSignInAction(authOptions: AuthOptionsQrl): Action<SignInResult, SignInInput, false> {
  async function signIn(input: SignInInput, event: RequestEventAction): Promise<SignInResult> {
    if (!isServer) return { failed: undefined }
    const config = await resolveConfig(authOptions, event)
    const { providerId, authorizationParams } = input
    const staysOnFailure = input.redirectOnFailure === false || input.redirectOnFailure === "false"
    const { redirectTo = input.redirectTo ?? defaultRedirectTo(event), ...fields } = input.options ?? {}

    const providerType = providerId ? findProvider(config.providers, providerId)?.type : undefined
    if (providerId && !providerType) {
      return event.fail(400, {
        fieldErrors: { providerId: [`No provider with id "${providerId}" is configured.`] },
        formErrors: [],
      }) as SignInFailed
    }

    const fieldValues: Record<string, string> = {}
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined && value !== null) fieldValues[name] = String(value)
    }
    const callInput = serverInput(event, config)
    // A refused sign-in goes where the route would send it: the sign-in page with ?error=…&code=….
    const target = await targetOrFailure(
      callInput,
      async () => {
        const { value, cookies } = await coreSignIn({
          ...callInput,
          provider: providerId,
          fields: fieldValues,
          redirectTo,
          authorizationParams: Object.fromEntries(new URLSearchParams(authorizationParams ?? "")),
        })
        writeAuthCookies(cookies, event)
        return value.redirect
      },
      false,
    )
    const failure = staysOnFailure ? readAuthFailure(target, config, event.request.url) : null
    if (failure) {
      return event.fail(signInFailureStatus(failure.error), {
        fieldErrors: {},
        formErrors: [signInFailureMessage(failure.error)],
        ...failure,
      }) as SignInFailed
    }
    return redirectFromAction(event, target)
  }

  return globalActionQrl(
    inlinedQrl(signIn, "useSignIn_gatehouseSignIn"),
    // Validation runs on the server only; leaving it out of the browser bundle keeps zod out too.
    untypedValidator(isServer ? validatorQrl(inlinedQrl(validateSignInInput, "useSignIn_gatehouseSignInInput")) : undefined),
  ) as unknown as Action<SignInResult, SignInInput, false>
}
