"use client"
import { formFields, navigate, pageOnThisSite, postAuthForm, signInRoute } from "@gatehouse/core/client"
import { authRouteUrl } from "./client-config.js"
import { getCsrfToken } from "./get-csrf-token.js"
import { getProviders } from "./get-providers.js"
import { announceSessionChange } from "./session-events.js"

/**
 * Options of the browser's `signIn(provider, options)`: where to land, whether to follow the redirect,
 * and fields for the provider.
 */
export interface ClientSignInOptions extends Record<string, unknown> {
  /** Where to land after signing in. Default: the current page. */
  redirectTo?: string
  /** @deprecated next-auth v4 name of redirectTo */
  callbackUrl?: string
  /** false: stay on the page and get the outcome back. Default true. */
  redirect?: boolean
}

/**
 * What the browser's `signIn` answers with `redirect: false`: whether it worked, the error type if
 * not, the HTTP status and the URL to go to.
 */
export interface SignInResponse {
  /** The error type (e.g. "CredentialsSignin"), when sign-in failed. */
  error: string | undefined
  code: string | undefined
  status: number
  /** true only when the sign-in succeeded (next-auth reports ok: true with an error; this does not). */
  ok: boolean
  url: string | null
}

/**
 * Client-side sign-in. Without a (known) provider it goes to the sign-in page. Credentials and email fields
 * are passed in `options`; `redirect: false` returns the outcome instead of navigating.
 */
export async function signIn(
  provider?: string,
  options: ClientSignInOptions = {},
  authorizationParams?: string | string[][] | Record<string, string> | URLSearchParams,
): Promise<SignInResponse | undefined> {
  const { redirect = true, redirectTo: redirectOption, callbackUrl: legacyCallbackUrl, ...fields } = options
  const redirectTo = redirectOption ?? legacyCallbackUrl ?? window.location.href

  const providers = await getProviders()
  if (!providers) {
    window.location.href = authRouteUrl("error")
    return undefined
  }
  if (!provider || !(provider in providers)) {
    window.location.href = `${authRouteUrl("signin")}?${new URLSearchParams({ callbackUrl: String(redirectTo) })}`
    return undefined
  }
  const { type } = providers[provider]
  if (type === "webauthn") {
    throw new TypeError(`Provider "${provider}" is a WebAuthn provider; sign in with it through the WebAuthn client.`)
  }

  const route = `${signInRoute(type)}/${encodeURIComponent(provider)}`
  const query = new URLSearchParams(authorizationParams).toString()
  const { response, url } = await postAuthForm(`${authRouteUrl(route)}${query ? `?${query}` : ""}`, {
    csrfToken: await getCsrfToken(),
    callbackUrl: String(redirectTo),
    ...formFields(fields),
  })

  if (redirect) {
    navigate(url ?? pageOnThisSite(String(redirectTo)))
    return undefined
  }

  const resultUrl = url ? new URL(url, window.location.href) : undefined
  const error = resultUrl?.searchParams.get("error") ?? undefined
  const code = resultUrl?.searchParams.get("code") ?? undefined
  const ok = response.ok && !error
  if (ok) announceSessionChange({ trigger: "signin" })
  return { error, code, status: response.status, ok, url: error ? null : (url ?? null) }
}
