import type { InternalOptions } from "../config/internal-options.js"
import type { RequestInternal } from "../http/request-internal.js"
import { verifyRequestPage } from "../pages/verify-request-page.js"
import type { ResponseInternal } from "../types.js"
import { appPageUrl } from "./app-page-url.js"

/** GET /verify-request: "check your email", or the app's own page with the same query. */
export function verifyRequest(request: RequestInternal, options: InternalOptions): ResponseInternal {
  if (options.pages.verifyRequest) return { redirect: appPageUrl(options.pages.verifyRequest, request.query, options) }
  return verifyRequestPage(options)
}
