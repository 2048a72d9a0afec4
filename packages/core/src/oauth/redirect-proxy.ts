/** The redirect proxy's part of a callback: hand it on to the deployment that started the sign-in. */
import type { InternalOptions } from "../config/internal-options.js"
import { InvalidCheck } from "../errors.js"
import * as checks from "./checks.js"
import { isOnRedirectProxy } from "./redirect-uri.js"

/**
 * When this deployment is the provider's redirect proxy and the (encrypted) state names another
 * deployment's callback URL, returns that URL with all the callback params: the other deployment
 * holds the check cookies and finishes the sign-in. Otherwise undefined: handle it here.
 */
export async function redirectProxyDestination(
  params: Record<string, string | undefined>,
  options: InternalOptions<"oauth" | "oidc">,
): Promise<string | undefined> {
  const { provider } = options
  if (!isOnRedirectProxy(provider, options.url) || !params.state) return undefined

  const { origin } = await checks.state.decode(params.state, options)
  if (!origin) return undefined
  let destination: URL
  try {
    destination = new URL(origin)
  } catch {
    throw new InvalidCheck("State names an invalid origin", { provider: provider.id })
  }
  if (destination.protocol !== "https:" && destination.protocol !== "http:") {
    throw new InvalidCheck("State names an origin that is not http(s)", { provider: provider.id })
  }
  if (destination.origin === options.url.origin) return undefined

  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) destination.searchParams.set(key, value)
  }
  options.logger.debug("redirect proxy: handing the callback on", { destination: destination.origin, provider: provider.id })
  return destination.href
}
