/**
 * The Adapter contract: how Gatehouse keeps users, accounts, sessions, verification
 * tokens and authenticators in a database. Method names and record shapes follow
 * Auth.js, so an existing Auth.js adapter plugs in unchanged.
 */
import type { AdapterAccount } from "./adapters/account-with-stored-tokens.js"
import type { Authenticator, Awaitable, User } from "./shared-types.js"

// The account record sits in its own file so adapters/ helpers can use it without importing this one.
export type { AdapterAccount, AdapterAccountType } from "./adapters/account-with-stored-tokens.js"

/**
 * A user as an adapter stores it: always with an id and an e-mail address, `emailVerified` set once
 * the address was proven.
 */
export interface AdapterUser extends User {
  id: string
  email: string
  emailVerified: Date | null
}

/**
 * A database session (session strategy `"database"`): the cookie's opaque token, its user and expiry,
 * plus the optional metadata session management shows.
 */
export interface AdapterSession {
  /** The opaque value stored in the session cookie. */
  sessionToken: string
  userId: string
  expires: Date
  // Beyond Auth.js, optional metadata for session management ("your devices"): null or absent
  // when unknown, when the adapter does not keep it, or when its schema predates it.
  /** When the session was created (sign-in). */
  createdAt?: Date | null
  /** When the session was last extended by a read (core sends it with `updateSession`). */
  lastSeenAt?: Date | null
  /** The User-Agent header as the browser sent it, truncated to 512 characters by core. */
  userAgent?: string | null
  /** The id of the provider the session was signed in with. */
  provider?: string | null
  /** The identity provider's session id (the ID token's `sid` claim), for back-channel logout. */
  providerSessionId?: string | null
  /**
   * The account at `provider` the session was signed in through (its `providerAccountId`, the
   * provider's `sub`): a user may link two accounts of one provider, and a back-channel logout
   * naming one of them ends only the sessions begun through it.
   */
  providerAccountId?: string | null
  /**
   * When the session's user last proved who they are (sign-in, or a step-up that re-authenticated
   * them): the `auth_time` a step-up check compares with `maxAge`. Null on a row that predates it
   * (core then reads `createdAt`).
   */
  authenticatedAt?: Date | null
  /** How they proved it, as RFC 8176 `amr` values (`pwd`, `fed`, `hwk`, `otp`, `mfa`…). */
  authenticationMethods?: string[] | null
}

/**
 * Beyond Auth.js: a recorded JWT session whose owner is known by text (sessions/session-owner.ts
 * `ownerKey`): an app's own user (`app:<provider>:<authorize's id>`), or any user when the sessions
 * live in a shared store (`session.store`) instead of a database. Kept by adapters that have the
 * owned-session methods (the `owned_sessions` table) and by session stores.
 */
export interface OwnedSession {
  /** The session's id (`gatehouse.sid` in its token): random, never shown to a browser. */
  id: string
  ownerKey: string
  expires: Date
  createdAt?: Date | null
  lastSeenAt?: Date | null
  userAgent?: string | null
  provider?: string | null
}

/**
 * Where owned sessions are recorded and revoked: the adapter's optional owned-session methods and
 * `session.store` (`redisSessionStore`, `memorySessionStore`) have this shape. Expired records may
 * be returned (core filters them); a revoked or unknown session is simply absent.
 */
export interface OwnedSessionMethods {
  createOwnedSession(session: OwnedSession): Awaitable<void>
  /** Every record of the owner, expired ones included; none: `[]`. */
  listOwnedSessions(ownerKey: string): Awaitable<OwnedSession[]>
  /** Moves the record's expiry along and says when it was last seen (optional: without it records keep their first expiry). */
  touchOwnedSession?(id: string, update: { expires: Date; lastSeenAt: Date }): Awaitable<void>
  /** Deletes one record; whether there was one. */
  revokeOwnedSession(id: string): Awaitable<boolean>
  /** Deletes the owner's records, all or all but `except`; how many went. */
  revokeOwnedSessions(ownerKey: string, options?: { except?: string }): Awaitable<number>
  /** The owner of a live record (the revocation check), or null when it is gone. */
  ownerOfOwnedSession(id: string): Awaitable<string | null>
}

/**
 * Where an adapter or a session store carries the code that records sessions (lists, revokes and
 * checks them: `@gatehouse/core/session-records`): the SQLite and PostgreSQL adapters and the
 * session stores carry it, and `withSessionRecords(adapter)` adds it to a hand-written adapter.
 * Apps whose adapter and store carry none never load that code. A registered symbol, so that
 * every copy of core agrees on it.
 */
export const sessionRecordsKey: unique symbol = Symbol.for("gatehouse.session-records")

/** An adapter or session store that records sessions: the code is under `sessionRecordsKey`. */
export interface SessionRecordsCarrier {
  readonly [sessionRecordsKey]?: object
}

/** What `createSession` receives: the Auth.js fields, and the metadata an adapter stores if it can. */
export type NewAdapterSession = Pick<AdapterSession, "sessionToken" | "userId" | "expires"> &
  Partial<
    Pick<
      AdapterSession,
      | "createdAt"
      | "lastSeenAt"
      | "userAgent"
      | "provider"
      | "providerSessionId"
      | "providerAccountId"
      | "authenticatedAt"
      | "authenticationMethods"
    >
  >

/**
 * A single-use e-mail token (sign-in link and code, password reset, address change), stored hashed
 * until it is used or expires.
 */
export interface VerificationToken {
  identifier: string
  /** The hashed token: the raw one only ever travels in the e-mail. */
  token: string
  expires: Date
}

/** A passkey (WebAuthn credential) as an adapter stores it, with the user it belongs to. */
export interface AdapterAuthenticator extends Authenticator {
  userId: string
  /** Beyond Auth.js: the name its user gave the passkey (`renameAuthenticator`); null or absent when none, or where the adapter keeps none. */
  name?: string | null
  /** Beyond Auth.js: when the passkey was registered (`createAuthenticator`); null or absent where the adapter keeps none. */
  createdAt?: Date | null
  /** Beyond Auth.js: when it last signed in (`updateAuthenticatorCounter`, called at every passkey sign-in); null until then. */
  lastUsedAt?: Date | null
}

/**
 * The methods an adapter may implement; each flow checks that the ones it needs are there (a
 * configuration error names any that are missing). Auth.js adapters fit as they are; the methods
 * beyond Auth.js's are optional.
 */
export interface Adapter extends SessionRecordsCarrier {
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
  /**
   * May receive the metadata fields of AdapterSession (beyond Auth.js): an adapter stores those it
   * knows, ignores the rest. Core sends them only to adapters that have `listSessionsByUserId` and
   * `deleteSessionsByUserId`, so an Auth.js adapter gets the three fields it always got.
   */
  createSession?(session: NewAdapterSession): Awaitable<AdapterSession>
  getSessionAndUser?(sessionToken: string): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>
  /** `lastSeenAt` may be given (core sends it when it extends the session): an adapter that keeps it updates it. */
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
  /**
   * Beyond Auth.js, optional (session management, with `deleteSessionsByUserId`): every session
   * row of the user, with the metadata the adapter keeps (see AdapterSession). Expired rows are
   * included: expiry is core's decision, which filters them. An unknown user has none (`[]`).
   */
  listSessionsByUserId?(userId: string): Awaitable<AdapterSession[]>
  /**
   * Beyond Auth.js, optional (session management, with `listSessionsByUserId`): deletes the user's
   * sessions — all of them, or all but the one whose token is `options.except` (the caller's own,
   * for "sign out everywhere else") — and returns how many rows went. Other users' rows are never
   * touched; an unknown user deletes nothing (0).
   */
  deleteSessionsByUserId?(userId: string, options?: { except?: string }): Awaitable<number>
  /**
   * Beyond Auth.js, optional (the account endpoints, docs/account.md): every account linked to the
   * user, with the token fields the adapter keeps (core never shows them). None or an unknown user: `[]`.
   */
  listAccountsByUserId?(userId: string): Awaitable<AdapterAccount[]>
  /**
   * Beyond Auth.js, optional (the account endpoints: removing a passkey): deletes the authenticator
   * with this credential id if it belongs to `userId`, and returns it; null (nothing deleted) otherwise.
   */
  deleteAuthenticator?(userId: string, credentialID: string): Awaitable<AdapterAuthenticator | null>
  /**
   * Beyond Auth.js, optional (the account endpoints: naming a passkey): sets the name of the
   * authenticator with this credential id if it belongs to `userId`, and returns it as stored now
   * (`listAuthenticatorsByUserId` returns the name too); null (nothing changed) otherwise.
   */
  renameAuthenticator?(userId: string, credentialID: string, name: string): Awaitable<AdapterAuthenticator | null>
  /**
   * Beyond Auth.js, optional (back-channel logout of a token that names the provider's session
   * but not the user): every session row whose `providerSessionId` is exactly
   * `providerSessionId` and whose `provider` is exactly `provider`, whoever's it is, with the
   * metadata the adapter keeps. Expired rows are included. None: `[]`. A list, not a delete:
   * core ends only the rows begun before the logout token was issued (by their `createdAt`), so
   * that no delivery of the token ends a session begun after the sign-out at the provider.
   */
  listSessionsByProviderSessionId?(providerSessionId: string, provider: string): Awaitable<AdapterSession[]>
  /**
   * Beyond Auth.js, optional (the Password provider, with `setPasswordHash`): the user's password
   * hash, a PHC string (`$scrypt$ln=17,r=8,p=1$<salt>$<hash>`), or null when the user has none or
   * does not exist. Adapters store the string as given and never see a password.
   */
  getPasswordHash?(userId: string): Awaitable<string | null>
  /**
   * Beyond Auth.js, optional (with `getPasswordHash`): sets or replaces the user's password hash.
   * A user that does not exist is a conflict (`unknown-user`). The hash goes with the user:
   * `deleteUser` removes it, and `removeUserAttachments` removes it too (an impostor's password on
   * an address they never proved must not survive its owner proving it).
   */
  setPasswordHash?(userId: string, hash: string): Awaitable<void>
  /** Beyond Auth.js, optional: the owned-session methods (see OwnedSessionMethods), for sessions of an app's own users. */
  createOwnedSession?: OwnedSessionMethods["createOwnedSession"]
  listOwnedSessions?: OwnedSessionMethods["listOwnedSessions"]
  touchOwnedSession?: OwnedSessionMethods["touchOwnedSession"]
  revokeOwnedSession?: OwnedSessionMethods["revokeOwnedSession"]
  revokeOwnedSessions?: OwnedSessionMethods["revokeOwnedSessions"]
  ownerOfOwnedSession?: OwnedSessionMethods["ownerOfOwnedSession"]
  /**
   * Beyond Auth.js, optional, all six together (docs/second-factor.md): the second-factor record
   * of a session owner, keyed by its owner key (an adapter user's id, or `app:<provider>:<id>` for
   * a Credentials provider's own user: no foreign key). Null when the owner has none.
   */
  getSecondFactor?(ownerKey: string): Awaitable<AdapterSecondFactor | null>
  /**
   * Creates the owner's record or changes it, in one transaction: a field given replaces the
   * stored one (null clears it), a field absent keeps it; `backupCodeHashes` replaces the whole
   * set of backup codes (all unused). Returns the record as stored now.
   */
  setSecondFactor?(update: SecondFactorUpdate): Awaitable<AdapterSecondFactor>
  /** Removes the owner's record and backup codes (nothing for an owner without one). */
  deleteSecondFactor?(ownerKey: string): Awaitable<void>
  /**
   * Claims a TOTP time step for the owner, once across every instance: true only when the owner
   * has a confirmed TOTP secret and `step` is later than every step claimed before (RFC 6238
   * §5.2: a code is accepted once, and none older than one already used). Atomic.
   */
  claimTotpStep?(ownerKey: string, step: number): Awaitable<boolean>
  /** Marks the owner's unused backup code with this hash used: true exactly once per code, across every instance. Atomic. */
  useBackupCode?(ownerKey: string, codeHash: string): Awaitable<boolean>
  /**
   * Counts one wrong second-factor code against a pending sign-in (`attemptId`, kept until
   * `expires`) and its owner, atomically, and returns the counts after it: the pending
   * sign-in's, and the owner's over its pending sign-ins not yet expired.
   */
  countSecondFactorFailure?(ownerKey: string, attemptId: string, expires: Date): Awaitable<{ attempt: number; owner: number }>
}

/** A session owner's second factors as stored. Secrets are encrypted by core; the adapter stores text. */
export interface AdapterSecondFactor {
  ownerKey: string
  /** The confirmed TOTP secret (encrypted by core), or null when TOTP is off. */
  totpSecret: string | null
  /** A TOTP secret enrolled but not confirmed yet (encrypted by core), or null. */
  pendingTotpSecret: string | null
  /** How many backup codes are left unused. */
  backupCodesLeft: number
  /** Wrong codes counted against the owner (countSecondFactorFailure) whose `expires` has not passed. */
  recentFailures: number
}

/** What `setSecondFactor` changes: fields absent stay as stored. */
export interface SecondFactorUpdate {
  ownerKey: string
  totpSecret?: string | null
  pendingTotpSecret?: string | null
  /** SHA-256 hex of each new backup code: replaces every code the owner had. */
  backupCodeHashes?: string[]
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

/**
 * Where a database adapter says which database it is on, for tools outside the app: `gatehouse
 * migrate` loads the app's auth config and migrates the database its adapter uses. A property
 * under this registered symbol (so every copy of a package agrees on it), not enumerable.
 */
export const adapterDatabase: unique symbol = Symbol.for("gatehouse.adapter.database")

/** What an adapter keeps under `adapterDatabase`. */
export type AdapterDatabase =
  /** `appliedOnOpen`: the migrations the adapter applied when it opened the file (it migrates on open). */
  | { dialect: "sqlite"; filename: string; memory: boolean; appliedOnOpen: number[] }
  /** The node-postgres Pool the adapter was given. */
  | { dialect: "postgres"; pool: unknown }

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
