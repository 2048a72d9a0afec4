import type { Adapter, AdapterUser } from "@gatehouse/core/adapters"
import type { CredentialInput } from "@gatehouse/core/providers"
import type {
  Account,
  Awaitable,
  CookieOption,
  DefaultSession,
  EventCallbacks,
  PagesOptions,
  Profile,
  Provider,
  Session,
  SessionUpdateData,
  Theme,
  User,
} from "@gatehouse/core/types"
import type { JWT, JWTOptions } from "./jwt/types.js"

/** next-auth 4's DefaultUser: what `authorize` and `profile` return at least. */
export interface DefaultUser {
  id: string
  name?: string | null
  email?: string | null
  image?: string | null
}

/**
 * `Session` and `User` are core's own, so that `declare module "@gatehouse/next/v4" { interface Session { … } }`
 * widens them everywhere: `getServerSession`, `useSession`, the callbacks.
 */
export type { DefaultSession, Session, User } from "@gatehouse/core/types"

export type { Account, Awaitable, Profile, Theme }

/** v4's cookie options: the same keys as Auth.js's. */
export interface CookiesOptions {
  sessionToken: CookieOption
  callbackUrl: CookieOption
  csrfToken: CookieOption
  pkceCodeVerifier: CookieOption
  state: CookieOption
  nonce: CookieOption
}

/** next-auth 4's `session` options, with its defaults filled in. */
export interface SessionOptions {
  strategy: "jwt" | "database"
  maxAge: number
  updateAge: number
  generateSessionToken: () => string
}

/** next-auth 4's callbacks, with v4's arguments. */
export interface CallbacksOptions<P = Profile, A = Account> {
  signIn: (params: {
    user: User | AdapterUser
    account: A | null
    profile?: P
    email?: { verificationRequest?: boolean }
    credentials?: Record<string, CredentialInput>
  }) => Awaitable<boolean | string>
  redirect: (params: { url: string; baseUrl: string }) => Awaitable<string>
  session: (params: {
    session: Session
    user: AdapterUser
    token: JWT
    newSession?: SessionUpdateData
    trigger?: "update"
  }) => Awaitable<Session | DefaultSession>
  jwt: (params: {
    token: JWT
    user: User | AdapterUser
    account: A | null
    profile?: P
    trigger?: "signIn" | "signUp" | "update"
    isNewUser?: boolean
    session?: SessionUpdateData
  }) => Awaitable<JWT>
}

/** next-auth 4's `logger`: warnings and errors by code. */
export interface LoggerInstance {
  warn: (code: string) => void
  error: (code: string, metadata: unknown) => void
  debug: (code: string, metadata: unknown) => void
}

/** The options of next-auth 4's `NextAuth(options)`. */
export interface AuthOptions {
  providers: Provider[]
  /** Default: NEXTAUTH_SECRET. */
  secret?: string
  session?: Partial<SessionOptions>
  jwt?: Partial<JWTOptions>
  pages?: Partial<PagesOptions>
  callbacks?: Partial<CallbacksOptions>
  events?: Partial<EventCallbacks>
  adapter?: Adapter
  debug?: boolean
  logger?: Partial<LoggerInstance>
  theme?: Theme
  /** Default: NEXTAUTH_URL starts with https://. */
  useSecureCookies?: boolean
  cookies?: Partial<CookiesOptions>
}
/** v4's older name of AuthOptions. */
export type NextAuthOptions = AuthOptions
