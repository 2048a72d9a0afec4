import type { Pool, PoolClient, QueryResultRow } from "pg"
import {
  AdapterConflictError,
  adapterDatabase,
  unknownUser,
  writeConflicts,
  type Adapter,
  type AdapterAccount,
  type AdapterDatabase,
  type AdapterUser,
  type VerificationToken,
} from "@gatehouse/core/adapters"
import { withSessionRecords } from "@gatehouse/core/session-records"
import { accountTokenMethods } from "./account-tokens.js"
import { secondFactorMethods } from "./second-factor.js"
import { ownedSessionMethods } from "./owned-sessions.js"
import { passwordHashMethods } from "./password-hashes.js"
import { byUserId, translatingConflicts } from "./errors.js"
import { keepPoolAlive } from "./keep-pool-alive.js"
import { emailLockKey, inTransaction, lockKey, lockSpace } from "./transaction.js"
import { queries, sessionMetadataQueries, type Query } from "./queries.js"
import { sessionLookups } from "./session-lookups.js"
import { MigrationRequiredError, sessionColumns } from "./session-metadata.js"
import { columnPresence } from "./column-presence.js"
import { passkeyColumns } from "./passkey-columns.js"
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
 * constraints, the authenticators table and the session metadata columns to an existing Auth.js
 * database; listing and revoking a user's sessions need the latter).
 */
export function PostgresAdapter(pool: Pool): Adapter {
  keepPoolAlive(pool)
  // The Auth.js session methods work with or without the metadata columns (migration 4), using
  // them when they are there; the session-management methods require them. Migration 6's
  // account column is used when there, and left out (the account unrecorded) when not.
  const columnsOfSessions = sessionColumns(pool)
  const accountsHaveLinkedAt = columnPresence(pool, "accounts", "linkedAt")
  // Lookups in one turn of the event loop share one round trip (session-lookups.ts), whatever the columns.
  const sessionAndUser = sessionLookups<SessionAndUserRow>(pool, queries.sessionAndUser)
  const withMetadata = {
    metadata: metadataStatements(false),
    "metadata-and-account": metadataStatements(true),
    "metadata-account-and-authentication": metadataStatements(true, true),
  }
  function metadataStatements(withAccount: boolean, withAuthentication = false) {
    const statements = sessionMetadataQueries(withAccount, withAuthentication)
    return { ...statements, withAccount, withAuthentication, lookup: sessionLookups<SessionAndUserRow>(pool, statements.sessionAndUser) }
  }
  /** The metadata statements this database's sessions table can run, or undefined before migration 4. */
  async function metadataStatementsOrNone() {
    const columns = await columnsOfSessions()
    return columns === "auth.js" ? undefined : withMetadata[columns]
  }
  /** The same for a session-management method, which refuses to run without the metadata. */
  async function requireSessionMetadata(method: string) {
    const columns = await columnsOfSessions({ fresh: true })
    if (columns === "auth.js") throw new MigrationRequiredError(method)
    return withMetadata[columns]
  }

  async function first<Row extends QueryResultRow>(
    query: Query,
    values: unknown[],
    on: Pool | PoolClient = pool,
  ): Promise<Row | undefined> {
    const result = await on.query<Row>({ ...query, values })
    return result.rows[0]
  }

  /**
   * Refuses an address another user already has, under the address's advisory lock (held until
   * the caller's transaction ends): the same answer whether or not users.email is UNIQUE.
   */
  async function claimEmail(client: PoolClient, email: string, userId: string | null): Promise<void> {
    await lockKey(client, lockSpace.email, emailLockKey(email))
    if (await first(queries.emailTaken, [email, userId], client)) {
      const [code, message] = userId === null ? writeConflicts.createUser.unique : writeConflicts.updateUser.unique
      throw new AdapterConflictError(code, message)
    }
  }

  /** A lookup by user id: an id that cannot exist in this schema finds nothing. */
  function firstById<Row extends QueryResultRow>(query: Query, values: unknown[]): Promise<Row | undefined> {
    return byUserId(undefined, () => first<Row>(query, values))
  }

  async function insertUser(client: PoolClient, user: AdapterUser): Promise<UserRow | undefined> {
    if (typeof user.email === "string") await claimEmail(client, user.email, null)
    return first<UserRow>(queries.insertUser, [user.name ?? null, user.email, user.emailVerified ?? null, user.image ?? null], client)
  }

  async function insertAccount(client: PoolClient, account: AdapterAccount): Promise<AccountRow | undefined> {
    await lockKey(client, lockSpace.providerAccount, JSON.stringify([account.provider, account.providerAccountId]))
    if (await first(queries.accountTaken, [account.provider, account.providerAccountId], client)) {
      throw new AdapterConflictError(...writeConflicts.linkAccount.unique)
    }
    return first<AccountRow>(
      queries.insertAccount,
      [
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
      ],
      client,
    )
  }

  const adapter: Adapter = {
    async createUser(user) {
      const row = await translatingConflicts(writeConflicts.createUser, () => inTransaction(pool, (client) => insertUser(client, user)))
      return toUser(row!)
    },

    // One transaction: an outage between the two writes must not leave a user that no account reaches.
    async createUserWithAccount(user, account) {
      const row = await translatingConflicts(writeConflicts.createUser, () =>
        inTransaction(pool, async (client) => {
          const created = await insertUser(client, user)
          await insertAccount(client, { ...account, userId: created!.id } as AdapterAccount)
          return created
        }),
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
      const values = [
        user.id,
        given(user, "name"),
        user.name ?? null,
        given(user, "email"),
        user.email ?? null,
        given(user, "emailVerified"),
        user.emailVerified ?? null,
        given(user, "image"),
        user.image ?? null,
      ]
      const newEmail = given(user, "email") && typeof user.email === "string" ? user.email : undefined
      const row = await translatingConflicts(writeConflicts.updateUser, () =>
        newEmail === undefined
          ? first<UserRow>(queries.updateUser, values)
          : inTransaction(pool, async (client) => {
              await claimEmail(client, newEmail, String(user.id))
              return first<UserRow>(queries.updateUser, values, client)
            }),
      )
      if (!row) throw new AdapterConflictError(...unknownUser)
      return toUser(row)
    },

    // Explicitly, in one transaction: the Auth.js schema has no ON DELETE CASCADE to rely on.
    async deleteUser(userId) {
      const row = await byUserId(undefined, () =>
        inTransaction(pool, async (client) => {
          const owner = await first<{ hasAuthenticators: boolean; hasPasswordHashes: boolean }>(queries.lockUserForDelete, [userId], client)
          if (!owner) return undefined
          await first(queries.deleteSessionsOfUser, [userId], client)
          await first(queries.deleteAccountsOfUser, [userId], client)
          if (owner.hasAuthenticators) await first(queries.deleteAuthenticatorsOfUser, [userId], client)
          return first<UserRow>(queries.deleteUser, [userId], client)
        }),
      )
      return row ? toUser(row) : null
    },

    async linkAccount(account) {
      const row = await translatingConflicts(writeConflicts.linkAccount, () =>
        inTransaction(pool, (client) => insertAccount(client, account)),
      )
      if (!row) throw new AdapterConflictError(...unknownUser)
      return toAccount(row)
    },

    async unlinkAccount({ provider, providerAccountId }) {
      const row = await first<AccountRow>(queries.deleteAccount, [provider, providerAccountId])
      return row ? toAccount(row) : undefined
    },

    async listAccountsByUserId(userId) {
      return byUserId([], async () => {
        // Migration 12's "linkedAt" (set by the column's default at every insert), where the database has it.
        const query = (await accountsHaveLinkedAt()) ? queries.accountsWithLinkedAtByUser : queries.accountsByUser
        const result = await pool.query<AccountRow>({ ...query, values: [userId] })
        return result.rows.map(toAccount)
      })
    },

    async getAccount(providerAccountId, provider) {
      const row = await first<AccountRow>(queries.accountByProvider, [provider, providerAccountId])
      return row ? toAccount(row) : null
    },

    async createSession(session) {
      const { sessionToken, userId, expires } = session
      const statements = await metadataStatementsOrNone()
      const metadata = [
        session.createdAt ?? null,
        session.lastSeenAt ?? null,
        session.userAgent ?? null,
        session.provider ?? null,
        session.providerSessionId ?? null,
        ...(statements?.withAccount ? [session.providerAccountId ?? null] : []),
        ...(statements?.withAuthentication
          ? [session.authenticatedAt ?? null, session.authenticationMethods?.length ? session.authenticationMethods.join(" ") : null]
          : []),
      ]
      const row = await translatingConflicts(writeConflicts.createSession, () =>
        statements
          ? first<SessionRow>(statements.insertSession, [sessionToken, userId, expires, ...metadata])
          : first<SessionRow>(queries.insertSession, [sessionToken, userId, expires]),
      )
      if (!row) throw new AdapterConflictError(...unknownUser)
      return toSession(row)
    },

    async getSessionAndUser(sessionToken) {
      const lookup = (await metadataStatementsOrNone())?.lookup ?? sessionAndUser
      const row = await lookup(sessionToken)
      return row ? toSessionAndUser(row) : null
    },

    async updateSession(session) {
      const values = [session.sessionToken, session.expires ?? null, session.userId ?? null]
      const statements = await metadataStatementsOrNone()
      const row = await translatingConflicts(writeConflicts.updateSession, () =>
        statements
          ? first<SessionRow>(statements.updateSession, [
              ...values,
              session.lastSeenAt ?? null,
              // A step-up answered with the second factor alone moves these on the same row (migration 7).
              ...(statements.withAuthentication
                ? [session.authenticatedAt ?? null, session.authenticationMethods?.length ? session.authenticationMethods.join(" ") : null]
                : []),
            ])
          : first<SessionRow>(queries.updateSession, values),
      )
      return row ? toSession(row) : null
    },

    async listSessionsByUserId(userId) {
      const statements = await requireSessionMetadata("listSessionsByUserId")
      return byUserId([], async () => {
        const result = await pool.query<SessionRow>({ ...statements.sessionsOfUser, values: [userId] })
        return result.rows.map(toSession)
      })
    },

    async deleteSessionsByUserId(userId, options) {
      await requireSessionMetadata("deleteSessionsByUserId")
      return byUserId(0, async () => {
        const result = await pool.query({ ...queries.deleteSessionsOfUserExcept, values: [userId, options?.except ?? null] })
        return result.rowCount ?? 0
      })
    },

    async listSessionsByProviderSessionId(providerSessionId, provider) {
      const statements = await requireSessionMetadata("listSessionsByProviderSessionId")
      const result = await pool.query<SessionRow>({ ...statements.sessionsOfProviderSession, values: [providerSessionId, provider] })
      return result.rows.map(toSession)
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
      if (!row) throw new AdapterConflictError(...unknownUser)
      return toAuthenticator(row)
    },

    async getAuthenticator(credentialID) {
      const row = await first<AuthenticatorRow>(queries.authenticatorById, [credentialID])
      return row ? toAuthenticator(row) : null
    },

    async deleteAuthenticator(userId, credentialID) {
      const row = await byUserId(undefined, () => first<AuthenticatorRow>(queries.deleteAuthenticator, [userId, credentialID]))
      return row ? toAuthenticator(row) : null
    },

    async removeUserAttachments(userId) {
      const removed = await byUserId(undefined, () =>
        inTransaction(pool, async (client) => {
          const owner = await first<{ hasAuthenticators: boolean; hasPasswordHashes: boolean }>(queries.lockUserForDelete, [userId], client)
          if (!owner) return undefined
          const authenticators = owner.hasAuthenticators
            ? (await client.query<AuthenticatorRow>({ ...queries.deleteAuthenticatorsOfUser, values: [userId] })).rows
            : []
          const accounts = (await client.query<AccountRow>({ ...queries.deleteAccountsOfUser, values: [userId] })).rows
          const sessions = await client.query({ ...queries.deleteSessionsOfUser, values: [userId] })
          // A password set by whoever created the user before the address was proven goes too.
          if (owner.hasPasswordHashes) await client.query({ ...queries.deletePasswordOfUser, values: [userId] })
          return {
            accounts: accounts.map(toAccount),
            authenticators: authenticators.map(toAuthenticator),
            sessions: sessions.rowCount ?? 0,
          }
        }),
      )
      return removed ?? { accounts: [], authenticators: [], sessions: 0 }
    },

    ...passkeyColumns(pool),
    ...accountTokenMethods(pool),
    ...secondFactorMethods(pool),
    ...ownedSessionMethods(pool),
    ...passwordHashMethods(pool),
  }
  // For `gatehouse migrate`, which finds the app's database through its config.
  const databaseInfo: AdapterDatabase = { dialect: "postgres", pool }
  Object.defineProperty(adapter, adapterDatabase, { value: databaseInfo })
  // Records sessions (listing, revoking, the revocation check of JWT sessions): it carries core's code for that.
  return withSessionRecords(adapter)
}
