import type {
  AdapterAccount,
  AdapterAccountType,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@gatehouse/core/adapters"

/** Rows as SQLite returns them: dates are integer milliseconds, booleans 0 or 1. */
export interface UserRow {
  id: string
  name: string | null
  email: string
  email_verified: number | null
  image: string | null
}

export interface AccountRow {
  provider: string
  provider_account_id: string
  user_id: string
  type: string
  access_token: string | null
  refresh_token: string | null
  id_token: string | null
  expires_at: number | null
  token_type: string | null
  scope: string | null
  session_state: string | null
}

export interface SessionRow {
  session_token: string
  user_id: string
  expires: number
}

/** A session joined with its user, columns prefixed so neither side shadows the other. */
export interface SessionAndUserRow extends UserRow {
  session_token: string
  session_user_id: string
  session_expires: number
}

export interface VerificationTokenRow {
  identifier: string
  token: string
  expires: number
}

export interface AuthenticatorRow {
  credential_id: string
  user_id: string
  provider_account_id: string
  credential_public_key: string
  counter: number
  credential_device_type: string
  credential_backed_up: number
  transports: string | null
}

export function toUser(row: UserRow): AdapterUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.email_verified === null ? null : new Date(row.email_verified),
    image: row.image,
  }
}

/** Token fields that were never set are left out rather than reported as null, as Auth.js does. */
export function toAccount(row: AccountRow): AdapterAccount {
  const account: AdapterAccount = {
    userId: row.user_id,
    type: row.type as AdapterAccountType,
    provider: row.provider,
    providerAccountId: row.provider_account_id,
  }
  if (row.access_token !== null) account.access_token = row.access_token
  if (row.refresh_token !== null) account.refresh_token = row.refresh_token
  if (row.id_token !== null) account.id_token = row.id_token
  if (row.expires_at !== null) account.expires_at = row.expires_at
  if (row.token_type !== null) account.token_type = row.token_type as Lowercase<string>
  if (row.scope !== null) account.scope = row.scope
  if (row.session_state !== null) account.session_state = row.session_state
  return account
}

export function toSession(row: SessionRow): AdapterSession {
  return { sessionToken: row.session_token, userId: row.user_id, expires: new Date(row.expires) }
}

export function toSessionAndUser(row: SessionAndUserRow): { session: AdapterSession; user: AdapterUser } {
  return {
    session: { sessionToken: row.session_token, userId: row.session_user_id, expires: new Date(row.session_expires) },
    user: toUser(row),
  }
}

export function toVerificationToken(row: VerificationTokenRow): VerificationToken {
  return { identifier: row.identifier, token: row.token, expires: new Date(row.expires) }
}

export function toAuthenticator(row: AuthenticatorRow): AdapterAuthenticator {
  return {
    credentialID: row.credential_id,
    userId: row.user_id,
    providerAccountId: row.provider_account_id,
    credentialPublicKey: row.credential_public_key,
    counter: row.counter,
    credentialDeviceType: row.credential_device_type,
    credentialBackedUp: row.credential_backed_up === 1,
    transports: row.transports,
  }
}
