import { callCore } from "./call-core.js"
import { findProvider, signInRoute } from "@gatehouse/core/integration"
import { redirect } from "next/navigation"
import { appRelativeUrl } from "./app-relative-url.js"
import type { ConfigResolver } from "./create-config-resolver.js"
import { serverActionConfig } from "./server-action-config.js"
import { serverRequestContext } from "./server-request.js"
import type { SignInAuthorizationParams, SignInOptions } from "./types.js"
import { writeCookies } from "./next-headers.js"

/**
 * Server-side `signIn(provider?, options?, authorizationParams?)` for server actions.
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
  const context = await serverRequestContext("signin", config, { call: "signIn" })
  const callbackUrl = redirectTo ?? context.referer ?? "/"
  const origin = context.url.origin

  const found = provider ? findProvider(config.providers, provider) : undefined
  if (!found) {
    const signInPage = new URL(context.url)
    signInPage.searchParams.set("callbackUrl", callbackUrl)
    return finish(signInPage.toString(), shouldRedirect, origin)
  }

  const actionUrl = new URL(context.url)
  actionUrl.pathname = actionUrl.pathname.replace(/\/signin$/, `/${signInRoute(found.type)}`)
  actionUrl.pathname += `/${encodeURIComponent(found.id)}`
  actionUrl.search = new URLSearchParams(authorizationParams).toString()

  context.headers.set("content-type", "application/x-www-form-urlencoded")
  const request = new Request(actionUrl, {
    method: "POST",
    headers: context.headers,
    body: new URLSearchParams({ ...fields, callbackUrl }),
  })
  // AuthErrors (CredentialsSignin…) are thrown by core in raw mode and reach the caller untouched.
  const result: any = await callCore(request, serverActionConfig(config))
  await writeCookies(result?.cookies)
  const target = result instanceof Response ? result.headers.get("location") : result?.redirect
  return finish(target ?? actionUrl.toString(), shouldRedirect, origin)
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

function finish(url: string, shouldRedirect: boolean, origin: string): string {
  if (shouldRedirect) redirect(appRelativeUrl(url, origin))
  return url
}
