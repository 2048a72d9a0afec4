/** POST /signin/<oauth id>: the redirect to the provider's authorization endpoint, with check cookies. */
import type { InternalOptions } from "../providers/types.js"
import type { ResponseInternal } from "../types.js"
import type { Cookie } from "../shared-types.js"
import * as checks from "./checks.js"
import { discoverAuthorizationServer } from "./discovery.js"
import { needsDiscovery } from "./normalize-provider.js"
import { redirectUriFor } from "./redirect-proxy.js"

const defaultScope = "openid profile email"

/**
 * `query` is the sign-in request's own query string: authorization params the app passes along
 * (e.g. `login_hint`, `prompt`). As in Auth.js they take priority over everything, `redirect_uri`
 * included; the checks (state, PKCE, nonce) are added after them and cannot be overridden, nor can
 * a step-up's `prompt=login&max_age=0`.
 */
export async function getAuthorizationUrl(
  query: Record<string, string | undefined>,
  options: InternalOptions<"oauth" | "oidc">,
  flow: { reauthenticate?: boolean } = {},
): Promise<ResponseInternal> {
  const { provider, logger } = options
  const configured = provider.authorization?.url

  let url: URL
  if (needsDiscovery(configured)) {
    const as = await discoverAuthorizationServer(provider)
    if (!as.authorization_endpoint) {
      throw new TypeError(`Authorization server of provider "${provider.id}" did not provide an authorization endpoint`)
    }
    url = new URL(as.authorization_endpoint)
  } else {
    url = new URL(configured!)
  }

  const { redirectUri, stateOrigin } = redirectUriFor(provider, options.url)
  const params: Record<string, string | undefined> = {
    response_type: "code",
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    // Params from the config (baked into the configured URL, or into the discovery placeholder).
    ...Object.fromEntries(configured?.searchParams ?? []),
    ...query,
  }
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, value)
  }
  if (flow.reauthenticate) {
    // A step-up: the provider must sign the user in again (OpenID Connect Core §3.1.2.1); the ID token's auth_time is checked at the callback.
    url.searchParams.set("prompt", "login")
    url.searchParams.set("max_age", "0")
  }

  const cookies: Cookie[] = []
  if (provider.checks.includes("state")) {
    const state = await checks.state.create(options, stateOrigin)
    url.searchParams.set("state", state.value)
    cookies.push(state.cookie)
  }
  if (provider.checks.includes("pkce")) {
    const pkce = await checks.pkce.create(options)
    url.searchParams.set("code_challenge", pkce.codeChallenge)
    url.searchParams.set("code_challenge_method", "S256")
    cookies.push(pkce.cookie)
  }
  if (provider.checks.includes("nonce")) {
    const nonce = await checks.nonce.create(options)
    url.searchParams.set("nonce", nonce.value)
    cookies.push(nonce.cookie)
  }
  if (!url.searchParams.has("scope")) url.searchParams.set("scope", defaultScope)

  logger.debug("authorization url is ready", { url: url.href, cookies: cookies.map((c) => c.name), provider: provider.id })
  return { redirect: url.href, cookies }
}
