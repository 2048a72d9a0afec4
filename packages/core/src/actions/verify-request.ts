import type { InternalOptions } from "../providers/types.js"
import { verifyRequestView } from "../email/verify-request-view.js"
import type { RequestInternal } from "../http/request-internal.js"
import { verifyRequestPage } from "../pages/verify-request-page.js"
import type { ResponseInternal } from "../types.js"
import { appPageUrl } from "../http/app-page-url.js"

/** GET /verify-request: "check your email" (with the code form), or the app's own page with the same query. */
export async function verifyRequest(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  if (options.pages.verifyRequest) return { redirect: appPageUrl(options.pages.verifyRequest, request.query, options) }
  const { view, cookies } = await verifyRequestView(request, options)
  return { ...verifyRequestPage(options, view), cookies }
}
