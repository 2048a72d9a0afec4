/**
 * The Adapter contract: how Gatehouse keeps users, accounts, sessions, verification
 * tokens and authenticators in a database. Method names and record shapes follow
 * Auth.js, so an existing Auth.js adapter plugs in unchanged.
 */
import type { Account, Authenticator, Awaitable, User } from "./primitives.js"

export type AdapterAccountType = "oauth" | "oidc" | "email" | "webauthn"

export interface AdapterUser extends User {
  id: string
  email: string
  emailVerified: Date | null
}

export interface AdapterAccount extends Account {
  userId: string
  type: AdapterAccountType
}

export interface AdapterSession {
  /** The opaque value stored in the session cookie. */
  sessionToken: string
  userId: string
  expires: Date
}

export interface VerificationToken {
  identifier: string
  /** The hashed token: the raw one only ever travels in the e-mail. */
  token: string
  expires: Date
}

export interface AdapterAuthenticator extends Authenticator {
  userId: string
}

export interface Adapter {
  createUser?(user: AdapterUser): Awaitable<AdapterUser>
  getUser?(id: string): Awaitable<AdapterUser | null>
  getUserByEmail?(email: string): Awaitable<AdapterUser | null>
  getUserByAccount?(providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">): Awaitable<AdapterUser | null>
  updateUser?(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Awaitable<AdapterUser>
  deleteUser?(userId: string): Promise<void> | Awaitable<AdapterUser | null | undefined>
  linkAccount?(account: AdapterAccount): Promise<void> | Awaitable<AdapterAccount | null | undefined>
  unlinkAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Promise<void> | Awaitable<AdapterAccount | undefined>
  createSession?(session: { sessionToken: string; userId: string; expires: Date }): Awaitable<AdapterSession>
  getSessionAndUser?(sessionToken: string): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>
  updateSession?(session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">): Awaitable<AdapterSession | null | undefined>
  deleteSession?(sessionToken: string): Promise<void> | Awaitable<AdapterSession | null | undefined>
  createVerificationToken?(verificationToken: VerificationToken): Awaitable<VerificationToken | null | undefined>
  /** Returns the token and deletes it, so that it can be used once only. */
  useVerificationToken?(params: { identifier: string; token: string }): Awaitable<VerificationToken | null>
  getAccount?(providerAccountId: string, provider: string): Awaitable<AdapterAccount | null>
  getAuthenticator?(credentialID: string): Awaitable<AdapterAuthenticator | null>
  createAuthenticator?(authenticator: AdapterAuthenticator): Awaitable<AdapterAuthenticator>
  listAuthenticatorsByUserId?(userId: string): Awaitable<AdapterAuthenticator[]>
  updateAuthenticatorCounter?(credentialID: string, newCounter: number): Awaitable<AdapterAuthenticator>
  /**
   * Beyond Auth.js. Removes everything that lets someone sign in to the user — its accounts,
   * authenticators (passkeys) and database sessions — in one transaction, keeping the user row:
   * either all of them go or none does. Returns the accounts and authenticators removed.
   * Gatehouse calls it when the owner of an address proves it (an e-mail sign-in) while the
   * stored user with that address was never verified, so that nothing an impostor attached before
   * then survives (pre-account hijacking), while the user's id, and the app's data keyed to it, stay.
   */
  removeUserAttachments?(userId: string): Awaitable<RemovedUserAttachments>
  /**
   * Beyond Auth.js, optional: creates the user and links its first account in one transaction, so a
   * failure between the two writes (an outage) never leaves a user that no account reaches — a
   * credentials sign-in would otherwise find only an unlinked user holding its address, and refuse.
   */
  createUserWithAccount?(user: AdapterUser, account: Omit<AdapterAccount, "userId">): Awaitable<AdapterUser>
  /**
   * Beyond Auth.js, optional (needed by `getAccessToken` for database sessions, and by JWT
   * sessions with an adapter): the user's account at `provider`, or null.
   */
  getAccountByUserId?(userId: string, provider: string): Awaitable<AdapterAccount | null>
  /**
   * Beyond Auth.js, optional (needed for `getAccessToken` to store refreshed tokens): a
   * compare-and-swap on the account's refresh token. Writes the token fields given in `tokens`
   * (`null` clears one, a field left out is kept) only if the stored `refresh_token` is exactly
   * `expectedRefreshToken` (null: only if it has none), atomically; resolves to whether it wrote. This is how instances
   * sharing the database agree on which of them refreshes (see docs/adapters.md).
   */
  updateAccountTokens?(
    account: Pick<AdapterAccount, "provider" | "providerAccountId">,
    expectedRefreshToken: string | null,
    tokens: AccountTokens,
  ): Awaitable<boolean>
}

/** The token fields `updateAccountTokens` writes. */
export interface AccountTokens {
  access_token?: string | null
  refresh_token?: string | null
  /** Seconds since the epoch. */
  expires_at?: number | null
  id_token?: string | null
  token_type?: string | null
  scope?: string | null
}

/** What `removeUserAttachments` removed. */
export interface RemovedUserAttachments {
  accounts: AdapterAccount[]
  authenticators: AdapterAuthenticator[]
  /** How many database sessions were deleted (their tokens are not handed around). */
  sessions: number
}

const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/** Whether a value is an ISO-8601 date string: adapters use it to revive dates from JSON stores. */
export function isDate(value: unknown): value is string {
  return typeof value === "string" && isoDate.test(value) && !Number.isNaN(Date.parse(value))
}

// What the database adapters share, whatever their database: one conflict error, what each
// refused write means, and how a stored account becomes a record.
export { AdapterConflictError, type ConflictCode } from "./adapters/adapter-conflict-error.js"
export {
  conflictForConstraint,
  type ConflictMeaning,
  type ConstraintKind,
  type ConstraintMeanings,
} from "./adapters/conflict-for-constraint.js"
export { unknownAuthenticator, unknownUser, writeConflicts } from "./adapters/write-conflicts.js"
export { accountWithStoredTokens, type StoredAccountTokens } from "./adapters/account-with-stored-tokens.js"
