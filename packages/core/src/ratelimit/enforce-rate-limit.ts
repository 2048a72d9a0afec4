import type { ResolvedConfig } from "../config/resolve-config.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { ResponseInternal } from "../types.js"
import { rateLimitedResponse } from "./rate-limited-response.js"

/**
 * The handler's rate-limit step, for requests the limiter `applies` to: undefined to go on, or
 * the 429 to answer with. In raw mode (server-side calls from a framework) the RateLimited error
 * is thrown instead, as every AuthError is there, so the app's own code sees it. A credentials
 * attempt that names no readable account throws CredentialsSignin: the handler answers it as it
 * answers wrong credentials.
 */
export async function enforceRateLimit(
  request: Request,
  internal: RequestInternal,
  config: ResolvedConfig,
  redirectMode: boolean,
): Promise<ResponseInternal | undefined> {
  const providerId = internal.providerId
  // /password/<operation> names no provider in its path: it is the Password provider's; an address
  // change is keyed by its address as the e-mail provider reads one.
  const type = internal.action === "password" ? "password" : internal.action === "account" ? "email" : undefined
  const provider = config.providersFor(internal.url.origin).find((p) => (type ? p.type === type : p.id === providerId))
  const refusal = await config.rateLimit!.check(request, internal, provider)
  if (!refusal) return undefined
  if (config.raw && !redirectMode) throw refusal.error
  config.logger.error(refusal.error)
  return rateLimitedResponse(internal, config, refusal.retryAfter, redirectMode)
}
