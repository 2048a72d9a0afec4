import type { InternalOptions } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import { signin } from "../actions/signin.js"
import type { ResponseInternal } from "../types.js"
import { type AccountResult, accountPageUrl } from "./account-answer.js"

/**
 * POST {basePath}/account/link/<providerId>: starts that provider's OAuth/OIDC sign-in while signed
 * in, so the callback links the account to the signed-in user (login/handle-login.ts, which refuses
 * an account another user has: OAuthAccountNotLinked, both users unchanged) and lands back on the
 * account page. Only OAuth and OIDC providers link here; the caller has checked CSRF and the session.
 */
export async function linkAccount(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal | AccountResult> {
  const provider = options.provider
  if (!provider || (provider.type !== "oauth" && provider.type !== "oidc")) return { status: 400, error: "not-linkable" }
  const back = accountPageUrl(options)
  options.callbackUrl = back
  const started = await signin(request, options)
  return { ...started, cookies: [...(started.cookies ?? []), { ...options.cookies.callbackUrl, value: back }] }
}
