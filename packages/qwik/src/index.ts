import { customFetch as coreCustomFetch } from "@gatehouse/core"
import { isServer } from "@builder.io/qwik/build"

export { QwikAuth$, QwikAuthQrl } from "./qwik-auth.js"
export { setEnvDefaults } from "./set-env-defaults.js"
export type { RecentAuthenticationOptions } from "./step-up.js"
export { AuthError, CredentialsSignin } from "@gatehouse/core/errors"

/** Provider option key replacing the fetch used for the provider's OAuth endpoints (server only). */
export const customFetch = isServer ? coreCustomFetch : undefined

export type { AccessToken } from "@gatehouse/core"
export type { Account, DefaultSession, Profile, Session, User } from "@gatehouse/core/types"
// Exported so that `declare module "@gatehouse/qwik" { interface JWT { … } }` augments the token type.
export type { JWT } from "@gatehouse/core/jwt"
export type {
  ActionSucceeded,
  GetSessionResult,
  QwikAuthConfig,
  RevokeSessionFailed,
  RevokeSessionInput,
  RevokeSessionResult,
  SessionInfo,
  SessionLookup,
  SessionsRevoked,
  SignInFailed,
  SignInFieldErrors,
  SignInInput,
  SignInResult,
  SignOutFailed,
  SignOutInput,
  SignOutResult,
} from "./types.js"
