// A type leaf (no imports): providers/types.ts names it in the account module's shape without an import circle.

/** GET {basePath}/account's body: what the user is and how they sign in; ids only, never a token or a secret. */
export interface AccountSummary {
  user: { id: string; name: string | null; email: string | null; emailVerified: string | null; image: string | null }
  /**
   * OAuth/OIDC accounts; `handle` tells apart two accounts at one provider (`POST /account/unlink`'s `handle`);
   * `linkedAt` is null for an account linked before the adapter kept the date (or by an adapter that keeps none).
   */
  accounts: { provider: string; type: string; handle: string; linkedAt: string | null }[]
  /**
   * `id` is the passkey's credential id (public by design); `lastUsedAt` is its last sign-in. Name and
   * dates are null where the adapter keeps none (a passkey registered before it kept them).
   */
  passkeys: { id: string; name: string | null; createdAt: string | null; lastUsedAt: string | null }[]
  password: boolean
  /** Whether an e-mail sign-in can reach the user (an e-mail provider and an address). */
  emailSignIn: boolean
  /** `available`: second factors are configured (secondFactor) and the adapter keeps them. */
  secondFactor: { available: boolean; totp: boolean; backupCodesLeft: number }
}
