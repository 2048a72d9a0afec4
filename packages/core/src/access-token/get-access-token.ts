/**
 * `getAccessToken(request, config, providerId)`: the signed-in user's access token at a provider,
 * refreshed first when it is about to expire (providers with `tokenRefresh: true`).
 */
import type { InternalOptions, InternalProvider } from "../config/internal-options.js"
import { requestOptions } from "../config/request-options.js"
import { resolveConfig } from "../config/resolve-config.js"
import { InvalidProvider, MissingAdapterMethods } from "../errors.js"
import type { AuthConfigInput } from "../handler/auth.js"
import { parseRequest } from "../http/parse-request.js"
import { pinToPublicOrigin } from "../http/public-origin.js"
import { readSessionCookie, writeSessionCookie } from "../http/session-chunks.js"
import { serializeCookie } from "../http/serialize-cookie.js"
import type { JWT } from "../jwt/types.js"
import type { Cookie } from "../primitives.js"
import { adapterUserIdOf } from "../session/adapter-user-id-of.js"
import { type JwtSessionToken, readJwtSessionToken, unreadableSessionCookie } from "../session/jwt-session-token.js"
import { upstreamTokensClaim } from "../session/token-marks.js"
import type { AccessToken } from "./access-token.js"
import { accessTokenFromAccount } from "./account-tokens.js"
import { accessTokenFromCookie, type UpstreamTokens, upstreamTokensOf } from "./cookie-tokens.js"

export type { AccessToken } from "./access-token.js"

/** `getAccessToken(…, { withCookies: true })`: the token, and the `Set-Cookie` header values to send with the response. */
export interface AccessTokenWithCookies {
  token: AccessToken | null
  /**
   * Set when the session cookie had to change: a JWT session without an adapter keeps the tokens
   * in its cookie, so a refresh (or a refusal) is stored by sending these. Empty otherwise.
   */
  cookies: string[]
}

/**
 * The signed-in user's access token at `providerId`: the stored one while it has more than 60
 * seconds left, otherwise (with the provider's `tokenRefresh: true`) a refreshed one, stored
 * back — in the adapter's account row, or, for JWT sessions without an adapter, in the session
 * cookie. A JWT session is read as GET /session reads it, the app's `jwt` callback included.
 * Resolves to null when nobody is signed in (a revoked session's cookie included, or one the `jwt`
 * callback answers null for, as for a banned user), the user has no such account, the token
 * expired and cannot be refreshed, or the provider refused the refresh (RefreshTokenError, final:
 * `GET /session` then carries `error: "RefreshTokenError"`) or could not be reached (logged, retried
 * after a few seconds). Concurrent calls share one refresh, across instances too when an adapter
 * keeps the tokens.
 *
 * For JWT sessions without an adapter, pass `{ withCookies: true }` and send the returned
 * `cookies` as `Set-Cookie` headers: otherwise the refreshed tokens live only in this process's
 * memory. The framework integrations do this for you.
 *
 * @throws InvalidProvider when `providerId` is not an OAuth or OIDC provider of the config.
 */
export async function getAccessToken(request: Request, config: AuthConfigInput, providerId: string): Promise<AccessToken | null>
export async function getAccessToken(
  request: Request,
  config: AuthConfigInput,
  providerId: string,
  options: { withCookies: true },
): Promise<AccessTokenWithCookies>
export async function getAccessToken(
  request: Request,
  configInput: AuthConfigInput,
  providerId: string,
  callOptions?: { withCookies?: boolean },
): Promise<AccessToken | null | AccessTokenWithCookies> {
  const result = await accessTokenForServer(request, configInput, providerId)
  return callOptions?.withCookies ? { token: result.token, cookies: result.cookies.map(serializeCookie) } : result.token
}

/**
 * For the framework integrations (`@gatehouse/core/integration`): the same, with the cookies as
 * core's Cookie records, which frameworks' cookie APIs take apart more easily than header text.
 */
export async function accessTokenForServer(
  request: Request,
  configInput: AuthConfigInput,
  providerId: string,
): Promise<{ token: AccessToken | null; cookies: Cookie[] }> {
  const config = resolveConfig(typeof configInput === "function" ? await configInput(request) : configInput)
  if (config.configError) throw config.configError
  // Read as the session endpoint would read this request: same cookies, same origin rules.
  const internal = await parseRequest(
    new Request(new URL(`${config.basePath}/session`, request.url), { headers: request.headers }),
    config.basePath,
  )
  if (config.publicOrigin) {
    const pinned = pinToPublicOrigin(internal, config.publicOrigin, config.refuseForeignHosts)
    if (pinned instanceof Error) throw pinned
    internal.url = pinned
  }
  const { options } = await requestOptions(internal, config)
  const provider = options.providers.find((p) => p.id === providerId)
  if (provider?.type !== "oauth" && provider?.type !== "oidc") {
    throw new InvalidProvider(`getAccessToken: "${providerId}" is not an OAuth or OIDC provider of this config`)
  }
  const oauthProvider = provider as InternalProvider<"oauth">
  const none = { token: null, cookies: [] as Cookie[] }
  const cookie = options.cookies.sessionToken
  const sessionToken = readSessionCookie(internal.cookies, cookie.name)
  if (!sessionToken) return none

  try {
    if (options.session.strategy === "database") {
      const found = await options.adapter!.getSessionAndUser(sessionToken)
      if (!found || new Date(found.session.expires).valueOf() < Date.now()) return none
      return { token: await fromAdapter(found.user.id, oauthProvider, options), cookies: [] }
    }
    // Read as GET /session reads it (session/jwt-session-token.ts): a session the app's jwt callback
    // refuses (a banned user) gets no token, and the callback's token (marks kept) is the session's.
    let read: JwtSessionToken
    try {
      read = await readJwtSessionToken(sessionToken, options)
    } catch (error) {
      options.logger.error(unreadableSessionCookie(error))
      return none
    }
    if (!read.signedIn) return none
    if (options.adapter) {
      const userId = await adapterUserIdOf(read, options)
      return { token: userId ? await fromAdapter(userId, oauthProvider, options) : null, cookies: [] }
    }
    const mark = upstreamTokensOf(read.token)
    if (!mark || mark.provider !== providerId) return none
    const { token, replaced } = await accessTokenFromCookie(mark, oauthProvider, options)
    const cookies = replaced ? await rewrittenCookie(read.decoded, read.token, replaced, internal.cookies, options) : []
    return { token, cookies }
  } catch (error) {
    // The database or the provider failed: no token now (logged), the next call tries again.
    options.logger.error(error as Error)
    return none
  }
}

async function fromAdapter(userId: string, provider: InternalProvider<"oauth">, options: InternalOptions): Promise<AccessToken | null> {
  const adapter = options.adapter!
  if (typeof adapter.getAccountByUserId !== "function") {
    options.logger.error(
      new MissingAdapterMethods("getAccessToken needs the adapter's getAccountByUserId to find the user's account", {
        provider: provider.id,
      }),
    )
    return null
  }
  const account = await adapter.getAccountByUserId(userId, provider.id)
  return account ? accessTokenFromAccount(account, provider, options) : null
}

/**
 * The session cookie again, with the new mark: the jwt callback's token (what the session read
 * would store), with the expiry the cookie had.
 */
async function rewrittenCookie(
  decoded: JWT,
  token: JWT,
  mark: UpstreamTokens,
  requestCookies: Record<string, string>,
  options: InternalOptions,
): Promise<Cookie[]> {
  const cookie = options.cookies.sessionToken
  const { iat: _iat, exp: _exp, jti: _jti, ...claims } = token
  const exp = decoded.exp
  const expires = typeof exp === "number" ? new Date(exp * 1000) : new Date(Date.now() + options.session.maxAge * 1000)
  const maxAge = Math.max(1, Math.round((expires.valueOf() - Date.now()) / 1000))
  const value = await options.jwt.encode({ ...options.jwt, maxAge, token: { ...claims, [upstreamTokensClaim]: mark }, salt: cookie.name })
  return writeSessionCookie(requestCookies, cookie, value, expires, options.session.maxCookieChunks)
}
