import type { InternalOptions } from "../providers/types.js"
import { AuthError, CallbackRouteError, InvalidProvider } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { ResponseInternal } from "../types.js"
import { credentialsCallback } from "./callback/credentials.js"
import { oauthCallback } from "./callback/oauth.js"
import { emailCallback } from "./callback/email.js"
import { passwordFlowsOf, webauthnFlowsOf, webauthnOptionsOf } from "../login/provider-flows.js"

/** /callback/<id>: where each kind of provider finishes signing a user in. */
export async function callback(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  const provider = options.provider
  if (!provider) throw new InvalidProvider("Callback requires a provider")
  const { type } = provider
  const method = request.method
  try {
    if ((type === "oauth" || type === "oidc") && (method === "GET" || isFormPost(provider))) {
      return await oauthCallback(request, options as InternalOptions<"oauth" | "oidc">)
    }
    // GET opens the link (or its confirmation page); POST confirms it or submits a code.
    if (type === "email") return await emailCallback(request, options as InternalOptions<"email">)
    if (type === "credentials" && method === "POST") {
      return await credentialsCallback(request, options as InternalOptions<"credentials">)
    }
    if (type === "password") return await passwordCallback(request, options as InternalOptions<"password">)
    if (type === "webauthn" && method === "POST") return await webauthnCallback(request, options as InternalOptions<"webauthn">)
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw new CallbackRouteError(error as Error, { provider: provider.id })
  }
  throw new InvalidProvider(`Callback for provider type (${type}) with method ${method} is not supported`)
}

function isFormPost(provider: InternalOptions["provider"]): boolean {
  const authorization = (provider as InternalOptions<"oauth">["provider"]).authorization
  return authorization?.url?.searchParams?.get("response_mode") === "form_post"
}

/**
 * /callback/password: the Password provider's sign-up, verification and sign-in, in its flows
 * module (passwords/password-callback.ts), which ends every sign-in in finishSignIn.
 */
async function passwordCallback(request: RequestInternal, options: InternalOptions<"password">): Promise<ResponseInternal> {
  return (await passwordFlowsOf(options.provider)).callback(request, options)
}

/**
 * POST /callback/<webauthn id>: the ceremony's answer, verified and signed in by the provider's
 * flows (webauthn/webauthn-callback.ts), which end every sign-in in finishSignIn.
 */
async function webauthnCallback(request: RequestInternal, options: InternalOptions<"webauthn">): Promise<ResponseInternal> {
  // The provider and adapter are checked before anything loads, as the route always checked them.
  const { provider } = webauthnOptionsOf(options)
  return (await webauthnFlowsOf(provider)).callback(request, options)
}
