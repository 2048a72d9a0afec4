/**
 * `getAccessToken(request, config, providerId)`: the signed-in user's access token at a provider,
 * refreshed first when it is about to expire (providers with `tokenRefresh: true`).
 */
import type { InternalOptions, InternalProvider } from "../providers/types.js"
import { InvalidProvider, MissingAdapterMethods } from "../errors.js"
import type { AuthConfigInput } from "../handler/auth.js"
import { type ServerInput, serverInputOf } from "./server-input.js"
import { serverOptions, serverRequest } from "./server-request.js"
import { readSessionCookie } from "../http/session-chunks.js"
import { serializeCookie } from "../http/to-response.js"
import type { Cookie } from "../shared-types.js"
import { adapterUserIdOf } from "../login/current-user.js"
import { type JwtSessionToken, readJwtSessionToken, unreadableSessionCookie } from "../session-cookie/jwt-session-token.js"
import { liveDatabaseSession } from "../session-cookie/database-session.js"
import { keptExpiry, reissuedIfChanged, sessionCookieHolding } from "../session-cookie/reissued-session-cookie.js"
import { type AccessToken, unexpiredAccessToken } from "../access-token/access-token.js"
import { type UpstreamTokens, upstreamTokensClaim, upstreamTokensOf } from "../session-cookie/token-marks.js"
export type { AccessToken } from "../access-token/access-token.js"

/** `getAccessToken(…, { withCookies: true })`: the token, and the `Set-Cookie` header values to send with the response. */
export interface AccessTokenWithCookies {
  token: AccessToken | null
  /**
   * Set when the session cookie had to change: a JWT session without an adapter keeps the tokens
   * in its cookie, so a refresh (or a refusal) is stored by sending these; and a JWT session whose
   * token the app's `jwt` callback changed (an app refreshing its tokens there) is stored the way
   * GET /session stores it. Empty otherwise.
   */
  cookies: string[]
}

/**
 * The signed-in user's access token at `providerId`: the stored one while it has more than 60
 * seconds left, otherwise (with the provider's `tokenRefresh: true`) a refreshed one, stored
 * back — in the adapter's account row, or, for JWT sessions without an adapter, in the session
 * cookie. A JWT session is read as GET /session reads it, the app's `jwt` callback included, and
 * what that callback changed is stored as GET /session stores it (in the returned cookies).
 * Resolves to null when nobody is signed in (a revoked session's cookie included, or one the `jwt`
 * callback answers null for, as for a banned user), the user has no such account, the token
 * expired and cannot be refreshed, or the provider refused the refresh (RefreshTokenError, final:
 * `GET /session` then carries `error: "RefreshTokenError"`) or could not be reached (logged, retried
 * after a few seconds). Concurrent calls share one refresh, across instances too when an adapter
 * keeps the tokens.
 *
 * For JWT sessions, pass `{ withCookies: true }` and send the returned `cookies` as `Set-Cookie`
 * headers: otherwise the refreshed tokens (without an adapter) live only in this process's memory,
 * and what the app's `jwt` callback changed is lost. The framework integrations do this for you.
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
  const result = await accessTokenForServer(await serverInputOf(request, configInput), providerId)
  return callOptions?.withCookies ? { token: result.token, cookies: result.cookies.map(serializeCookie) } : result.token
}

/**
 * For `@gatehouse/core/server` and the framework integrations: the same over the user's headers, with
 * the cookies as core's Cookie records, which frameworks' cookie APIs take apart more easily than header text.
 */
export async function accessTokenForServer(
  input: ServerInput,
  providerId: string,
): Promise<{ token: AccessToken | null; cookies: Cookie[] }> {
  // Read as the session endpoint would read this request: same cookies, same origin rules.
  const request = serverRequest(input, { action: "session" })
  const requestCookies = request.internal.cookies
  const { options } = await serverOptions(request)
  const provider = options.providers.find((p) => p.id === providerId)
  if (provider?.type !== "oauth" && provider?.type !== "oidc") {
    throw new InvalidProvider(`getAccessToken: "${providerId}" is not an OAuth or OIDC provider of this config`)
  }
  const oauthProvider = provider as InternalProvider<"oauth">
  const none = { token: null, cookies: [] as Cookie[] }
  const sessionToken = readSessionCookie(requestCookies, options.cookies.sessionToken.name)
  if (!sessionToken) return none

  if (options.session.strategy === "database") {
    try {
      const found = await liveDatabaseSession(sessionToken, options.adapter!)
      return { token: found ? await fromAdapter(found.user.id, oauthProvider, options) : null, cookies: [] }
    } catch (error) {
      // The database or the provider failed: no token now (logged), the next call tries again.
      options.logger.error(error as Error)
      return none
    }
  }
  // Read as GET /session reads it (session-cookie/jwt-session-token.ts): a session the app's jwt callback
  // refuses (a banned user) gets no token, and the callback's token (marks kept) is the session's.
  let read: JwtSessionToken
  try {
    read = await readJwtSessionToken(sessionToken, options)
  } catch (error) {
    options.logger.error(unreadableSessionCookie(error, "ignored"))
    return none
  }
  if (!read.signedIn) return none
  let found: { token: AccessToken | null; replaced?: UpstreamTokens } = { token: null }
  try {
    found = await fromJwtSession(read, oauthProvider, options)
  } catch (error) {
    // As above; what the jwt callback changed is stored all the same (below).
    options.logger.error(error as Error)
  }
  try {
    return { token: found.token, cookies: await storedSession(read, found.replaced, requestCookies, options) }
  } catch (error) {
    // The encoder failed: the token stands, the cookie stays as it was.
    options.logger.error(error as Error)
    return { token: found.token, cookies: [] }
  }
}

/** The access token of a signed-in JWT session: from the adapter's account row, or from the cookie's mark. */
async function fromJwtSession(
  read: JwtSessionToken & { signedIn: true },
  provider: InternalProvider<"oauth">,
  options: InternalOptions,
): Promise<{ token: AccessToken | null; replaced?: UpstreamTokens }> {
  if (options.adapter) {
    const userId = await adapterUserIdOf(read, options)
    return { token: userId ? await fromAdapter(userId, provider, options) : null }
  }
  const mark = upstreamTokensOf(read.token)
  if (!mark || mark.provider !== provider.id) return { token: null }
  if (!options.tokenRefresh) return { token: unexpiredAccessToken(mark) }
  return options.tokenRefresh.accessTokenFromCookie(mark, provider, options)
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
  if (!account) return null
  return options.tokenRefresh ? options.tokenRefresh.accessTokenFromAccount(account, provider, options) : unexpiredAccessToken(account)
}

/**
 * The session cookie again when the session changed: the jwt callback's token is stored as GET
 * /session would store it, and a refresh's new mark with it; either keeps the cookie's expiry
 * (storing tokens is no session activity). Nothing when neither changed it.
 */
async function storedSession(
  read: JwtSessionToken & { signedIn: true },
  replaced: UpstreamTokens | undefined,
  requestCookies: Record<string, string>,
  options: InternalOptions,
): Promise<Cookie[]> {
  if (!replaced) return reissuedIfChanged(read, requestCookies, options)
  const token = { ...read.token, [upstreamTokensClaim]: replaced }
  return sessionCookieHolding(token, requestCookies, options, { kept: keptExpiry(read.decoded, options) })
}
