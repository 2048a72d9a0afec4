import type { Pool, QueryResultRow } from "pg"
import {
  AdapterConflictError,
  unknownAuthenticator,
  unknownUser,
  writeConflicts,
  type Adapter,
  type VerificationToken,
} from "@gatehouse/core/adapters"
import { isMalformedId, translatingConflicts } from "./errors.js"
import { keepPoolAlive } from "./keep-pool-alive.js"
import { queries, type Query } from "./queries.js"
import {
  toAccount,
  toAuthenticator,
  toSession,
  toSessionAndUser,
  toUser,
  toVerificationToken,
  type AccountRow,
  type AuthenticatorRow,
  type SessionAndUserRow,
  type SessionRow,
  type UserRow,
} from "./rows.js"

/** true when the caller gave the field (null included: that clears it), false when it left it out. */
function given(record: object, field: string): boolean {
  return Object.hasOwn(record, field) && (record as Record<string, unknown>)[field] !== undefined
}

/**
 * The Gatehouse adapter for PostgreSQL, on a node-postgres Pool. It works on the schema of
 * @auth/pg-adapter (run `migrate(pool)` once to create it, or to add Gatehouse's
 * constraints and the authenticators table to an existing Auth.js database).
 */
export function PostgresAdapter(pool: Pool): Adapter {
  keepPoolAlive(pool)

  async function first<Row extends QueryResultRow>(query: Query, values: unknown[]): Promise<Row | undefined> {
    const result = await pool.query<Row>({ ...query, values })
    return result.rows[0]
  }

  /** A lookup by user id: an id that cannot exist in this schema finds nothing. */
  async function firstById<Row extends QueryResultRow>(query: Query, values: unknown[]): Promise<Row | undefined> {
    try {
      return await first<Row>(query, values)
    } catch (error) {
      if (isMalformedId(error)) return undefined
      throw error
    }
  }

  return {
    async createUser(user) {
      const row = await translatingConflicts(writeConflicts.createUser, () =>
        first<UserRow>(queries.insertUser, [user.name ?? null, user.email, user.emailVerified ?? null, user.image ?? null]),
      )
      return toUser(row!)
    },

    async getUser(id) {
      const row = await firstById<UserRow>(queries.userById, [id])
      return row ? toUser(row) : null
    },

    async getUserByEmail(email) {
      const row = await first<UserRow>(queries.userByEmail, [email])
      return row ? toUser(row) : null
    },

    async getUserByAccount({ provider, providerAccountId }) {
      const row = await first<UserRow>(queries.userByAccount, [provider, providerAccountId])
      return row ? toUser(row) : null
    },

    async updateUser(user) {
      const row = await translatingConflicts(writeConflicts.updateUser, () =>
        first<UserRow>(queries.updateUser, [
          user.id,
          given(user, "name"),
          user.name ?? null,
          given(user, "email"),
          user.email ?? null,
          given(user, "emailVerified"),
          user.emailVerified ?? null,
          given(user, "image"),
          user.image ?? null,
        ]),
      )
      if (!row) throw new AdapterConflictError(...unknownUser)
      return toUser(row)
    },

    async deleteUser(userId) {
      const row = await firstById<UserRow>(queries.deleteUser, [userId])
      return row ? toUser(row) : null
    },

    async linkAccount(account) {
      const row = await translatingConflicts(writeConflicts.linkAccount, () =>
        first<AccountRow>(queries.insertAccount, [
          account.userId,
          account.type,
          account.provider,
          account.providerAccountId,
          account.access_token ?? null,
          account.refresh_token ?? null,
          account.id_token ?? null,
          account.expires_at ?? null,
          account.token_type ?? null,
          account.scope ?? null,
          typeof account.session_state === "string" ? account.session_state : null,
        ]),
      )
      return toAccount(row!)
    },

    async unlinkAccount({ provider, providerAccountId }) {
      const row = await first<AccountRow>(queries.deleteAccount, [provider, providerAccountId])
      return row ? toAccount(row) : undefined
    },

    async getAccount(providerAccountId, provider) {
      const row = await first<AccountRow>(queries.accountByProvider, [provider, providerAccountId])
      return row ? toAccount(row) : null
    },

    async createSession({ sessionToken, userId, expires }) {
      const row = await translatingConflicts(writeConflicts.createSession, () =>
        first<SessionRow>(queries.insertSession, [sessionToken, userId, expires]),
      )
      return toSession(row!)
    },

    async getSessionAndUser(sessionToken) {
      const row = await first<SessionAndUserRow>(queries.sessionAndUser, [sessionToken])
      return row ? toSessionAndUser(row) : null
    },

    async updateSession(session) {
      const row = await translatingConflicts(writeConflicts.updateSession, () =>
        first<SessionRow>(queries.updateSession, [session.sessionToken, session.expires ?? null, session.userId ?? null]),
      )
      return row ? toSession(row) : null
    },

    async deleteSession(sessionToken) {
      const row = await first<SessionRow>(queries.deleteSession, [sessionToken])
      return row ? toSession(row) : null
    },

    async createVerificationToken(token) {
      const row = await translatingConflicts(writeConflicts.createVerificationToken, () =>
        first<VerificationToken>(queries.insertVerificationToken, [token.identifier, token.token, token.expires]),
      )
      return toVerificationToken(row!)
    },

    async useVerificationToken({ identifier, token }) {
      const row = await first<VerificationToken>(queries.useVerificationToken, [identifier, token])
      return row ? toVerificationToken(row) : null
    },

    async createAuthenticator(authenticator) {
      const row = await translatingConflicts(writeConflicts.createAuthenticator, () =>
        first<AuthenticatorRow>(queries.insertAuthenticator, [
          authenticator.credentialID,
          authenticator.userId,
          authenticator.providerAccountId,
          authenticator.credentialPublicKey,
          authenticator.counter,
          authenticator.credentialDeviceType,
          authenticator.credentialBackedUp,
          authenticator.transports ?? null,
        ]),
      )
      return toAuthenticator(row!)
    },

    async getAuthenticator(credentialID) {
      const row = await first<AuthenticatorRow>(queries.authenticatorById, [credentialID])
      return row ? toAuthenticator(row) : null
    },

    async listAuthenticatorsByUserId(userId) {
      try {
        const result = await pool.query<AuthenticatorRow>({ ...queries.authenticatorsByUser, values: [userId] })
        return result.rows.map(toAuthenticator)
      } catch (error) {
        if (isMalformedId(error)) return []
        throw error
      }
    },

    async updateAuthenticatorCounter(credentialID, newCounter) {
      const row = await first<AuthenticatorRow>(queries.updateAuthenticatorCounter, [credentialID, newCounter])
      if (!row) throw new AdapterConflictError(...unknownAuthenticator)
      return toAuthenticator(row)
    },

    async removeUserAttachments(userId) {
      // One client for the whole transaction: a pool may hand each query to another connection.
      const client = await pool.connect()
      let broken: Error | undefined
      try {
        await client.query("BEGIN")
        const authenticators = await client.query<AuthenticatorRow>({ ...queries.deleteAuthenticatorsOfUser, values: [userId] })
        const accounts = await client.query<AccountRow>({ ...queries.deleteAccountsOfUser, values: [userId] })
        const sessions = await client.query({ ...queries.deleteSessionsOfUser, values: [userId] })
        await client.query("COMMIT")
        return {
          accounts: accounts.rows.map(toAccount),
          authenticators: authenticators.rows.map(toAuthenticator),
          sessions: sessions.rowCount ?? 0,
        }
      } catch (error) {
        // A connection that cannot even roll back is not given back to the pool.
        await client.query("ROLLBACK").catch((rollbackFailed: Error) => (broken = rollbackFailed))
        if (isMalformedId(error)) return { accounts: [], authenticators: [], sessions: 0 }
        throw error
      } finally {
        client.release(broken)
      }
    },
  }
}
