/**
 * The configuration mistakes that cost people hours, found before the first request: each
 * finding says what is wrong and what to do. Offline and side-effect free, so the same checks
 * serve `gatehouse doctor` and the one-time report when a development server starts.
 */
import { checkLocale } from "./check-locale.js"
import { assertConfig } from "../config/assert-config.js"
import { resolveFederatedSignOut } from "../federated-sign-out/federated-sign-out-config.js"
import { envProviderPrefix, readProcessEnv } from "../config/config-env.js"
import { mergeProvider, providersForOrigin } from "../config/parse-providers.js"
import { redactUrl } from "../config/redact-url.js"
import { setEnvDefaults } from "../config/set-env-defaults.js"
import { builtInSenderKind } from "../email/built-in-sender.js"
import { assertOAuthEndpoints } from "../oauth/normalize-provider.js"
import type { OAuthConfig, ProviderConfig, InternalProvider } from "../providers/types.js"
import type { AuthConfig } from "../types.js"
import type { ResolvedConfig } from "../config/resolved-config.js"
import { checkTokenRefresh } from "./check-token-refresh.js"
import { closestName } from "./closest-name.js"
import type { Finding } from "./finding.js"
export type { Finding, FindingLevel } from "./finding.js"

/**
 * What `diagnoseConfig` judges the config against: the environment, production or not, the app's
 * origin and base path.
 */
export interface DiagnoseOptions {
  /** The environment as the app sees it. Default: the process environment. */
  env?: Record<string, string | undefined>
  /** Judge the config as deployed (NODE_ENV=production). Default: from `env.NODE_ENV`. */
  production?: boolean
  /** Where the app is reached when AUTH_URL is not set, for the callback URLs to register. */
  origin?: string
  /** The basePath an integration serves the routes at whatever the config says (SvelteKit, Qwik). */
  basePath?: string
  /** The integration's basePath when neither the config nor AUTH_URL's path names one (Next.js: /api/auth). */
  defaultBasePath?: string
  /** How many instances serve the app. Default: GATEHOUSE_INSTANCES, else 1. */
  instances?: number
}

/** Shorter than this, a secret may be guessed; `gatehouse secret` gives 43 characters (32 bytes). */
export const minimumSecretLength = 32
const secretVariables = ["AUTH_SECRET", "NEXTAUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3"]
/** Methods an adapter needs to store and find passkeys. */
const authenticatorMethods = [
  "getAuthenticator",
  "createAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
  "getAccount",
]

export function diagnoseConfig(userConfig: AuthConfig, options: DiagnoseOptions = {}): Finding[] {
  const given = options.env ?? readProcessEnv()
  const production = options.production ?? given.NODE_ENV === "production"
  // Inference (trustHost, rate limiting) as the deployment judged would do it.
  const env: Record<string, string | undefined> = {
    ...given,
    NODE_ENV: production ? "production" : given.NODE_ENV === "production" ? "development" : given.NODE_ENV,
  }
  const findings: Finding[] = []
  const config: AuthConfig = { ...userConfig, providers: userConfig.providers ?? [] }
  if (options.basePath) config.basePath = options.basePath
  const configuredBasePath = config.basePath
  if (!config.basePath && options.defaultBasePath && !hasPath(env.AUTH_URL ?? env.NEXTAUTH_URL)) {
    config.basePath = options.defaultBasePath
  }
  try {
    setEnvDefaults(env, config, true)
  } catch (error) {
    findings.push(providerInvalid(error, "Pass the provider the options it asks for (or set its AUTH_<PROVIDER>_* variables)"))
    return findings
  }

  checkSecrets(config, env, findings)
  const publicUrl = checkUrls(env, configuredBasePath, production, findings)
  checkTrustHost(config, env, publicUrl, production, findings)

  let providers: ProviderConfig[]
  try {
    providers = config.providers.map(mergeProvider)
  } catch (error) {
    findings.push(providerInvalid(error, "Pass the provider the options it asks for"))
    return findings
  }
  const origin = publicUrl?.origin ?? options.origin?.replace(/\/+$/, "") ?? "<origin>"
  checkOAuthProviders(providers, config, env, origin, findings)
  checkEmailProviders(providers, config, env, production, findings)
  checkPasskeys(providers, config, findings)
  checkRateLimit(config, env, production, options.instances, findings)
  checkTokenRefresh(providers, config, options.instances ?? Number(env.GATEHOUSE_INSTANCES || 1), findings)
  checkWhatCoreRefuses(providers, config, findings)
  checkLocale(config, findings)
  return findings
}

/**
 * Anything else that makes every request fail (database sessions without an adapter, credentials
 * without `authorize`, two providers with one id…), in core's own words. Core stops at its first
 * problem, so this runs only when no error was found above; secret and host are judged above.
 */
/** A provider whose factory or merge threw: the doctor stops there, as the app would. */
function providerInvalid(error: unknown, fix: string): Finding {
  return { level: "error", check: "provider-invalid", message: `A provider could not be created: ${(error as Error).message}`, fix }
}

function checkWhatCoreRefuses(providers: ProviderConfig[], config: AuthConfig, findings: Finding[]) {
  if (findings.some((finding) => finding.level === "error")) return
  const judged = {
    trustHost: true,
    secret: "judged-separately",
    providers,
    experimental: config.experimental ?? {},
    session: { strategy: config.session?.strategy ?? (config.adapter ? "database" : "jwt") },
    // A provider's `federatedSignOut` flag is checked against the option that brings its code.
    federatedSignOut: resolveFederatedSignOut(config.federatedSignOut).options,
  } as ResolvedConfig
  const problem = assertConfig(judged, config)
  if (!problem) return
  findings.push({
    level: "error",
    check: "config-invalid",
    message: `Every request fails with ${problem.type}: ${problem.message}`,
    fix: "Change the config as the message says",
  })
}

function checkSecrets(config: AuthConfig, env: Record<string, string | undefined>, findings: Finding[]) {
  const secrets = [config.secret ?? []].flat().filter((secret) => typeof secret === "string" && secret !== "")
  if (secrets.length === 0) {
    findings.push({
      level: "error",
      check: "secret-missing",
      message: "No secret: AUTH_SECRET is not set and the config has no `secret`, so every request fails with MissingSecret",
      fix: "Run `npx @gatehouse/cli secret --write .env.local` (in production, set AUTH_SECRET to the output of `npx @gatehouse/cli secret`)",
    })
    return
  }
  for (const secret of secrets) {
    if (secret.length >= minimumSecretLength) continue
    const name = secretVariables.find((variable) => env[variable] === secret) ?? "The configured `secret`"
    findings.push({
      level: "error",
      check: "short-secret",
      message: `${name} is ${secret.length} characters long: a short secret can be guessed, and with it every session forged`,
      fix: `Replace it with the output of \`npx @gatehouse/cli secret\` (at least ${minimumSecretLength} random characters)`,
    })
  }
}

function checkUrls(
  env: Record<string, string | undefined>,
  configuredBasePath: string | undefined,
  production: boolean,
  findings: Finding[],
): URL | undefined {
  const urls: { name: string; url: URL }[] = []
  for (const name of ["AUTH_URL", "NEXTAUTH_URL"]) {
    const value = env[name]
    if (!value) continue
    let url: URL | undefined
    try {
      url = new URL(value)
    } catch {}
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) {
      findings.push({
        level: "error",
        check: "url-invalid",
        message: `${name} is not an http(s) URL: ${JSON.stringify(redactUrl(value).slice(0, 200))}; every request fails`,
        fix: `Set ${name} to the site's public URL, e.g. https://example.com`,
      })
      continue
    }
    urls.push({ name, url })
  }
  const [first, second] = urls
  if (first && second && withoutTrailingSlash(first.url.href) !== withoutTrailingSlash(second.url.href)) {
    findings.push({
      level: "error",
      check: "url-disagree",
      message: `AUTH_URL (${redactUrl(first.url.href)}) and NEXTAUTH_URL (${redactUrl(second.url.href)}) disagree: the server builds URLs on AUTH_URL, while code that reads NEXTAUTH_URL first (the Next.js client) uses the other`,
      fix: "Remove NEXTAUTH_URL (Auth.js v5 and Gatehouse read AUTH_URL), or set both to the same URL",
    })
  }
  const publicUrl = first?.url
  if (!publicUrl) return undefined
  const path = withoutTrailingSlash(publicUrl.pathname)
  const basePath = configuredBasePath === undefined ? undefined : withoutTrailingSlash(configuredBasePath)
  if (path !== "" && basePath !== undefined && path !== basePath) {
    findings.push({
      level: "error",
      check: "url-basepath",
      message: `${first.name}'s path is ${path} but the auth routes are served at ${basePath || "/"}: callback URLs and links built from one do not reach the other`,
      fix: `Set ${first.name}=${publicUrl.origin}${basePath} (or just ${publicUrl.origin}), or make basePath "${path}"`,
    })
  }
  if (production && publicUrl.protocol === "http:" && !isLoopback(publicUrl.hostname)) {
    findings.push({
      level: "warning",
      check: "url-insecure",
      message: `${first.name} is plain http in production: session cookies are sent without the Secure flag and can be read on the network`,
      fix: `Serve the site over https and set ${first.name}=https://${publicUrl.host}${path}`,
    })
  }
  return publicUrl
}

function checkTrustHost(
  config: AuthConfig,
  env: Record<string, string | undefined>,
  publicUrl: URL | undefined,
  production: boolean,
  findings: Finding[],
) {
  if (!config.trustHost) {
    findings.push({
      level: "error",
      check: "trust-host",
      message: production
        ? "The Host header is not trusted: in production without AUTH_URL or AUTH_TRUST_HOST every request fails with UntrustedHost, because links and callback URLs would be built from whatever Host a request claims"
        : "The Host header is not trusted (trustHost: false or AUTH_TRUST_HOST=false): every request fails with UntrustedHost",
      fix: "Set AUTH_URL to the site's public URL (recommended: every URL is then built on it), or AUTH_TRUST_HOST=true when your platform or proxy sets Host / X-Forwarded-Host itself",
    })
    return
  }
  if (production && !publicUrl && !env.VERCEL && !env.CF_PAGES) {
    findings.push({
      level: "warning",
      check: "trust-host-unpinned",
      message:
        "The Host header is trusted without AUTH_URL: sign-in links and OAuth callback URLs are built from each request's Host / X-Forwarded-Host, so a proxy that passes a forged one on puts them on another site",
      fix: "Set AUTH_URL to the site's public URL, or make sure the proxy in front overwrites Host and X-Forwarded-Host",
    })
  }
}

function checkOAuthProviders(
  providers: ProviderConfig[],
  config: AuthConfig,
  env: Record<string, string | undefined>,
  origin: string,
  findings: Finding[],
) {
  const oauth = providers.filter((provider): provider is OAuthConfig => provider.type === "oauth" || provider.type === "oidc")
  if (oauth.length === 0) return
  let callbackUrls: Map<string, string> | undefined
  try {
    const internal = providersForOrigin(oauth, origin, config.basePath!.replace(/\/+$/, ""), config.redirectProxyUrl)
    callbackUrls = new Map(
      internal.map((provider) => [provider.id, (provider as InternalProvider<"oauth">).redirectProxyUrl ?? provider.callbackUrl]),
    )
  } catch {
    // An unparsable endpoint: reported per provider below.
  }
  const names = Object.keys(env).filter((name) => env[name])
  for (const provider of oauth) {
    const label = `${provider.name ?? provider.id} (${provider.id})`
    const prefix = envProviderPrefix(provider.id)
    try {
      assertOAuthEndpoints(provider)
    } catch (error) {
      const issuerMissing = provider.type === "oidc" && !provider.issuer
      findings.push({
        level: "error",
        check: "provider-endpoints",
        message: `${label}: ${(error as Error).message}`,
        fix: issuerMissing
          ? `Set ${prefix}_ISSUER to the provider's issuer URL`
          : "Give the provider an `issuer` or all of its endpoint URLs",
      })
    }
    const callbackUrl = callbackUrls?.get(provider.id)
    if (callbackUrl) {
      findings.push({
        level: "info",
        check: "callback-url",
        message: `${label}: the callback (redirect) URL to register is ${callbackUrl}`,
        fix: "Register exactly this URL in the provider's app settings: scheme, host, port and path must match (redirect_uri_mismatch otherwise)",
      })
    }
    if (!provider.clientId) findings.push(missingVariable(label, `${prefix}_ID`, "ID", "client id", names))
    const publicClient = provider.client?.token_endpoint_auth_method === "none"
    if (!provider.clientSecret && !publicClient) {
      findings.push(missingVariable(label, `${prefix}_SECRET`, "SECRET", "client secret", names))
    }
  }
}

function missingVariable(label: string, wanted: string, kind: string, what: string, names: string[]): Finding {
  const closest = closestName(wanted, names, kind)
  return {
    level: "error",
    check: `provider-${kind.toLowerCase()}-missing`,
    message: `${label}: no ${what}: ${wanted} is not set${closest ? ` (${closest} is: misspelled?)` : ""}`,
    fix: closest ? `Rename ${closest} to ${wanted}` : `Set ${wanted} to the ${what} the provider issued (or pass it to the provider)`,
  }
}

/** The nodemailer transport options that deliver nothing. */
interface NodemailerTransportOptions {
  jsonTransport?: unknown
  streamTransport?: unknown
}

function checkEmailProviders(
  providers: ProviderConfig[],
  config: AuthConfig,
  env: Record<string, string | undefined>,
  production: boolean,
  findings: Finding[],
) {
  const names = Object.keys(env).filter((name) => env[name])
  for (const provider of providers) {
    if (provider.type !== "email") continue
    const label = `${provider.name ?? provider.id} (${provider.id})`
    if (!config.adapter) {
      findings.push({
        level: "error",
        check: "email-adapter",
        message: `${label}: e-mail sign-in needs an adapter to keep its one-time tokens, and the config has none (MissingAdapter)`,
        fix: "Add a database adapter, e.g. SQLiteAdapter from @gatehouse/adapter-sqlite or PostgresAdapter from @gatehouse/adapter-pg",
      })
    }
    const server = provider.server
    // Only a built-in sender needs a key or a server: the app's own sendVerificationRequest (a
    // plain e-mail provider, or an override of a factory's) sends however it likes.
    const sender = builtInSenderKind(provider.sendVerificationRequest)
    if (sender === "mail-api") {
      // A mail API provider (Resend, Postmark…): it sends nothing without its key.
      if (!provider.apiKey) findings.push(missingVariable(label, `${envProviderPrefix(provider.id)}_KEY`, "KEY", "API key", names))
      continue
    }
    if (sender !== "smtp") continue
    const undelivered =
      server === "console"
        ? 'prints sign-in links on the console (server: "console")'
        : (typeof server === "object" && server && (server as NodemailerTransportOptions).jsonTransport) ||
            (server as NodemailerTransportOptions).streamTransport
          ? "uses a nodemailer transport that delivers nothing (jsonTransport / streamTransport)"
          : undefined
    if (undelivered && production) {
      findings.push({
        level: "error",
        check: "email-transport",
        message: `${label} ${undelivered}: in production nobody receives a sign-in mail`,
        fix: "Give the provider a real SMTP server (e.g. server: process.env.EMAIL_SERVER = smtp://user:pass@smtp.example.com:587) or a mail API provider",
      })
    }
  }
}

function checkPasskeys(providers: ProviderConfig[], config: AuthConfig, findings: Finding[]) {
  const passkeys = providers.filter((provider) => provider.type === "webauthn")
  if (passkeys.length === 0) return
  const label = passkeys.map((provider) => provider.id).join(", ")
  if (!config.experimental?.enableWebAuthn) {
    findings.push({
      level: "error",
      check: "passkey-experimental",
      message: `Passkey provider ${label}: WebAuthn is experimental and not enabled, so every request fails`,
      fix: "Add `experimental: { enableWebAuthn: true }` to the config",
    })
  }
  const adapter = config.adapter as Record<string, unknown> | undefined
  const missing = adapter ? authenticatorMethods.filter((name) => typeof adapter[name] !== "function") : authenticatorMethods
  if (missing.length === 0) return
  findings.push({
    level: "error",
    check: "passkey-adapter",
    message: adapter
      ? `Passkey provider ${label}: the adapter cannot store authenticators (it lacks ${missing.join(", ")})`
      : `Passkey provider ${label}: there is no adapter, so registered passkeys cannot be stored`,
    fix: "Use an adapter that stores authenticators: @gatehouse/adapter-sqlite or @gatehouse/adapter-pg (then run `npx @gatehouse/cli migrate`)",
  })
}

function checkRateLimit(
  config: AuthConfig,
  env: Record<string, string | undefined>,
  production: boolean,
  declaredInstances: number | undefined,
  findings: Finding[],
) {
  const instances = declaredInstances ?? Number(env.GATEHOUSE_INSTANCES || 1)
  const option = config.rateLimit
  const on = option !== false && (option !== undefined || production)
  if (!on || !(instances > 1) || (option && option.store)) return
  findings.push({
    level: "error",
    check: "ratelimit-store",
    message: `Rate limits are counted in each instance's memory: with ${instances} instances an attacker gets ${instances} times the sign-in attempts`,
    fix: "Share one store: rateLimit: { store: rateLimitStore(pool) } from @gatehouse/adapter-pg, or redisRateLimitStore(client) from @gatehouse/core/ratelimit",
  })
}

function hasPath(url: string | undefined): boolean {
  if (!url || !URL.canParse(url)) return false
  return withoutTrailingSlash(new URL(url).pathname) !== ""
}

function withoutTrailingSlash(value: string): string {
  return value.replace(/\/+$/, "")
}

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || hostname.startsWith("127.")
}
