import type { AuthenticationMark } from "../session-cookie/token-marks.js"
import type { AdapterUser } from "../adapters.js"
import type { Account, Cookie, Profile, User } from "../shared-types.js"

/** What a sign-in method hands the gate once its own factor is proven. */
export interface FirstFactorDone {
  user: User | AdapterUser
  account: Account | null
  profile?: Profile
  isNewUser?: boolean
  /** Where the browser goes once signed in. */
  redirectTo: string
  /** How the user proved who they are, as `amr` values (RFC 8176): "pwd", "otp", "hwk", "fed"… */
  methods?: string[]
  /** A JWT cookie even under the database strategy (see SessionGrant). */
  forceJwt?: boolean
  /** The user this sign-in created, removed again if the sign-in cannot be finished. */
  createdUserId?: string
  /** Cookies the method itself sends back (spent OAuth checks, a used challenge), whatever happens next. */
  cookies?: Cookie[]
}

/**
 * The `amr` values (RFC 8176, and `fed`/`email` where it has none) of each way to sign in, when
 * the method does not say itself. The WebAuthn callback says itself (passkeyMethods in webauthn/verify-ceremony.ts): a
 * passkey is something held and, with user verification, something known or been: two factors.
 */
const methodsOfAccountType: Record<string, string[]> = {
  credentials: ["pwd"],
  oauth: ["fed"],
  oidc: ["fed"],
  email: ["email"],
  webauthn: ["hwk", "user", "mfa"],
}

/** When (now) and how the user just proved who they are, for the session's `auth_time` and `amr`. */
export function firstFactorAuthentication(done: Pick<FirstFactorDone, "methods" | "account">, now = Date.now()): AuthenticationMark {
  const methods = done.methods ?? methodsOfAccountType[done.account?.type ?? ""] ?? []
  return { authTime: Math.floor(now / 1000), methods }
}
