import { readsV4CookiesItself } from "../../lib/adopt-v4-session-cookie.js"
import type { Provider } from "@gatehouse/core/providers"
import type { NextAuthConfig } from "../../lib/types.js"
import { decode } from "../jwt/decode.js"
import { encode } from "../jwt/encode.js"
import type { AuthOptions, LoggerInstance } from "../types.js"
import { usesSecureCookies, v4CookieNames } from "./v4-cookies.js"

/**
 * next-auth 4's options as core's config: the shapes are Auth.js's own, so most keys pass as they
 * are. What differs is v4's: the cookie names, the session token's format (encode/decode of
 * `@gatehouse/next/v4/jwt` unless the app brings its own), `jwt.secret`, the logger's arguments,
 * and providers written by hand in v4's form (`wellKnown`, `idToken: true`).
 */
export function coreConfigOf(options: AuthOptions, requestProtocol: string | undefined): NextAuthConfig {
  const secure = usesSecureCookies(options.useSecureCookies, requestProtocol)
  const names = v4CookieNames(secure)
  const cookies: Record<string, unknown> = { ...options.cookies }
  for (const [key, value] of Object.entries(names)) {
    cookies[key] = { ...value, ...(options.cookies as Record<string, object | undefined> | undefined)?.[key] }
  }
  const { secret: jwtSecret, ...jwt } = options.jwt ?? {}
  return {
    providers: options.providers.map(fromV4Provider),
    secret: options.secret ?? (jwtSecret as string | undefined),
    session: options.session,
    jwt: { ...jwt, encode: jwt.encode ?? (encode as never), decode: jwt.decode ?? (decode as never) },
    pages: options.pages,
    callbacks: options.callbacks as NextAuthConfig["callbacks"],
    events: options.events,
    adapter: options.adapter,
    debug: options.debug,
    logger: options.logger && coreLoggerOf(options.logger),
    theme: options.theme,
    useSecureCookies: secure,
    cookies: cookies as NextAuthConfig["cookies"],
    [readsV4CookiesItself]: true,
  } as NextAuthConfig
}

/** What a v4 provider written by hand may carry that core's providers do not. */
interface V4Provider {
  wellKnown?: string
  idToken?: boolean
  issuer?: string
  type: string
  [field: string]: unknown
}

/** A v4 provider object written by hand: discovery from `wellKnown`, `idToken: true` meaning OpenID Connect. */
function fromV4Provider(provider: Provider): Provider {
  if (typeof provider !== "object" || provider === null) return provider
  const { wellKnown, idToken, ...rest } = provider as unknown as V4Provider
  if (wellKnown === undefined && idToken === undefined) return provider
  const result = { ...rest }
  if (wellKnown && !rest.issuer) result.issuer = String(wellKnown).replace(/\/\.well-known\/openid-configuration\/?$/, "")
  if (idToken && rest.type === "oauth") result.type = "oidc"
  return result as unknown as Provider
}

/** v4's logger takes (code, metadata); core hands errors and messages. */
function coreLoggerOf(logger: Partial<LoggerInstance>): NextAuthConfig["logger"] {
  return {
    ...(logger.error && {
      error: (error: Error) => logger.error!((error as { type?: string }).type ?? error.name, { error, message: error.message }),
    }),
    ...(logger.warn && { warn: (code: string) => logger.warn!(code) }),
    ...(logger.debug && { debug: (message: string, metadata?: unknown) => logger.debug!(message, metadata) }),
  }
}
