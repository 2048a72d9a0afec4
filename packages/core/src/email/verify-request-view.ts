import type { InternalOptions, InternalProvider } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import { appPageUrl } from "../http/callback-url.js"
import { type VerifyRequestView, verifyRequestPage } from "../pages/verify-request-page.js"
import type { Cookie } from "../shared-types.js"
import type { ResponseInternal } from "../types.js"
import { emailFlowOptions } from "./email-provider-options.js"
import { pageCsrfToken } from "./page-csrf-token.js"

/**
 * What the verify-request page needs for its code form: the e-mail provider named in
 * `?provider=` (or the only one that mails codes), a CSRF token for the form, and its cookie.
 */
export async function verifyRequestView(
  request: RequestInternal,
  options: InternalOptions,
): Promise<{ view: VerifyRequestView; cookies: Cookie[] }> {
  const withCodes = options.providers.filter(
    (p): p is InternalProvider<"email"> => p.type === "email" && emailFlowOptions(p as InternalProvider<"email">).signInCode,
  )
  const named = request.query.provider
  const codeProvider = named ? withCodes.find((p) => p.id === named) : withCodes.length === 1 ? withCodes[0] : undefined
  if (!codeProvider) return { view: {}, cookies: [] }
  const { csrfToken, cookies } = await pageCsrfToken(request, options)
  return { view: { codeProvider, csrfToken, email: request.query.email, error: request.query.error }, cookies }
}

/** GET /verify-request: "check your email" (with the code form), or the app's own page with the same query. */
export async function verifyRequest(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  if (options.pages.verifyRequest) return { redirect: appPageUrl(options.pages.verifyRequest, request.query, options) }
  const { view, cookies } = await verifyRequestView(request, options)
  return { ...verifyRequestPage(options, view), cookies }
}
