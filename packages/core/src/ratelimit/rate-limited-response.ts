import type { RequestInternal } from "../http/request-internal.js"
import { errorPage } from "../pages/error-page.js"
import { pageLocale, type PageLocales } from "../pages/page-locale.js"
import type { ResponseInternal } from "../types.js"
import type { LocaleOption, Theme } from "../shared-types.js"

const noStore = "private, no-store"

/** Callers that read JSON: the client functions, fetch() with a JSON body, the passkey script. */
function wantsJson(request: RequestInternal, redirectMode: boolean): boolean {
  if (redirectMode || request.action === "webauthn-options") return true
  if (request.headers.get("content-type")?.includes("application/json")) return true
  const accept = request.headers.get("accept") ?? ""
  return accept.includes("application/json") && !accept.includes("text/html")
}

/**
 * 429 with Retry-After. JSON callers get `{ url, error, message, retryAfter }`: `url` is the error
 * page, where Auth.js's client functions look for the error name; browsers on a page flow get the
 * error page itself, saying "Too many attempts".
 */
export function rateLimitedResponse(
  request: RequestInternal,
  site: { basePath: string; theme: Theme; locale: LocaleOption | undefined; locales: PageLocales },
  retryAfter: number,
  redirectMode: boolean,
): ResponseInternal {
  const url = new URL(`${request.url.origin}${site.basePath}`)
  const headers = { "Retry-After": String(retryAfter), "Cache-Control": noStore }
  if (wantsJson(request, redirectMode)) {
    return {
      status: 429,
      headers: { ...headers, "Content-Type": "application/json" },
      body: {
        url: `${url.href}/error?error=RateLimited`,
        error: "RateLimited",
        message: `Too many attempts. Try again in ${retryAfter} seconds.`,
        retryAfter,
      },
    }
  }
  const page = errorPage({ url, theme: site.theme, locale: pageLocale(request, site.locale, site.locales) }, "RateLimited")
  return { ...page, status: 429, headers: { ...page.headers, ...headers } }
}
