import { signIn as coreSignIn, targetOrFailure } from "@gatehouse/core/server"
import { redirect } from "next/navigation"
import { appRelativeUrl } from "./app-relative-url.js"
import type { ConfigResolver } from "./create-config-resolver.js"
import { writeCookies } from "./next-headers.js"
import { serverRequestContext } from "./server-request.js"
import type { SignInAuthorizationParams, SignInOptions } from "./types.js"

/**
 * Server-side `signIn(provider?, options?, authorizationParams?)` for server actions, through core's
 * `signIn` (what the sign-in form's POST runs):
 * - no or unknown provider: to the sign-in page (with callbackUrl);
 * - oauth/oidc: to the provider's authorization URL; email: sends the link, to verify-request;
 * - credentials: checks them here and signs in, or throws the AuthError (CredentialsSignin with its code).
 * Redirects with Next's `redirect()` (which throws: rethrow it, see `isRedirectError`) unless
 * `redirect: false`, in which case the URL is returned.
 */
export async function signIn(
  resolveConfig: ConfigResolver,
  provider?: string,
  options: FormData | SignInOptions = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<string> {
  const config = await resolveConfig(undefined)
  const { redirect: shouldRedirect = true, redirectTo, fields } = readOptions(options)
  const { input, url, finish, referer } = await serverRequestContext("signin", config, { call: "signIn" })
  // AuthErrors (CredentialsSignin…) reach the caller untouched; anything else is the error page's.
  const target = await targetOrFailure(input, async () => {
    const { value, cookies } = await coreSignIn({
      ...input,
      provider,
      fields,
      redirectTo: redirectTo ?? referer ?? "/",
      authorizationParams: Object.fromEntries(new URLSearchParams(authorizationParams)),
    })
    await writeCookies(finish(cookies))
    return value.redirect
  })
  if (shouldRedirect) redirect(appRelativeUrl(target, url.origin))
  return target
}

function readOptions(options: FormData | SignInOptions) {
  const entries: Record<string, unknown> =
    typeof FormData !== "undefined" && options instanceof FormData ? Object.fromEntries(options) : { ...options }
  const { redirect: redirectOption, redirectTo, ...rest } = entries
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries(rest)) {
    // Next's own bookkeeping fields of a form bound to a server action are not sign-in input.
    if (name.startsWith("$ACTION")) continue
    if (typeof value === "string") fields[name] = value
    else if (typeof value === "number" || typeof value === "boolean") fields[name] = String(value)
  }
  return {
    redirect: redirectOption === undefined ? true : redirectOption !== false && redirectOption !== "false",
    redirectTo: typeof redirectTo === "string" && redirectTo !== "" ? redirectTo : undefined,
    fields,
  }
}
