/**
 * Browser-side sign-in and sign-out for SvelteKit pages: `import { signIn, signOut } from "@gatehouse/sveltekit/client"`.
 * The requests are same-origin form posts, which SvelteKit's origin check admits and cross-site pages cannot forge.
 */
import { base } from "$app/paths"
import { formFields, navigate, pageOnThisSite, postAuthForm, readAuthJson, signInRoute } from "@gatehouse/core/client"
import { authBasePath } from "./auth-base-path.js"
import type { AuthorizationParams } from "./sign-in.js"

export type { AuthorizationParams }

/**
 * Options of the browser's `signIn(provider, options)`: where to land, whether to follow the redirect,
 * and fields for the provider.
 */
export interface ClientSignInOptions<Redirect extends boolean = boolean> {
  /** Where to land after signing in; default: the current page. */
  redirectTo?: string
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string
  /** false: stay on the page and get the outcome back (for inline error messages). Default true. */
  redirect?: Redirect
  /** Credential fields, the e-mail address, … */
  [field: string]: unknown
}

/**
 * What the browser's `signIn` answers with `redirect: false`: whether it worked, the error type if
 * not, the HTTP status and the URL.
 */
export interface SignInResponse {
  /** The error type, e.g. "CredentialsSignin", or undefined on success. */
  error: string | undefined
  /** The CredentialsSignin code, e.g. "credentials". */
  code: string | undefined
  status: number
  ok: boolean
  /** Where the browser would have gone; null on error. */
  url: string | null
}

/** Options of the browser's `signOut(options)`: where to land and whether to follow the redirect. */
export interface ClientSignOutOptions<Redirect extends boolean = boolean> {
  redirectTo?: string
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string
  redirect?: Redirect
  /**
   * Also end the session at the identity provider (OpenID Connect RP-Initiated Logout): the browser
   * goes to the provider's end-session endpoint, which sends it back to `redirectTo`.
   */
  federated?: boolean
}

/** What the browser's `signOut` answers with `redirect: false`: the URL it would have gone to. */
export interface SignOutResponse {
  url: string
}

interface ProviderSummary {
  id: string
  type: string
}

/** Read per call: with relative paths SvelteKit settles `base` when the app starts. */
function authPath(): string {
  return authBasePath(base)
}

/**
 * Starts a sign-in with `provider`: OAuth and OIDC go to the provider, e-mail sends a link,
 * credentials check the fields given in `options`. Without a provider, or with one the server
 * does not know, the browser goes to the sign-in page.
 */
export async function signIn(
  provider?: string,
  options?: ClientSignInOptions<true>,
  authorizationParams?: AuthorizationParams,
): Promise<void>
export async function signIn(
  provider: string | undefined,
  options: ClientSignInOptions<false>,
  authorizationParams?: AuthorizationParams,
): Promise<SignInResponse>
export async function signIn(
  provider?: string,
  options: ClientSignInOptions = {},
  authorizationParams?: AuthorizationParams,
): Promise<SignInResponse | void> {
  const { redirect = true, redirectTo: target, callbackUrl: legacyCallbackUrl, ...fields } = options
  const redirectTo = target ?? legacyCallbackUrl ?? window.location.href

  const found = provider ? await lookUpProvider(provider) : undefined
  if (!found) {
    navigate(`${authPath()}/signin?${new URLSearchParams({ callbackUrl: redirectTo })}`)
    return
  }

  const action = signInRoute(found.type)
  const query = new URLSearchParams(authorizationParams).toString()
  const { response, url } = await postAuthForm(`${authPath()}/${action}/${encodeURIComponent(found.id)}${query ? `?${query}` : ""}`, {
    ...formFields(fields),
    callbackUrl: redirectTo,
  })

  if (redirect) {
    navigate(url ?? pageOnThisSite(redirectTo))
    return
  }
  const parsed = url ? new URL(url, window.location.href) : undefined
  const error = parsed?.searchParams.get("error") ?? (response.ok ? undefined : "Configuration")
  return {
    error,
    code: parsed?.searchParams.get("code") ?? undefined,
    status: response.status,
    ok: response.ok,
    url: error ? null : (url ?? null),
  }
}

/** Ends the session, then (by default) goes to `redirectTo` or reloads the current page. */
export async function signOut(options?: ClientSignOutOptions<true>): Promise<void>
export async function signOut(options: ClientSignOutOptions<false>): Promise<SignOutResponse>
export async function signOut(options: ClientSignOutOptions = {}): Promise<SignOutResponse | void> {
  const { redirect = true } = options
  const redirectTo = options.redirectTo ?? options.callbackUrl ?? window.location.href
  const answer = await postAuthForm(`${authPath()}/signout`, {
    callbackUrl: redirectTo,
    ...(options.federated !== undefined ? { federated: String(options.federated) } : {}),
  })
  const url = answer.url ?? pageOnThisSite(redirectTo)
  if (redirect) {
    navigate(url)
    return
  }
  return { url }
}

/** The provider's real type decides the endpoint, so a credentials provider with a custom id works too. */
async function lookUpProvider(id: string): Promise<ProviderSummary | undefined> {
  try {
    const providers = await readAuthJson<Record<string, ProviderSummary>>(`${authPath()}/providers`)
    return Object.hasOwn(providers, id) ? providers[id] : undefined
  } catch {
    return undefined
  }
}
