import { AccessDenied, AuthError } from "../errors.js"
import type { InternalOptions } from "../providers/types.js"
import { resolveCallbackUrl } from "../http/callback-url.js"
import type { CallbacksOptions } from "../types.js"

type SignInParams = Parameters<NonNullable<CallbacksOptions["signIn"]>>[0]

/**
 * Asks the app's signIn callback. Returns nothing to go on, or a URL to redirect to instead.
 * false, or a throw that is not an AuthError, becomes AccessDenied carrying the original message.
 */
export async function runSignInCallback(params: SignInParams, options: InternalOptions): Promise<string | undefined> {
  let result: boolean | string
  try {
    result = await options.callbacks.signIn(params)
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw new AccessDenied((error as Error)?.message ?? "The signIn callback threw", error as Error)
  }
  if (!result) throw new AccessDenied("AccessDenied")
  if (typeof result === "string") {
    return resolveCallbackUrl([result], options.url.origin, options.callbacks.redirect)
  }
  return undefined
}
