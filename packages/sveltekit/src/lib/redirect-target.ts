import type { RequestEvent } from "@sveltejs/kit"
import type { ResponseInternal } from "@gatehouse/core/types"
import { applyAuthCookies } from "./apply-auth-cookies.js"

/**
 * Where a server-side sign-in or sign-out sends the browser, with core's cookies handed to
 * SvelteKit. Core answers in its internal form, except for failures outside its own error types,
 * which come back as a ready redirect to the error page.
 */
export function redirectTarget(event: RequestEvent, response: ResponseInternal | Response, errorPage: URL): string {
  if (response instanceof Response) return response.headers.get("location") ?? configurationError(errorPage)
  applyAuthCookies(event, response.cookies)
  return response.redirect ?? configurationError(errorPage)
}

function configurationError(errorPage: URL): string {
  errorPage.search = "error=Configuration"
  return errorPage.toString()
}
