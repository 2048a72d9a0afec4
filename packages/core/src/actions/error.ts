import type { InternalOptions } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import { errorPage } from "../pages/error-page.js"
import type { ResponseInternal } from "../types.js"
import { appPageUrl } from "../http/app-page-url.js"

/** GET /error: the built-in error page, or the app's own with the error name. */
export function error(request: RequestInternal, options: InternalOptions): ResponseInternal {
  if (options.pages.error) {
    return { redirect: appPageUrl(options.pages.error, request.error ? { error: request.error } : {}, options) }
  }
  return errorPage(options, request.error)
}
