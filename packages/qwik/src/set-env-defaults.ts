import { skipCSRFCheck } from "@gatehouse/core"
import { isServer } from "@builder.io/qwik/build"
import type { EnvGetter } from "@builder.io/qwik-city/middleware/request-handler"
import type { QwikAuthConfig } from "./types.js"

/** The only base path the Qwik integration serves: its request hook answers `/auth/*`. */
export const QWIK_BASE_PATH = "/auth"

/**
 * Fills a config from the platform environment, as `@auth/qwik` does, reading through Qwik's
 * `event.env` so it works on every Qwik City adapter (Node, edge, serverless):
 * basePath `/auth` (forced), secrets `AUTH_SECRET` and rotation secrets `AUTH_SECRET_1..3`
 * (newest first), `AUTH_REDIRECT_PROXY_URL`, trustHost (inferred outside production),
 * provider credentials `AUTH_<ID>_ID` / `_SECRET` / `_ISSUER` (oidc) / `_KEY` (email).
 *
 * skipCSRFCheck is forced: actions are protected by Qwik City's own origin check, and the
 * request hook applies the same check to form posts under `/auth` (which Qwik does not cover).
 */
export function setEnvDefaults(env: EnvGetter, config: QwikAuthConfig): void {
  if (!isServer) return
  config.basePath = QWIK_BASE_PATH
  if (!config.secret?.length) config.secret = secretsFromEnv(env)
  config.redirectProxyUrl ??= env.get("AUTH_REDIRECT_PROXY_URL")
  // A nullish chain on raw strings, exactly as upstream: any set value (even "false") trusts.
  config.trustHost ??= !!(
    env.get("AUTH_URL") ??
    env.get("AUTH_TRUST_HOST") ??
    env.get("VERCEL") ??
    env.get("CF_PAGES") ??
    env.get("NODE_ENV") !== "production"
  )
  config.skipCSRFCheck = skipCSRFCheck
  config.providers = config.providers.map((provider) => withEnvCredentials(env, provider))
}

/** `[AUTH_SECRET_3, AUTH_SECRET_2, AUTH_SECRET_1, AUTH_SECRET]`, missing ones left out: the first encrypts. */
function secretsFromEnv(env: EnvGetter): string[] {
  const secrets: string[] = []
  const current = env.get("AUTH_SECRET")
  if (current) secrets.push(current)
  for (const index of [1, 2, 3]) {
    const rotated = env.get(`AUTH_SECRET_${index}`)
    if (rotated) secrets.unshift(rotated)
  }
  return secrets
}

type ProviderEntry = QwikAuthConfig["providers"][number]

function withEnvCredentials(env: EnvGetter, entry: ProviderEntry): ProviderEntry {
  const provider: Record<string, any> = typeof entry === "function" ? entry({}) : entry
  const prefix = `AUTH_${String(provider.id).toUpperCase().replace(/-/g, "_")}`
  if (provider.type === "oauth" || provider.type === "oidc") {
    provider.clientId ??= env.get(`${prefix}_ID`)
    provider.clientSecret ??= env.get(`${prefix}_SECRET`)
    if (provider.type === "oidc") provider.issuer ??= env.get(`${prefix}_ISSUER`)
  } else if (provider.type === "email") {
    provider.apiKey ??= env.get(`${prefix}_KEY`)
  }
  return provider as ProviderEntry
}
