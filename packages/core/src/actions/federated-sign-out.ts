/**
 * Federated sign-out (OpenID Connect RP-Initiated Logout 1.0), brought by `FederatedSignOut()`:
 * once POST /signout has ended the local session (actions/signout.ts), the browser goes on to the
 * provider's end-session endpoint, which sends it back to GET /signout/callback/<providerId>.
 */
import type { EndedLocalSession, InternalOptions, InternalProvider } from "../providers/types.js"
import { optionsWithProvider } from "../config/request-options.js"
import { InvalidProvider } from "../errors.js"
import { resolveCallbackUrl } from "../http/callback-url.js"
import type { RequestInternal } from "../http/request-internal.js"
import { signOutState } from "../oauth/checks.js"
import { endSessionUrl, missingEndSessionEndpoint } from "../oauth/end-session.js"
import type { Cookie } from "../shared-types.js"
import { clearIdentityProviderCookie, readIdentityProviderCookie } from "../session-cookie/identity-provider-cookie.js"
import { type IdentityProviderMark, identityProviderOf } from "../session-cookie/token-marks.js"
import type { ResponseInternal } from "../types.js"
import { federatedSignOutFailed } from "./signout.js"

/**
 * After the local sign-out: the provider the session was signed in with is read (the JWT's mark, or
 * a database session's `authjs.idp` cookie, which is cleared), and the sign-out is federated when
 * the form asks (`federated=true`) or the provider's `federatedSignOut: true` says so.
 */
export async function federatedSignOut(
  request: RequestInternal,
  options: InternalOptions,
  ended: EndedLocalSession,
  cookies: Cookie[],
): Promise<ResponseInternal> {
  const signedInWith = await signedInWithOf(request, options, ended)
  const all = [...cookies, ...clearIdentityProviderCookie(request.cookies, options)]
  if (!isFederated(request, options, signedInWith)) return { redirect: options.callbackUrl, cookies: all }
  return toEndSession(options, signedInWith, all)
}

/** Which provider (and ID token) the ended session was signed in with; undefined when it records none. */
async function signedInWithOf(
  request: RequestInternal,
  options: InternalOptions,
  ended: EndedLocalSession,
): Promise<IdentityProviderMark | undefined> {
  if (options.session.strategy === "jwt") return identityProviderOf(ended.jwt)
  try {
    const account = await readIdentityProviderCookie(request.cookies, ended.sessionToken, options)
    return account ? { provider: account.provider, idToken: await idTokenOf(account, options) } : undefined
  } catch (error) {
    options.logger.error(error as Error)
    return undefined
  }
}

/** `federated=true` in the form, or the provider's `federatedSignOut: true` (which `federated=false` turns off). */
function isFederated(request: RequestInternal, options: InternalOptions, signedInWith: IdentityProviderMark | undefined): boolean {
  const asked = request.body?.federated
  if (asked === "true") return true
  if (asked === "false" || !signedInWith) return false
  return providerOf(options, signedInWith.provider)?.federatedSignOut === true
}

/** The ID token kept in the account row a database session was signed in with (none: sign-out goes without a hint). */
async function idTokenOf(account: { provider: string; providerAccountId: string }, options: InternalOptions): Promise<string | undefined> {
  try {
    const row = await options.adapter!.getAccount(account.providerAccountId, account.provider)
    return typeof row?.id_token === "string" ? row.id_token : undefined
  } catch (error) {
    options.logger.error(error as Error)
    return undefined
  }
}

function providerOf(options: InternalOptions, id: string): InternalProvider<"oauth"> | undefined {
  const provider = options.providers.find((p) => p.id === id)
  return provider?.type === "oauth" || provider?.type === "oidc" ? (provider as InternalProvider<"oauth">) : undefined
}

/**
 * The local session is already over; now the provider's. When that cannot be (no provider known
 * for this session, or one without an end-session endpoint) the error is logged and the error
 * page shown, the session cookies still cleared.
 */
async function toEndSession(
  options: InternalOptions,
  signedInWith: IdentityProviderMark | undefined,
  cookies: Cookie[],
): Promise<ResponseInternal> {
  try {
    if (!signedInWith) {
      throw new InvalidProvider(
        "A federated sign-out was asked for, but this session records no provider to sign out of: set `federatedSignOut` on the provider it was signed in with",
      )
    }
    const provider = providerOf(options, signedInWith.provider)
    if (!provider)
      throw new InvalidProvider(`The session was signed in with provider "${signedInWith.provider}", which is no longer configured`)
    const providerOptions = optionsWithProvider(options, provider as InternalOptions<"oauth">["provider"])
    const state = await signOutState.create(providerOptions, options.callbackUrl)
    const redirect = await endSessionUrl(provider, options, { idToken: signedInWith.idToken, state: state.value })
    return { redirect, cookies: [...cookies, state.cookie] }
  } catch (error) {
    return federatedSignOutFailed(error as Error, options, cookies)
  }
}

/** Back from the provider: the `state` must be the one this browser was given; then on to the saved landing. */
export async function federatedSignOutLanding(request: RequestInternal, options: InternalOptions<"oauth">): Promise<ResponseInternal> {
  if (options.provider.type !== "oauth" && options.provider.type !== "oidc") throw missingEndSessionEndpoint(options.provider)
  const cookies: Cookie[] = []
  const redirectTo = await signOutState.use(request.query.state, request.cookies, options, cookies)
  // Checked again on the way out: the cookie is ours, but the redirect callback has the last word.
  const redirect = await resolveCallbackUrl([redirectTo], options.url.origin, options.callbacks.redirect)
  return { redirect, cookies }
}
