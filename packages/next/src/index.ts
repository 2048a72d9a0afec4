/**
 * @gatehouse/next — Gatehouse for Next.js, a drop-in replacement for `next-auth` v5.
 *
 * ```ts
 * // auth.ts
 * import NextAuth from "@gatehouse/next"
 * import Credentials from "@gatehouse/next/providers/credentials"
 * export const { handlers, auth, signIn, signOut, unstable_update, sessions } = NextAuth({ providers: [Credentials({ … })] })
 * ```
 */
import { createAccount } from "./lib/account.js"
import { createAuth } from "./lib/create-auth.js"
import { createConfigResolver } from "./lib/create-config-resolver.js"
import { accessTokenForServerCode } from "./lib/get-access-token.js"
import { requireRecentAuthentication } from "./lib/require-recent-authentication.js"
import { createHandlers } from "./lib/create-handlers.js"
import { createSessions } from "./lib/sessions.js"
import { signIn } from "./lib/sign-in.js"
import { signOut } from "./lib/sign-out.js"
import type { NextAuthConfigInit, NextAuthResult } from "./lib/types.js"
import { updateSession } from "./lib/session.js"

/**
 * Sets Gatehouse up in a Next.js app (next-auth v5's API): the config, or a function of the request
 * returning it, in; the route handlers and the server helpers out.
 */
export default function NextAuth(config: NextAuthConfigInit): NextAuthResult {
  const resolveConfig = createConfigResolver(config)
  return {
    handlers: createHandlers(resolveConfig),
    auth: createAuth(resolveConfig),
    signIn: ((provider, options, authorizationParams) =>
      signIn(resolveConfig, provider, options, authorizationParams)) as NextAuthResult["signIn"],
    signOut: ((options) => signOut(resolveConfig, options)) as NextAuthResult["signOut"],
    unstable_update: (data) => updateSession(resolveConfig, data),
    getAccessToken: (providerId) => accessTokenForServerCode(resolveConfig, providerId),
    sessions: createSessions(resolveConfig),
    account: createAccount(resolveConfig),
    requireRecentAuthentication: (need) => requireRecentAuthentication(resolveConfig, need),
  }
}

export { NextAuth }
export { isRedirectError } from "./lib/is-redirect-error.js"
export { AuthError, CredentialsSignin, MissingCSRF } from "@gatehouse/core/errors"
export { customFetch } from "@gatehouse/core"
export type { AccessToken } from "@gatehouse/core"
export type {
  AuthorizedResult,
  NextAuthAccount,
  NextAuthConfig,
  NextAuthConfigInit,
  NextAuthRequest,
  NextAuthResult,
  NextAuthSessions,
  RevokeSessionsResult,
  SignInOptions,
  SignOutOptions,
} from "./lib/types.js"
export type { Account, DefaultSession, Profile, Session, SessionInfo, User } from "@gatehouse/core/types"
