"use client"
/**
 * `@gatehouse/next/v4/react` — next-auth 4's `next-auth/react`: `<SessionProvider>`,
 * `useSession({ required, onUnauthenticated })`, `signIn`, `signOut`, `getSession`,
 * `getCsrfToken`, `getProviders`. The same client as `@gatehouse/next/react`: v4's and v5's
 * browser APIs are one (v4's `callbackUrl` is taken where v5 says `redirectTo`), so an app keeps
 * its client code through both moves.
 */
export {
  SessionContext,
  SessionProvider,
  __NEXTAUTH,
  getCsrfToken,
  getProviders,
  getSession,
  signIn,
  signOut,
  useSession,
} from "../../react/index.js"
export type {
  ClientSafeProvider,
  ClientSignInOptions as SignInOptions,
  ClientSignOutOptions as SignOutParams,
  SessionContextValue,
  SessionProviderProps,
  SignInResponse,
  UseSessionOptions,
} from "../../react/index.js"
