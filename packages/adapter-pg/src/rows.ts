import type {
  AdapterAccount,
  AdapterAccountType,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@gatehouse/core/adapters"

/** Rows as node-postgres returns them: timestamptz as Date, BIGINT as a decimal string. */
export interface UserRow {
  id: string
  name: string | null
  email: string
  emailVerified: Date | null
  image: string | null
}

export interface AccountRow {
  userId: string
  type: string
  provider: string
  providerAccountId: string
  access_token: string | null
  refresh_token: string | null
  id_token: string | null
  expires_at: string | null
  token_type: string | null
  scope: string | null
  session_state: string | null
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

/** Token fields that were never set are left out rather than reported as null, as Auth.js does. */
export function toAccount(row: AccountRow): AdapterAccount {
  const account: AdapterAccount = {
    userId: row.userId,
    type: row.type as AdapterAccountType,
    provider: row.provider,
    providerAccountId: row.providerAccountId,
  }
  if (row.access_token !== null) account.access_token = row.access_token
  if (row.refresh_token !== null) account.refresh_token = row.refresh_token
  if (row.id_token !== null) account.id_token = row.id_token
  if (row.expires_at !== null) account.expires_at = Number(row.expires_at)
  if (row.token_type !== null) account.token_type = row.token_type as Lowercase<string>
  if (row.scope !== null) account.scope = row.scope
  if (row.session_state !== null) account.session_state = row.session_state
  return account
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
