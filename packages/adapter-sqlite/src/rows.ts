import {
  accountWithStoredTokens,
  type AdapterAccount,
  type AdapterAccountType,
  type AdapterAuthenticator,
  type AdapterSession,
  type AdapterUser,
  type OwnedSession,
  type StoredAccountTokens,
  type VerificationToken,
} from "@gatehouse/core/adapters"

/** Rows as SQLite returns them: dates are integer milliseconds, booleans 0 or 1. */
export interface UserRow {
  id: string
  name: string | null
  email: string
  email_verified: number | null
  image: string | null
}

export interface AccountRow extends StoredAccountTokens {
  provider: string
  provider_account_id: string
  user_id: string
  type: string
  expires_at: number | null
  /** Migration 10: null for an account linked before it. */
  linked_at: number | null
}

/** The session metadata columns (migrations 2 and 4): null when unknown. */
interface SessionMetadataColumns {
  created_at: number | null
  last_seen_at: number | null
  user_agent: string | null
  provider: string | null
  provider_session_id: string | null
  provider_account_id: string | null
  authenticated_at: number | null
  /** RFC 8176 values, space-separated (none contains a space). */
  authentication_methods: string | null
}

export interface SessionRow extends SessionMetadataColumns {
  session_token: string
  user_id: string
  expires: number
}

/** A session joined with its user, columns prefixed so neither side shadows the other. */
export interface SessionAndUserRow extends UserRow {
  session_token: string
  session_user_id: string
  session_expires: number
  session_created_at: number | null
  session_last_seen_at: number | null
  session_user_agent: string | null
  session_provider: string | null
  session_provider_session_id: string | null
  session_provider_account_id: string | null
  session_authenticated_at: number | null
  session_authentication_methods: string | null
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
  /** Migration 9. */
  name: string | null
  /** Migration 10: null for a passkey registered (or last used) before it. */
  created_at: number | null
  last_used_at: number | null
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

export function toAccount(row: AccountRow): AdapterAccount {
  const type = row.type as AdapterAccountType
  return accountWithStoredTokens(
    {
      userId: row.user_id,
      type,
      provider: row.provider,
      providerAccountId: row.provider_account_id,
      linkedAt: dateOrNull(row.linked_at ?? null),
    },
    row,
  )
}

function dateOrNull(millis: number | null): Date | null {
  return millis === null ? null : new Date(millis)
}

export function toSession(row: SessionRow): AdapterSession {
  return {
    sessionToken: row.session_token,
    userId: row.user_id,
    expires: new Date(row.expires),
    createdAt: dateOrNull(row.created_at),
    lastSeenAt: dateOrNull(row.last_seen_at),
    userAgent: row.user_agent,
    provider: row.provider,
    providerSessionId: row.provider_session_id,
    providerAccountId: row.provider_account_id,
    authenticatedAt: dateOrNull(row.authenticated_at ?? null),
    authenticationMethods: row.authentication_methods ? row.authentication_methods.split(" ") : null,
  }
}

/** An owned_sessions row (migration 7). */
export interface OwnedSessionRow {
  id: string
  owner_key: string
  expires: number
  created_at: number | null
  last_seen_at: number | null
  user_agent: string | null
  provider: string | null
}

export function toOwnedSession(row: OwnedSessionRow): OwnedSession {
  return {
    id: row.id,
    ownerKey: row.owner_key,
    expires: new Date(row.expires),
    createdAt: dateOrNull(row.created_at),
    lastSeenAt: dateOrNull(row.last_seen_at),
    userAgent: row.user_agent,
    provider: row.provider,
  }
}

export function toSessionAndUser(row: SessionAndUserRow): { session: AdapterSession; user: AdapterUser } {
  return {
    session: toSession({
      session_token: row.session_token,
      user_id: row.session_user_id,
      expires: row.session_expires,
      created_at: row.session_created_at,
      last_seen_at: row.session_last_seen_at,
      user_agent: row.session_user_agent,
      provider: row.session_provider,
      provider_session_id: row.session_provider_session_id,
      provider_account_id: row.session_provider_account_id,
      authenticated_at: row.session_authenticated_at,
      authentication_methods: row.session_authentication_methods,
    }),
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
    name: row.name,
    createdAt: dateOrNull(row.created_at ?? null),
    lastUsedAt: dateOrNull(row.last_used_at ?? null),
  }
}
