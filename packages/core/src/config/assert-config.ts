import { AuthError, ExperimentalFeatureNotEnabled, MissingAdapter, MissingAuthorize, MissingSecret, UntrustedHost } from "../errors.js"
import { assertFederatedSignOut } from "../federated-sign-out/federated-sign-out-config.js"
import { assertOAuthEndpoints } from "../oauth/normalize-provider.js"
import { tokenRefreshWithoutItsCode } from "../token-refresh/token-refresh-config.js"
import type { ProviderConfig, WebAuthnProviderConfig } from "../providers/types.js"
import type { AuthConfig } from "../types.js"
import { databaseSessionMethods, emailMethods, missingAdapterMethods, passwordMethods, webauthnMethods } from "./adapter-methods.js"
import type { ResolvedConfig } from "./resolved-config.js"
import { redactUrl } from "./redact-url.js"

/**
 * The first problem that makes this config unusable, or undefined. Checked once per config;
 * every request to a broken config fails closed with it. Messages start with Auth.js's words for
 * the same problem (apps and log alerts match on them; assert-config.authjs.test.ts) and may add
 * what to do after them.
 */
export function assertConfig(resolved: ResolvedConfig, config: AuthConfig): AuthError | undefined {
  if (!resolved.trustHost) return untrustedHost()
  const secrets = Array.isArray(resolved.secret) ? resolved.secret : [resolved.secret]
  if (secrets.length === 0 || secrets.some((s) => typeof s !== "string" || s.length === 0)) {
    return new MissingSecret(
      "Please define a `secret`: set AUTH_SECRET to at least 32 random characters, e.g. the output of `openssl rand -base64 33`",
    )
  }

  let hasEmail = false
  let hasWebAuthn = false
  let hasPassword = false
  // The config is the app's: a provider may be missing or of no known type, whatever its types say.
  for (const provider of resolved.providers as (ProviderConfig | undefined)[]) {
    if (!provider || typeof provider.id !== "string" || !provider.id) {
      return new AuthError("Every provider needs an `id`")
    }
    const { id, type } = provider as { id: string; type: unknown }
    if (provider.type === "credentials") {
      if (typeof provider.authorize !== "function") {
        return new MissingAuthorize(`Must define an authorize() handler to use credentials authentication provider "${provider.id}"`)
      }
    } else if (provider.type === "email") {
      hasEmail = true
    } else if (provider.type === "webauthn") {
      hasWebAuthn = true
    } else if (provider.type === "password") {
      if (hasPassword) return new AuthError("Only one Password provider may be configured: /password/* serves one")
      hasPassword = true
    } else if (provider.type === "oauth" || provider.type === "oidc") {
      try {
        assertOAuthEndpoints(provider)
        assertFederatedSignOut(provider, resolved.federatedSignOut)
      } catch (error) {
        return error as AuthError
      }
    } else {
      return new AuthError(`Provider "${id}" has an unknown type: ${String(type)}`)
    }
  }
  const webauthnProblem = hasWebAuthn ? assertWebAuthn(resolved.providers) : undefined
  if (webauthnProblem) return webauthnProblem
  const ids = resolved.providers.map((p) => p.id)
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i)
  if (duplicate) return new AuthError(`Two providers share the id "${duplicate}"`)
  const refreshProblem = tokenRefreshWithoutItsCode(resolved.providers, config.tokenRefresh)
  if (refreshProblem) return refreshProblem

  const strategy = resolved.session.strategy

  const adapter = config.adapter
  // As Auth.js: an e-mail provider asks for the e-mail methods, otherwise database sessions ask for
  // theirs. A method some other flow needs but the adapter lacks fails that flow when it is reached,
  // with the same error naming it (see wrapAdapter), instead of every request of the app.
  const required: string[] = []
  if (hasEmail) {
    if (!adapter) return new MissingAdapter("Email login requires an adapter")
    required.push(...emailMethods)
  } else if (strategy === "database") {
    if (!adapter) return new MissingAdapter("Database session requires an adapter")
    required.push(...databaseSessionMethods)
  }
  if (hasWebAuthn) {
    if (!resolved.experimental.enableWebAuthn) {
      return new ExperimentalFeatureNotEnabled(
        "WebAuthn is an experimental feature. To enable it, set `experimental.enableWebAuthn` to `true` in your config (experimental: { enableWebAuthn: true })",
      )
    }
    if (!adapter) return new MissingAdapter("WebAuthn requires an adapter")
    required.push(...webauthnMethods)
  }
  if (hasPassword) {
    // Passwords live with the user: there is nothing to check one against without an adapter.
    if (!adapter) return new MissingAdapter("The Password provider requires an adapter with getPasswordHash and setPasswordHash")
    const missing = missingAdapterMethods(adapter, passwordMethods)
    if (missing) {
      missing.message += ` (the Password provider needs them: @gatehouse/adapter-sqlite and @gatehouse/adapter-pg have them; see docs/passwords.md)`
      return missing
    }
  }
  if (adapter) return missingAdapterMethods(adapter, required)
  return undefined
}

/**
 * The WebAuthn providers' own checks, which the providers carry (WebAuthn() and Passkey() set
 * `assertProviders`) so that apps without passkeys do not bundle them; a provider object made by
 * hand without them is refused, as one without the factories' loaders always was.
 */
function assertWebAuthn(providers: readonly { type: string }[]): AuthError | undefined {
  for (const provider of providers as WebAuthnProviderConfig[]) {
    if (provider.type !== "webauthn") continue
    if (typeof provider.assertProviders !== "function") {
      return new AuthError(
        `Invalid provider config for "${provider.id}": create it with WebAuthn() from "@gatehouse/core/providers/webauthn" or Passkey() from "@gatehouse/core/providers/passkey"`,
      )
    }
  }
  const first = providers.find((provider) => provider.type === "webauthn") as WebAuthnProviderConfig
  return first.assertProviders!(providers)
}

const advice =
  "Set `trustHost: true` (or AUTH_TRUST_HOST=true) when your platform sets the Host header safely, or set AUTH_URL to your site's URL"

/**
 * The config trusts no Host header. With the request at hand the message is Auth.js's own
 * ("Host must be trusted. URL was: <url>", which log alerts and runbooks match on), the URL
 * without credentials or tokens; checked once per config, without a request, it says the rest.
 */
export function untrustedHost(requestUrl?: URL | string): UntrustedHost {
  const url = requestUrl === undefined ? "" : ` URL was: ${redactUrl(String(requestUrl))}.`
  return new UntrustedHost(`Host must be trusted.${url} ${advice}`)
}

/** The config's error as one request meets it: an untrusted host names the request's URL. */
export function configErrorForRequest<T extends Error>(error: T, requestUrl: URL | string): T | UntrustedHost {
  return error instanceof UntrustedHost ? untrustedHost(requestUrl) : error
}
