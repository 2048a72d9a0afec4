import {
  accountWithStoredTokens,
  type AdapterAccount,
  type AdapterAccountType,
  type AdapterAuthenticator,
  type AdapterSession,
  type AdapterUser,
  type StoredAccountTokens,
  type VerificationToken,
} from "@gatehouse/core/adapters"

/** Rows as node-postgres returns them: timestamptz as Date, BIGINT as a decimal string. */
export interface UserRow {
  id: string
  name: string | null
  email: string
  emailVerified: Date | null
  image: string | null
}

export interface AccountRow extends StoredAccountTokens {
  userId: string
  type: string
  provider: string
  providerAccountId: string
  expires_at: string | null
  /** Migration 12; absent from the rows of queries that do not select it. */
  linkedAt?: Date | null
}

/** node-postgres returns a session row as the record itself: the metadata columns only on a database migrated to version 4 (the account, 6). */
export type SessionRow = AdapterSession

export interface SessionAndUserRow extends UserRow {
  sessionToken: string
  sessionUserId: string
  sessionExpires: Date
  sessionCreatedAt?: Date | null
  sessionLastSeenAt?: Date | null
  sessionUserAgent?: string | null
  sessionProvider?: string | null
  sessionProviderSessionId?: string | null
  sessionProviderAccountId?: string | null
  sessionAuthenticatedAt?: Date | null
  sessionAuthenticationMethods?: string | null
}

export interface AuthenticatorRow {
  credentialID: string
  userId: string
  providerAccountId: string
  credentialPublicKey: string
  counter: string
  credentialDeviceType: string
  credentialBackedUp: boolean
  transports: string | null
  /** Migration 11; absent from the rows of queries that do not select it. */
  name?: string | null
  /** Migration 12; the same. */
  createdAt?: Date | null
  lastUsedAt?: Date | null
}

export function toUser(row: UserRow): AdapterUser {
  return { id: row.id, name: row.name, email: row.email, emailVerified: row.emailVerified, image: row.image }
}

export function toAccount(row: AccountRow): AdapterAccount {
  const type = row.type as AdapterAccountType
  const account: AdapterAccount = { userId: row.userId, type, provider: row.provider, providerAccountId: row.providerAccountId }
  if (row.linkedAt !== undefined) account.linkedAt = row.linkedAt
  return accountWithStoredTokens(account, row)
}

/** The session record; the metadata only when the row has its columns (a schema before version 4 has none; before 6, no account). */
export function toSession(row: SessionRow): AdapterSession {
  const session: AdapterSession = { sessionToken: row.sessionToken, userId: row.userId, expires: row.expires }
  if (!("createdAt" in row)) return session
  return {
    ...session,
    createdAt: row.createdAt ?? null,
    lastSeenAt: row.lastSeenAt ?? null,
    userAgent: row.userAgent ?? null,
    provider: row.provider ?? null,
    providerSessionId: row.providerSessionId ?? null,
    providerAccountId: row.providerAccountId ?? null,
    ...("authenticatedAt" in row
      ? { authenticatedAt: row.authenticatedAt ?? null, authenticationMethods: methodsOf(row.authenticationMethods as unknown) }
      : {}),
  }
}

/** RFC 8176 values are stored space-separated (none contains a space). */
function methodsOf(stored: unknown): string[] | null {
  if (Array.isArray(stored)) return stored
  return typeof stored === "string" && stored.length > 0 ? stored.split(" ") : null
}

export function toSessionAndUser(row: SessionAndUserRow): { session: AdapterSession; user: AdapterUser } {
  const session: SessionRow = { sessionToken: row.sessionToken, userId: row.sessionUserId, expires: row.sessionExpires }
  if ("sessionCreatedAt" in row) {
    Object.assign(session, {
      createdAt: row.sessionCreatedAt,
      lastSeenAt: row.sessionLastSeenAt,
      userAgent: row.sessionUserAgent,
      provider: row.sessionProvider,
      providerSessionId: row.sessionProviderSessionId,
      providerAccountId: row.sessionProviderAccountId,
      ...("sessionAuthenticatedAt" in row
        ? { authenticatedAt: row.sessionAuthenticatedAt, authenticationMethods: row.sessionAuthenticationMethods }
        : {}),
    })
  }
  return { session: toSession(session), user: toUser(row) }
}

export function toVerificationToken(row: VerificationToken): VerificationToken {
  return { identifier: row.identifier, token: row.token, expires: row.expires }
}

export function toAuthenticator(row: AuthenticatorRow): AdapterAuthenticator {
  return {
    credentialID: row.credentialID,
    userId: row.userId,
    providerAccountId: row.providerAccountId,
    credentialPublicKey: row.credentialPublicKey,
    counter: Number(row.counter),
    credentialDeviceType: row.credentialDeviceType,
    credentialBackedUp: row.credentialBackedUp,
    transports: row.transports,
    ...(row.name !== undefined ? { name: row.name } : {}),
    ...(row.createdAt !== undefined ? { createdAt: row.createdAt } : {}),
    ...(row.lastUsedAt !== undefined ? { lastUsedAt: row.lastUsedAt } : {}),
  }
}
