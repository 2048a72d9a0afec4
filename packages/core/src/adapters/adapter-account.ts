import type { Account } from "../primitives.js"

/**
 * What kind of sign-in an account row records: an OAuth or OpenID provider, an e-mail address, or a
 * passkey.
 */
export type AdapterAccountType = "oauth" | "oidc" | "email" | "webauthn"

/** One way a user signs in (a provider's account, or a passkey's credential), linked to that user. */
export interface AdapterAccount extends Account {
  userId: string
  type: AdapterAccountType
  /**
   * Beyond Auth.js: when the account was linked, as the adapter recorded it at `linkAccount`; null or
   * absent where the adapter keeps none (an account linked before its schema kept the date).
   */
  linkedAt?: Date | null
}
