import type { AccessToken } from "@gatehouse/core"
import type { AccountSummary } from "@gatehouse/core/server"
import type { AuthConfig, Awaitable, Session, SessionInfo, User } from "@gatehouse/core/types"
import type { GetServerSidePropsContext, NextApiRequest, NextApiResponse } from "next"
import type { NextFetchEvent, NextMiddleware, NextRequest } from "next/server"

/** What `authorized` may answer: true lets the request through, a falsy value sends it to sign-in, a Response wins. */
export type AuthorizedResult = boolean | Response | undefined | null | void

/** The config of `NextAuth(...)`: core's config without `raw`, plus the middleware's `authorized` callback. */
export interface NextAuthConfig extends Omit<AuthConfig, "raw"> {
  callbacks?: AuthConfig["callbacks"] & {
    /**
     * Decides, in `proxy.ts`/`middleware.ts` and in handlers wrapped by `auth(...)`, whether the request may go on.
     * Must not deny the page it redirects to (the sign-in page is never redirected to itself).
     */
    authorized?: (params: { request: NextRequest; auth: Session | null }) => Awaitable<AuthorizedResult>
  }
}

/** `NextAuth` takes the config, or a function of the request (absent in server components and actions). */
export type NextAuthConfigInit = NextAuthConfig | ((request: NextRequest | undefined) => Awaitable<NextAuthConfig>)

/** A request seen by a handler wrapped with `auth(...)`: `auth` is the session, or null. */
export interface NextAuthRequest extends NextRequest {
  auth: Session | null
}

/** The second argument Next passes to route handlers. */
export interface AppRouteHandlerContext {
  params: Promise<Record<string, string | string[] | undefined>>
}

export type AppRouteHandler = (request: NextRequest, context: AppRouteHandlerContext) => Promise<Response> | Response

/**
 * What `auth(handler)` wraps: a proxy (middleware) function, given Next's event, or a route
 * handler, given the route's context. The second parameter is `any`, as next-auth 5's, so a handler
 * that annotates either one (or reads `ctx.params` unannotated) still fits.
 */
// biome-ignore lint/suspicious/noExplicitAny: public API kept as next-auth 5's (see above).
export type WrappedHandler = (request: NextAuthRequest, contextOrEvent: any) => Awaitable<Response | void | undefined | null>

/**
 * Options of the server-side `signIn` (server actions, route handlers); any other field is passed to
 * the provider (e.g. a credentials form's fields).
 */
export interface SignInOptions extends Record<string, unknown> {
  /** Where to go after signing in (a path on this site). Default: the page the action was called from. */
  redirectTo?: string
  /** false: return the URL instead of redirecting. Default true. */
  redirect?: boolean
}

export type SignInAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams

/**
 * Options of the server-side `signOut`: where to go afterwards, whether to redirect, and whether to
 * sign out at the identity provider too.
 */
export interface SignOutOptions {
  redirectTo?: string
  redirect?: boolean
  /**
   * Also end the session at the identity provider it was signed in with (OpenID Connect
   * RP-Initiated Logout): the redirect goes to the provider, which sends the browser back to `redirectTo`.
   */
  federated?: boolean
}

/**
 * What `NextAuth(config)` returns: the route handlers, `auth`, `signIn`, `signOut`, `unstable_update`,
 * `sessions` and `getAccessToken`.
 */
export interface NextAuthResult {
  /** Export from `app/api/auth/[...nextauth]/route.ts`: `export const { GET, POST } = handlers`. */
  handlers: { GET: (request: NextRequest | Request) => Promise<Response>; POST: (request: NextRequest | Request) => Promise<Response> }
  /**
   * One function for every place Next runs code:
   * - `await auth()` in server components, server actions and route handlers → Session or null
   * - `export { auth as proxy }` (or `as middleware`) → keeps the session alive and applies `authorized`
   * - `auth((req) => …)` wraps a proxy or route handler; `req.auth` is the session
   * - `auth(req, res)` in pages-router API routes, `auth(ctx)` in getServerSideProps → Session or null
   * - `auth({ maxAge, secondFactor, callbackUrl })` in server components and actions: the session of a
   *   sign-in that recent (and strong); else Next's `redirect()` to `{basePath}/reauthenticate`, which
   *   brings the browser back to `callbackUrl` (default: the Referer, else "/")
   */
  auth: ((...args: []) => Promise<Session | null>) &
    ((...args: [RecentAuthenticationOptions]) => Promise<Session | null>) &
    ((...args: [GetServerSidePropsContext]) => Promise<Session | null>) &
    ((...args: [NextApiRequest, NextApiResponse]) => Promise<Session | null>) &
    ((...args: [NextRequest, NextFetchEvent?]) => Promise<Response>) &
    ((...args: [WrappedHandler]) => NextMiddleware & AppRouteHandler)
  signIn: <Redirect extends boolean = true>(
    provider?: string,
    options?: FormData | (SignInOptions & { redirect?: Redirect }),
    authorizationParams?: SignInAuthorizationParams,
  ) => Promise<Redirect extends false ? string : never>
  signOut: <Redirect extends boolean = true>(
    options?: SignOutOptions & { redirect?: Redirect },
  ) => Promise<Redirect extends false ? string : never>
  unstable_update: (data: Partial<Session | { user: Partial<User> }>) => Promise<Session | null>
  /**
   * The signed-in user's access token at `providerId` (`{ accessToken, expiresAt }`), refreshed first
   * when it is about to expire and the provider has `tokenRefresh: true`; null when there is none
   * or it cannot be refreshed. In server components, server actions and route handlers.
   */
  getAccessToken: (providerId: string) => Promise<AccessToken | null>
  /**
   * The signed-in user's sessions ("your devices") and their revocation. Needs somewhere sessions
   * are recorded: an adapter with `listSessionsByUserId` and `deleteSessionsByUserId` (both
   * strategies; with the owned-session methods for a Credentials `authorize` returning the app's own
   * users), or, for JWT sessions without an adapter, `session.store` (`redisSessionStore`); without
   * any each call throws `MissingAdapterMethods`.
   */
  sessions: NextAuthSessions
  /**
   * The signed-in user's own account (needs `account: Account()` from `@gatehouse/next/account` in the
   * config, else each call throws): `get()` in server components, server actions and route handlers.
   */
  account: NextAuthAccount
  /**
   * For route handlers guarding a sensitive operation: null when the request's sign-in is recent (and
   * strong) enough, else the Response to answer with — RFC 9470's 401 (`WWW-Authenticate: Bearer
   * error="insufficient_user_authentication"`) for an API request, a redirect to
   * `{basePath}/reauthenticate` for a page. Core's step-up check.
   */
  requireRecentAuthentication: (need?: RecentAuthenticationOptions) => Promise<Response | null>
}

/** Step-up options: the sign-in must be at most `maxAge` seconds old (default `session.freshAge`), with a second factor. */
export interface RecentAuthenticationOptions {
  maxAge?: number
  secondFactor?: boolean
  /** Where a page comes back to once re-authenticated. */
  callbackUrl?: string
}

/** `account` of `NextAuth(config)`: the signed-in user's account, as `GET {basePath}/account` answers it in JSON. */
export interface NextAuthAccount {
  /**
   * The user, their linked accounts (`linkedAt`), passkeys (`createdAt`, `lastUsedAt`), whether they have a
   * password and their second factor; null when nobody (or an app's own credentials user) is signed in.
   * Changes go through the account endpoints' forms (docs/account.md).
   */
  get: () => Promise<AccountSummary | null>
}

/** What `sessions.revoke*()` did: how many sessions went, and whether the caller's own was one of them. */
export interface RevokeSessionsResult {
  revoked: number
  /** The current session was revoked: its cookie is cleared in this action's response, `auth()` now gives null. */
  signedOut: boolean
}

/**
 * `sessions` of `NextAuth(config)`: the signed-in user's sessions ("your devices"), to list and to
 * end.
 */
export interface NextAuthSessions {
  /** Server components, server actions, route handlers: the user's sessions (`current` marks this one), or null when signed out. */
  list: () => Promise<SessionInfo[] | null>
  /**
   * Server actions and route handlers: ends the session with this id (from `list()`). An id that is not one
   * of the user's sessions revokes nothing (`revoked: 0`). Revoking the current session signs the user out.
   */
  revoke: (sessionId: string) => Promise<RevokeSessionsResult>
  /** Server actions and route handlers: ends every session of the user but the current one ("sign out everywhere else"). */
  revokeOthers: () => Promise<RevokeSessionsResult>
  /** Server actions and route handlers: ends every session of the user, the current one included ("sign out everywhere"). */
  revokeAll: () => Promise<RevokeSessionsResult>
}
