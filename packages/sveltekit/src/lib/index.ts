/**
 * `@gatehouse/sveltekit`: Gatehouse for SvelteKit, shaped like `@auth/sveltekit` so an app moves
 * over by changing its imports.
 */
export { SvelteKitAuth } from "./sveltekit-auth.js"
export type { SvelteKitAuthResult } from "./create-sveltekit-auth.js"
export type { SvelteKitAuthConfig, SvelteKitAuthConfigInput } from "./types.js"
export type { SignInOptions, AuthorizationParams } from "./sign-in.js"
export type { SignOutOptions } from "./sign-out.js"
export type { LocalsSessions, RevokeResult, SessionInfo } from "./sessions.js"
export type { RecentAuthenticationOptions } from "./read-session.js"
export { AuthError, CredentialsSignin } from "@gatehouse/core/errors"
export { customFetch } from "@gatehouse/core"
export type { AccessToken } from "@gatehouse/core"
export type {
  Account,
  DefaultSession,
  Profile,
  Session,
  User,
} from "@gatehouse/core/types"
// Exported so that `declare module "@gatehouse/sveltekit" { interface JWT { … } }` augments the token type.
export type { JWT } from "@gatehouse/core/jwt"
