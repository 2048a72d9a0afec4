"use client"
/**
 * @gatehouse/next/react — the browser side, as `next-auth/react`:
 * `<SessionProvider>`, `useSession()`, and `signIn`, `signOut`, `getSession`, `getCsrfToken`, `getProviders`.
 */
export { SessionProvider, SessionContext } from "./session-provider.js"
export type { SessionContextValue, SessionProviderProps, UpdateSession } from "./session-provider.js"
export { useSession } from "./use-session.js"
export type { UseSessionOptions } from "./use-session.js"
export { signIn } from "./sign-in.js"
export type { ClientSignInOptions, SignInResponse } from "./sign-in.js"
export { signOut } from "./sign-out.js"
export type { ClientSignOutOptions } from "./sign-out.js"
export { getSession } from "./get-session.js"
export { getCsrfToken } from "./get-csrf-token.js"
export { getProviders } from "./get-providers.js"
export type { ClientSafeProvider } from "./get-providers.js"
export { clientConfig as __NEXTAUTH } from "./client-config.js"
