/**
 * `@gatehouse/next/v4` — next-auth 4.24's `next-auth`: a v4 app moves by replacing `next-auth` with
 * `@gatehouse/next/v4` in its import specifiers. Its cookies stay valid, so its users stay signed in.
 *
 * ```ts
 * // pages/api/auth/[...nextauth].ts
 * import NextAuth, { type AuthOptions } from "@gatehouse/next/v4"
 * export const authOptions: AuthOptions = { providers: [...] }
 * export default NextAuth(authOptions)
 * ```
 */
import { NextAuth } from "./next-auth.js"

export default NextAuth
export { getServerSession, unstable_getServerSession } from "./get-server-session.js"
export type { NextAuthHandler } from "./next-auth.js"
export type {
  Account,
  AuthOptions,
  Awaitable,
  CallbacksOptions,
  CookiesOptions,
  DefaultSession,
  DefaultUser,
  LoggerInstance,
  NextAuthOptions,
  Profile,
  Session,
  SessionOptions,
  Theme,
  User,
} from "./types.js"
