import type { InternalOptions } from "../providers/types.js"
import { InvalidProvider, MissingCSRF, SignOutError, UnknownAction } from "../errors.js"
import { emitEvent } from "../config/default-callbacks.js"
import { federatedSignOutAdvice } from "../federated-sign-out/federated-sign-out-config.js"
import { appPageUrl } from "../http/callback-url.js"
import type { RequestInternal } from "../http/request-internal.js"
import { clearSessionCookie, readSessionCookie } from "../http/session-chunks.js"
import type { JWT } from "../jwt/types.js"
import type { Cookie } from "../shared-types.js"
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
 * With `federatedSignOut: FederatedSignOut()` the sign-out may then go on to the identity
 * provider's end-session endpoint, which sends the browser back to GET /signout/callback/<providerId>
 * (actions/federated-sign-out.ts, which only that option loads).
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
  let jwt: JWT | null | undefined
  try {
    if (options.session.strategy === "jwt") {
      jwt = await Promise.resolve(options.jwt.decode({ ...options.jwt, token, salt: cookie.name })).catch(() => null)
      await options.sessionRecords?.endJwtSession(jwt, options)
      await emitEvent(options, "signOut", { token: jwt ?? null })
    } else {
      const records = options.sessionRecords
      const session = records ? await records.deleteSignedOutSession(options.adapter!, token) : await options.adapter!.deleteSession(token)
      await emitEvent(options, "signOut", { session })
    }
  } catch (error) {
    options.logger.error(new SignOutError(error as Error))
  }
  const cookies = clearSessionCookie(request.cookies, cookie)
  // A step-up begun by this session ends with it: left behind, it would refuse whoever signs in next in this browser.
  if (request.cookies[options.cookies.stepUp.name]) cookies.push(stepUpCookieDeletion(options))
  if (options.federatedSignOut) return options.federatedSignOut.signOut(request, options, { sessionToken: token, jwt }, cookies)
  if (request.body?.federated !== "true") return { redirect: options.callbackUrl, cookies }
  // Asked for without the option, as for any session whose provider lacks `federatedSignOut`: the local session is over, the provider's cannot be.
  const error = new InvalidProvider(`A federated sign-out was asked for, but federated sign-out is not on: ${federatedSignOutAdvice}`)
  return federatedSignOutFailed(error, options, cookies)
}

/** GET /signout/callback/<providerId>: only with the `federatedSignOut` option, which brings its code. */
function federatedSignOutLanding(request: RequestInternal, options: InternalOptions<"oauth">): Promise<ResponseInternal> {
  if (!options.federatedSignOut) throw new UnknownAction("Federated sign-out is not configured (federatedSignOut)")
  return options.federatedSignOut.landing(request, options)
}

/**
 * A federated sign-out that cannot reach the provider (none recorded for the session, none
 * configured, no end-session endpoint): logged, and the error page shown (`Configuration`), the
 * session cookies still cleared.
 */
export function federatedSignOutFailed(error: Error, options: InternalOptions, cookies: Cookie[]): ResponseInternal {
  options.logger.error(error)
  const page = options.pages.error ?? `${options.basePath}/error`
  return { redirect: appPageUrl(page, { error: "Configuration" }, options), cookies }
}

/** The sign-out confirmation: a POST with the CSRF token, so a link alone cannot sign anyone out. */
function signoutPage(options: InternalOptions): ResponseInternal<string> {
  const { locale } = options
  const content = html`<div class="card"><h1>${message(locale, "signout.heading")}</h1><p>${message(locale, "signout.question")}</p><form action="${options.url.href}/signout" method="POST">${options.csrfToken ? html`<input type="hidden" name="csrfToken" value="${options.csrfToken}">` : ""}<button type="submit">${message(locale, "signout.button")}</button></form></div>`
  return { status: 200, headers: pageHeaders(), body: renderPage(locale, "signout.title", content, options.theme) }
}
