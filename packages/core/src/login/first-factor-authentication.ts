import type { AuthenticationMark } from "../session/token-marks.js"
import type { FirstFactorDone } from "./finish-sign-in.js"

/**
 * The `amr` values (RFC 8176, and `fed`/`email` where it has none) of each way to sign in, when
 * the method does not say itself. The WebAuthn callback says itself (webauthn/passkey-amr.ts): a
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
