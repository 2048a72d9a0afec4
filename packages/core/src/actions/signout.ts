import type { InternalOptions } from "../config/internal-options.js"
import { MissingCSRF, SignOutError } from "../errors.js"
import { emitEvent } from "../events/emit-event.js"
import type { RequestInternal } from "../http/request-internal.js"
import { clearSessionCookie, readSessionCookie } from "../http/session-chunks.js"
import { signoutPage } from "../pages/signout-page.js"
import type { ResponseInternal } from "../types.js"
import { appPageUrl } from "../http/app-page-url.js"

/**
 * GET /signout asks for confirmation. POST /signout ends the session: the database row is
 * deleted (database strategy) and every session cookie chunk is cleared, whatever happened.
 */
export async function signout(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  if (request.method === "GET") {
    if (options.pages.signOut) return { redirect: appPageUrl(options.pages.signOut, {}, options) }
    return signoutPage(options)
  }
  if (!options.csrfTokenVerified) throw new MissingCSRF("CSRF token was missing during a sign-out")

  const cookie = options.cookies.sessionToken
  const token = readSessionCookie(request.cookies, cookie.name)
  if (!token) return { redirect: options.callbackUrl }
  try {
    if (options.session.strategy === "jwt") {
      const decoded = await Promise.resolve(options.jwt.decode({ ...options.jwt, token, salt: cookie.name })).catch(() => null)
      await emitEvent(options, "signOut", { token: decoded ?? null })
    } else {
      const session = await options.adapter!.deleteSession(token)
      await emitEvent(options, "signOut", { session })
    }
  } catch (error) {
    options.logger.error(new SignOutError(error as Error))
  }
  return { redirect: options.callbackUrl, cookies: clearSessionCookie(request.cookies, cookie) }
}
