import type { InternalOptions, InternalProvider } from "../providers/types.js"
import { optionsWithProvider } from "../config/request-options.js"
import { InvalidProvider, MissingCSRF, SignOutError, UnknownAction } from "../errors.js"
import { emitEvent } from "../config/default-callbacks.js"
import { appPageUrl, resolveCallbackUrl } from "../http/callback-url.js"
import type { RequestInternal } from "../http/request-internal.js"
import { clearSessionCookie, readSessionCookie } from "../http/session-chunks.js"
import { signOutState } from "../oauth/checks.js"
import { endSessionUrl, missingEndSessionEndpoint } from "../oauth/end-session.js"
import type { Cookie } from "../shared-types.js"
import { clearIdentityProviderCookie, readIdentityProviderCookie } from "../session-cookie/identity-provider-cookie.js"
import { type IdentityProviderMark, identityProviderOf } from "../session-cookie/token-marks.js"
import type { ResponseInternal } from "../types.js"
import { stepUpCookieDeletion } from "../step-up/step-up-cookie.js"
import { html } from "../pages/html.js"
import { message } from "../pages/page-locale.js"
import { pageHeaders, renderPage } from "../pages/render-page.js"

/**
 * GET /signout asks for confirmation. POST /signout ends the session: its row is deleted (a
 * database session's, or a recorded JWT session's) and every session cookie chunk is cleared,
 * whatever happened. A row the database would not delete is logged (SignOutError) and deleted at
 * the user's next listing of their sessions in this process (sessions/unfinished-sign-outs.ts).
 * A federated sign-out then sends the browser on to the provider's end-session endpoint, which
 * sends it back to GET /signout/callback/<providerId>.
 */
export async function signout(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  if (request.method === "GET") {
    if (request.providerId !== undefined) return federatedSignOutLanding(request, options as InternalOptions<"oauth">)
    if (options.pages.signOut) return { redirect: appPageUrl(options.pages.signOut, {}, options) }
    return signoutPage(options)
  }
  if (request.providerId !== undefined) throw new UnknownAction("The federated sign-out landing only answers GET")
  if (!options.csrfTokenVerified) throw new MissingCSRF("CSRF token was missing during a sign-out")

  const cookie = options.cookies.sessionToken
  const token = readSessionCookie(request.cookies, cookie.name)
  if (!token) return { redirect: options.callbackUrl }
  let signedInWith: IdentityProviderMark | undefined
  try {
    if (options.session.strategy === "jwt") {
      const decoded = await Promise.resolve(options.jwt.decode({ ...options.jwt, token, salt: cookie.name })).catch(() => null)
      signedInWith = identityProviderOf(decoded)
      await options.sessionRecords?.endJwtSession(decoded, options)
      await emitEvent(options, "signOut", { token: decoded ?? null })
    } else {
      const account = await readIdentityProviderCookie(request.cookies, token, options)
      const records = options.sessionRecords
      const session = records ? await records.deleteSignedOutSession(options.adapter!, token) : await options.adapter!.deleteSession(token)
      if (account) signedInWith = { provider: account.provider, idToken: await idTokenOf(account, options) }
      await emitEvent(options, "signOut", { session })
    }
  } catch (error) {
    options.logger.error(new SignOutError(error as Error))
  }
  const cookies = [...clearSessionCookie(request.cookies, cookie), ...clearIdentityProviderCookie(request.cookies, options)]
  // A step-up begun by this session ends with it: left behind, it would refuse whoever signs in next in this browser.
  if (request.cookies[options.cookies.stepUp.name]) cookies.push(stepUpCookieDeletion(options))
  if (!isFederated(request, options, signedInWith)) return { redirect: options.callbackUrl, cookies }
  return federatedSignOut(options, signedInWith, cookies)
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
async function federatedSignOut(
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
    options.logger.error(error as Error)
    const page = options.pages.error ?? `${options.basePath}/error`
    return { redirect: appPageUrl(page, { error: "Configuration" }, options), cookies }
  }
}

/** Back from the provider: the `state` must be the one this browser was given; then on to the saved landing. */
async function federatedSignOutLanding(request: RequestInternal, options: InternalOptions<"oauth">): Promise<ResponseInternal> {
  if (options.provider.type !== "oauth" && options.provider.type !== "oidc") throw missingEndSessionEndpoint(options.provider)
  const cookies: Cookie[] = []
  const redirectTo = await signOutState.use(request.query.state, request.cookies, options, cookies)
  // Checked again on the way out: the cookie is ours, but the redirect callback has the last word.
  const redirect = await resolveCallbackUrl([redirectTo], options.url.origin, options.callbacks.redirect)
  return { redirect, cookies }
}

/** The sign-out confirmation: a POST with the CSRF token, so a link alone cannot sign anyone out. */
function signoutPage(options: InternalOptions): ResponseInternal<string> {
  const { locale } = options
  const content = html`<div class="card"><h1>${message(locale, "signout.heading")}</h1><p>${message(locale, "signout.question")}</p><form action="${options.url.href}/signout" method="POST">${options.csrfToken ? html`<input type="hidden" name="csrfToken" value="${options.csrfToken}">` : ""}<button type="submit">${message(locale, "signout.button")}</button></form></div>`
  return { status: 200, headers: pageHeaders(), body: renderPage(locale, "signout.title", content, options.theme) }
}
