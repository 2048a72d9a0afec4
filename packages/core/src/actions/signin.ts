import type { InternalOptions, InternalProvider } from "../providers/types.js"
import { MissingCSRF, UnknownAction } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import { getAuthorizationUrl } from "../oauth/authorization-url.js"
import { sendVerificationRequest } from "../email/send-verification-request.js"
import { passwordFlowsOf } from "../login/provider-flows.js"
import { signinPage } from "../pages/signin-page.js"
import type { ResponseInternal } from "../types.js"
import { appPageUrl } from "../http/callback-url.js"
import { readStepUp } from "../step-up/step-up-cookie.js"

/**
 * GET /signin shows the sign-in page (or sends the browser to the app's own). POST /signin/<id>
 * starts a sign-in: OAuth redirects to the provider, e-mail sends a link; credentials and
 * WebAuthn post to their callback instead, so they land back on the sign-in page.
 */
export async function signin(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  if (request.method === "GET") {
    if (request.providerId) throw new UnknownAction("Unsupported action: GET /signin/<provider>")
    const custom = options.pages.signIn
    if (custom) {
      // As @auth/core: the validated callbackUrl (query, else the callback-url cookie, else the origin).
      const params: Record<string, string> = { callbackUrl: options.callbackUrl }
      if (request.error) params.error = request.error
      return { redirect: appPageUrl(custom, params, options) }
    }
    // Loaded with the provider's flows: apps without the Password provider never bundle its form.
    const passwordProvider = options.providers.find((p) => p.type === "password") as InternalProvider<"password"> | undefined
    const passwordForm = passwordProvider && (await passwordFlowsOf(passwordProvider)).signinForm
    return signinPage(options, request.query, passwordForm)
  }

  if (!options.csrfTokenVerified) throw new MissingCSRF("CSRF token was missing during a sign-in request")
  const signinUrl = `${options.url.href}/signin`
  const provider = options.provider
  if (!provider) return { redirect: signinUrl }
  if (provider.type === "oauth" || provider.type === "oidc") {
    // A step-up asks the provider to sign the user in again rather than answer from its own session.
    const reauthenticate = (await readStepUp(request.cookies, options)) !== null
    return getAuthorizationUrl(request.query, options as InternalOptions<"oauth" | "oidc">, { reauthenticate })
  }
  if (provider.type === "email") {
    return sendVerificationRequest(request, options as InternalOptions<"email">)
  }
  return { redirect: signinUrl }
}
