import { mergeProvider } from "../config/parse-providers.js"
import type { OAuthConfig } from "../providers/types.js"
import { readProcessEnv } from "../config/config-env.js"
import { redactUrl, redactUrlsIn } from "../config/redact-url.js"
import { setEnvDefaults } from "../config/set-env-defaults.js"
import { loadDiscovery } from "../oauth/oauth-loaders.js"
import type { AuthConfig } from "../types.js"
import type { Finding } from "./finding.js"

/**
 * Reads the discovery document of every provider that depends on one (an `issuer` without all of
 * its endpoints), through the same code sign-in uses, so a wrong issuer (a typo, a missing tenant,
 * a trailing slash the document does not have) shows up before a user's sign-in fails. Network:
 * only `gatehouse doctor --online` calls it.
 */
export async function checkIssuers(
  userConfig: AuthConfig,
  options: { env?: Record<string, string | undefined>; timeoutMs?: number } = {},
): Promise<Finding[]> {
  const config: AuthConfig = { ...userConfig, providers: userConfig.providers ?? [] }
  try {
    setEnvDefaults(options.env ?? readProcessEnv(), config, true)
  } catch {
    return [] // diagnoseConfig reports a provider that cannot be created.
  }
  const discovered = config.providers
    .map((entry) => {
      try {
        return mergeProvider(entry)
      } catch {
        return undefined
      }
    })
    .filter(
      (provider): provider is OAuthConfig =>
        (provider?.type === "oauth" || provider?.type === "oidc") && !!provider.issuer && needsDiscovery(provider),
    )
  const timeoutMs = options.timeoutMs ?? 10_000
  // On Node, discovery (and oauth4webapi) loads here: the start-up report loads the doctor at every first config.
  const discoverAuthorizationServer = await loadDiscovery()
  const results = await Promise.all(
    discovered.map(async (provider): Promise<Finding | undefined> => {
      try {
        await withTimeout(discoverAuthorizationServer(provider), timeoutMs)
        return undefined
      } catch (error) {
        return {
          level: "error",
          check: "issuer-unreadable",
          message: `${provider.name ?? provider.id} (${provider.id}): the discovery document of ${redactUrl(String(provider.issuer))} could not be read: ${redactUrlsIn((error as Error).message)}`,
          fix: "Check the issuer URL (exactly as the provider documents it, e.g. with or without a trailing slash) and that this machine reaches it",
        }
      }
    }),
  )
  return results.filter((finding): finding is Finding => finding !== undefined)
}

function needsDiscovery(provider: { type: string; authorization?: unknown; token?: unknown; userinfo?: unknown }): boolean {
  // OIDC providers need the document for the ID token's keys even with every endpoint given.
  return provider.type === "oidc" || !provider.authorization || !provider.token || !provider.userinfo
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
