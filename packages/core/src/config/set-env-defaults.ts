import { createLogger } from "./logger.js"
import type { AuthConfig } from "../types.js"
import type { Provider, ProviderConfig } from "../providers/types.js"
import { type Env, rememberEnv, envProviderPrefix } from "./config-env.js"

/**
 * Fills what the config leaves out from environment variables: basePath from AUTH_URL's path,
 * the secret(s), trustHost, redirectProxyUrl (and the origins it may hand callbacks on to), and each provider's AUTH_<ID>_ID / _SECRET /
 * _ISSUER / _KEY. Values set in the config always win. Mutates `config`, as Auth.js does, and
 * remembers `envObject` on it: core reads the rest of what it takes from the environment for this
 * config (AUTH_URL's origin, NODE_ENV) there too, in `Auth` and in the server-side functions
 * (`getAccessToken`, `listSessions`, `revokeSessions`, `revokeUserSessions`), with `process.env` behind it.
 */
export function setEnvDefaults(envObject: Env, config: AuthConfig, suppressBasePathWarning = false): void {
  const env = envObject ?? {}
  if (envObject) rememberEnv(config, envObject)
  const authUrl = env.AUTH_URL ?? env.NEXTAUTH_URL
  if (authUrl) {
    if (config.basePath) {
      if (!suppressBasePathWarning) createLogger(config.logger, false).warn("env-url-basepath-redundant")
    } else {
      try {
        const { pathname } = new URL(authUrl)
        // A bare origin says nothing about where the routes live (Auth.js would set "/").
        if (pathname !== "/") config.basePath = pathname.replace(/\/+$/, "")
      } catch {
        // An unparsable AUTH_URL is reported by createActionURL and the untrusted-host check.
      }
    }
  }
  config.basePath ??= "/auth"

  if (!config.secret || (Array.isArray(config.secret) && config.secret.length === 0)) {
    const secrets: string[] = []
    const main = env.AUTH_SECRET ?? env.NEXTAUTH_SECRET
    if (main) secrets.push(main)
    for (const i of [1, 2, 3]) {
      const rotated = env[`AUTH_SECRET_${i}`]
      if (rotated) secrets.unshift(rotated)
    }
    if (secrets.length) config.secret = secrets
  }

  config.redirectProxyUrl ??= env.AUTH_REDIRECT_PROXY_URL
  const allowedOrigins = env.AUTH_REDIRECT_PROXY_ALLOWED_ORIGINS?.split(/[\s,]+/).filter(Boolean)
  if (allowedOrigins?.length) config.redirectProxyAllowedOrigins ??= allowedOrigins
  config.trustHost ??= inferTrustHost(env)

  config.providers = config.providers.map((provider) => withEnvCredentials(provider, env))
}

/** Unlike Auth.js, AUTH_TRUST_HOST=false means false. */
function inferTrustHost(env: Env): boolean {
  const explicit = env.AUTH_TRUST_HOST
  if (explicit !== undefined && explicit !== "") return explicit === "true" || explicit === "1"
  if (env.AUTH_URL || env.NEXTAUTH_URL) return true
  if (env.VERCEL || env.CF_PAGES) return true
  return env.NODE_ENV !== "production"
}

function withEnvCredentials(provider: Provider, env: Env): Provider {
  const config: ProviderConfig = typeof provider === "function" ? provider({}) : provider
  const prefix = envProviderPrefix(config.id ?? (config as { options?: { id?: string } }).options?.id)
  const clientId = env[`${prefix}_ID`]
  const clientSecret = env[`${prefix}_SECRET`]
  const issuer = env[`${prefix}_ISSUER`]
  const apiKey = env[`${prefix}_KEY`]
  if (!clientId && !clientSecret && !issuer && !apiKey) return provider
  const resolved: ProviderConfig = typeof provider === "function" ? provider({ clientId, clientSecret, issuer, apiKey }) : { ...config }
  if (resolved.type === "oauth" || resolved.type === "oidc") {
    resolved.clientId ??= clientId
    resolved.clientSecret ??= clientSecret
    resolved.issuer ??= issuer
  } else if (resolved.type === "email") {
    resolved.apiKey ??= apiKey
  }
  return resolved
}
