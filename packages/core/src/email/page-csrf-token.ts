import type { InternalOptions } from "../providers/types.js"
import { readCsrfToken } from "../csrf/csrf-token.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { Cookie } from "../shared-types.js"

/**
 * The CSRF token for a page whose form posts to /callback/<email id> (the link's confirmation
 * page, the code form). Those pages are GETs, for which core does not mint one, so it is read
 * (or minted, with its cookie) here. Nothing when the app turned CSRF checks off.
 */
export async function pageCsrfToken(
  request: RequestInternal,
  options: InternalOptions,
): Promise<{ csrfToken?: string; cookies: Cookie[] }> {
  if (options.csrfToken) return { csrfToken: options.csrfToken, cookies: [] }
  // On a GET, "verified" can only mean skipCSRFCheck.
  if (options.csrfTokenVerified) return { cookies: [] }
  const state = await readCsrfToken(request.cookies[options.cookies.csrfToken.name], undefined, false, `${options.secret}`)
  const cookies = state.cookieValue ? [{ ...options.cookies.csrfToken, value: state.cookieValue }] : []
  return { csrfToken: state.token, cookies }
}
