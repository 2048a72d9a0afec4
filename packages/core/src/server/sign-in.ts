import { enforceRateLimit } from "../ratelimit/enforce-rate-limit.js"
import { routeAction } from "../handler/route-action.js"
import type { RequestInternal } from "../http/request-internal.js"
import { signInRoute } from "../client/post-auth-form.js"
import type { ServerInput, ServerResult } from "./server-input.js"
import { serverOptions, serverRequest } from "./server-request.js"

export interface SignInInput extends ServerInput {
  /** The provider's id. None, or one the config does not have: the value is the sign-in page's URL. */
  provider?: string
  /** The form's fields (credentials, the e-mail address…), as the provider's form would post them. */
  fields?: Record<string, string>
  /** Where to go once signed in (checked by the `redirect` callback). Default: the app's origin. */
  redirectTo?: string
  /** Extra parameters for the provider's authorization URL (OAuth, OIDC). */
  authorizationParams?: Record<string, string>
}

/**
 * Starts or finishes a sign-in as the sign-in form's POST does (the same actions, the rate limit
 * included): OAuth and OIDC give the provider's authorization URL, e-mail sends the link and gives
 * the verify-request page, credentials and passwords check the fields and sign in (`cookies` hold the
 * new session, or the second-factor step's state). The value is where to send the browser. AuthErrors
 * (CredentialsSignin with its code, RateLimited…) are thrown for the app's code to see. Call it only
 * for a request the framework or `crossSiteCall` vouched for: no CSRF token is asked.
 */
export async function signIn(input: SignInInput): Promise<ServerResult<{ redirect: string }>> {
  const page = serverRequest(input, { action: "signin" })
  const provider = input.provider ? page.config.providersFor(page.internal.url.origin).find((p) => p.id === input.provider) : undefined
  if (!provider) {
    const signInPage = new URL(page.internal.url)
    if (input.redirectTo !== undefined) signInPage.searchParams.set("callbackUrl", input.redirectTo)
    return { value: { redirect: signInPage.href }, cookies: [] }
  }
  const body: Record<string, string> = { ...input.fields }
  if (input.redirectTo !== undefined) body.callbackUrl = input.redirectTo
  const request = serverRequest(input, {
    action: signInRoute(provider.type),
    method: "POST",
    providerId: provider.id,
    query: { ...input.authorizationParams },
    body,
  })
  const { internal, config } = request
  if (config.rateLimit?.applies(internal)) {
    // The limiter's hooks (clientIp, accountKey) are the app's and take a Request: only here is one made.
    await enforceRateLimit(asRequest(internal), internal, { ...config, raw: true }, false)
  }
  const { options, cookies } = await serverOptions(request)
  const answer = await routeAction(internal, options, config)
  const fallback = provider.type === "credentials" || provider.type === "password" ? options.callbackUrl : `${options.url.href}/signin`
  return { value: { redirect: answer.redirect ?? fallback }, cookies: [...cookies, ...(answer.cookies ?? [])] }
}

function asRequest(internal: RequestInternal): Request {
  const body = new URLSearchParams(internal.body as Record<string, string>)
  const headers = new Headers(internal.headers)
  headers.set("content-type", "application/x-www-form-urlencoded")
  return new Request(internal.url, { method: "POST", headers, body })
}
