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
}

export interface SessionRow {
  sessionToken: string
  userId: string
  expires: Date
}

export interface SessionAndUserRow extends UserRow {
  sessionToken: string
  sessionUserId: string
  sessionExpires: Date
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
}

export function toUser(row: UserRow): AdapterUser {
  return { id: row.id, name: row.name, email: row.email, emailVerified: row.emailVerified, image: row.image }
}

export function toAccount(row: AccountRow): AdapterAccount {
  const type = row.type as AdapterAccountType
  return accountWithStoredTokens({ userId: row.userId, type, provider: row.provider, providerAccountId: row.providerAccountId }, row)
}

export function toSession(row: SessionRow): AdapterSession {
  return { sessionToken: row.sessionToken, userId: row.userId, expires: row.expires }
}

export function toSessionAndUser(row: SessionAndUserRow): { session: AdapterSession; user: AdapterUser } {
  return {
    session: { sessionToken: row.sessionToken, userId: row.sessionUserId, expires: row.sessionExpires },
    user: toUser(row),
  }
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
  }
}
