import { redirect, type RequestEvent } from "@sveltejs/kit"
import { signIn, targetOrFailure } from "@gatehouse/core/server"
import type { AuthConfig } from "@gatehouse/core/types"
import { applyAuthCookies } from "./apply-auth-cookies.js"
import { serverInput } from "./server-input.js"

/**
 * Extra parameters for the provider's authorization request (`prompt`, `login_hint`…), in any form
 * `URLSearchParams` takes.
 */
export type AuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams

/**
 * Options of the server-side `signIn`: where to land, whether to redirect, and fields for the
 * provider.
 */
export interface SignInOptions {
  /** Where to land after signing in; default: the page the request came from, else "/". */
  redirectTo?: string
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string
  /** Anything else is posted to the provider: credential fields, the e-mail address… */
  [field: string]: string | undefined
}

/**
 * Signs in on the server through core's `signIn` (the actions a browser posting to
 * `/auth/signin/<id>`, or `/auth/callback/<id>` for credentials, runs), then redirects (303) where
 * core says: to the provider, to the verify-request page, or back to the app. Without a known
 * provider it redirects to the sign-in page. An AuthError (a failed credentials sign-in among them)
 * is thrown to the caller.
 */
export async function signInOnServer(
  event: RequestEvent,
  provider: string | undefined,
  options: SignInOptions,
  authorizationParams: AuthorizationParams | undefined,
  config: AuthConfig,
): Promise<never> {
  const { redirectTo, callbackUrl: legacyCallbackUrl, ...fields } = options
  const input = serverInput(event, config)
  const target = await targetOrFailure(input, async () => {
    const { value, cookies } = await signIn({
      ...input,
      provider,
      fields: definedFields(fields),
      redirectTo: redirectTo ?? legacyCallbackUrl ?? event.request.headers.get("referer") ?? "/",
      authorizationParams: Object.fromEntries(new URLSearchParams(authorizationParams)),
    })
    applyAuthCookies(event, cookies)
    return value.redirect
  })
  redirect(303, target)
}

function definedFields(fields: Record<string, string | undefined>): Record<string, string> {
  const defined: Record<string, string> = {}
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) defined[key] = value
  return defined
}
