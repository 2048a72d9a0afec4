import BetterSqlite3 from "better-sqlite3"
import type { Database } from "better-sqlite3"
import {
  AdapterConflictError,
  adapterDatabase,
  unknownAuthenticator,
  unknownUser,
  writeConflicts,
  type Adapter,
  type AdapterAccount,
  type AdapterDatabase,
  type AdapterUser,
} from "@gatehouse/core/adapters"
import { withSessionRecords } from "@gatehouse/core/session-records"
import { accountTokenMethods } from "./account-tokens.js"
import { configureConnection } from "./configure-connection.js"
import { translatingConflicts } from "./errors.js"
import { migrate } from "./migrate.js"
import { passwordHashMethods } from "./password-hashes.js"
import { secondFactorMethods } from "./second-factor.js"
import { toAccount, toAuthenticator, toOwnedSession, toSession, toSessionAndUser, toUser, toVerificationToken } from "./rows.js"
import { prepareStatements } from "./statements.js"

function millis(date: Date | null | undefined): number | null {
  return date == null ? null : new Date(date).getTime()
}

/** 1 when the caller gave the field (null included: that clears it), 0 when it left it out. */
function given(record: object, field: string): number {
  return Object.hasOwn(record, field) && (record as Record<string, unknown>)[field] !== undefined ? 1 : 0
}

function nullable<T>(value: T | undefined): T | null {
  return value ?? null
}

/**
 * The Gatehouse adapter for SQLite. Give it an open better-sqlite3 database, or a file name
 * to open (":memory:" for a throw-away database). It configures the connection (foreign
 * keys, WAL), brings the schema up to date, and prepares its statements once.
 */
export function SQLiteAdapter(database: Database | string): Adapter {
  const db = typeof database === "string" ? new BetterSqlite3(database) : database
  configureConnection(db)
  const appliedOnOpen = migrate(db)
  const sql = prepareStatements(db)
  // All or nothing: a failing delete rolls the earlier ones back.
  const removeUserAttachments = db.transaction((userId: string) => {
    const authenticators = sql.deleteAuthenticatorsOfUser.all({ user_id: userId }).map(toAuthenticator)
    const accounts = sql.deleteAccountsOfUser.all({ user_id: userId }).map(toAccount)
    const sessions = sql.deleteSessionsOfUser.all({ user_id: userId }).length
    // A password set by whoever created the user before the address was proven goes too.
    sql.deletePasswordOfUser.run({ user_id: userId })
    return { accounts, authenticators, sessions }
  })

  const adapter: Adapter = {
    createUser(user) {
      const row = translatingConflicts(writeConflicts.createUser, () =>
        sql.insertUser.get({
          // Ids are made here, never taken from the caller, so no caller can pick one.
          id: crypto.randomUUID(),
          name: nullable(user.name),
          email: user.email,
          email_verified: millis(user.emailVerified),
          image: nullable(user.image),
        }),
      )
      return toUser(row!)
    },

    getUser(id) {
      const row = sql.userById.get({ id })
      return row ? toUser(row) : null
    },

    getUserByEmail(email) {
      const row = sql.userByEmail.get({ email })
      return row ? toUser(row) : null
    },

    getUserByAccount({ provider, providerAccountId }) {
      const row = sql.userByAccount.get({ provider, provider_account_id: providerAccountId })
      return row ? toUser(row) : null
    },

    updateUser(user) {
      const row = translatingConflicts(writeConflicts.updateUser, () =>
        sql.updateUser.get({
          id: user.id,
          set_name: given(user, "name"),
          name: nullable(user.name),
          set_email: given(user, "email"),
          email: nullable(user.email),
          set_email_verified: given(user, "emailVerified"),
          email_verified: millis(user.emailVerified),
          set_image: given(user, "image"),
          image: nullable(user.image),
        }),
      )
      if (!row) throw new AdapterConflictError(...unknownUser)
      return toUser(row)
    },

    deleteUser(userId) {
      const row = sql.deleteUser.get({ id: userId })
      return row ? toUser(row) : null
    },

    linkAccount(account) {
      const row = translatingConflicts(writeConflicts.linkAccount, () =>
        sql.insertAccount.get({
          provider: account.provider,
          provider_account_id: account.providerAccountId,
          user_id: account.userId,
          type: account.type,
          access_token: nullable(account.access_token),
          refresh_token: nullable(account.refresh_token),
          id_token: nullable(account.id_token),
          expires_at: nullable(account.expires_at),
          token_type: nullable(account.token_type),
          scope: nullable(account.scope),
          session_state: typeof account.session_state === "string" ? account.session_state : null,
          // The adapter's clock, not the caller's: when the row was written is what the account page shows.
          linked_at: Date.now(),
        }),
      )
      return toAccount(row!)
    },

    unlinkAccount({ provider, providerAccountId }) {
      const row = sql.deleteAccount.get({ provider, provider_account_id: providerAccountId })
      return row ? toAccount(row) : undefined
    },

    listAccountsByUserId(userId) {
      return sql.accountsByUser.all({ user_id: userId }).map(toAccount)
    },

    getAccount(providerAccountId, provider) {
      const row = sql.accountByProvider.get({ provider, provider_account_id: providerAccountId })
      return row ? toAccount(row) : null
    },

    createSession(session) {
      const row = translatingConflicts(writeConflicts.createSession, () =>
        sql.insertSession.get({
          session_token: session.sessionToken,
          user_id: session.userId,
          expires: millis(session.expires),
          created_at: millis(session.createdAt),
          last_seen_at: millis(session.lastSeenAt),
          user_agent: nullable(session.userAgent),
          provider: nullable(session.provider),
          provider_session_id: nullable(session.providerSessionId),
          provider_account_id: nullable(session.providerAccountId),
          authenticated_at: millis(session.authenticatedAt),
          authentication_methods: session.authenticationMethods?.length ? session.authenticationMethods.join(" ") : null,
        }),
      )
      return toSession(row!)
    },

    getSessionAndUser(sessionToken) {
      const row = sql.sessionAndUser.get({ session_token: sessionToken })
      return row ? toSessionAndUser(row) : null
    },

    updateSession(session) {
      const row = translatingConflicts(writeConflicts.updateSession, () =>
        sql.updateSession.get({
          session_token: session.sessionToken,
          expires: millis(session.expires),
          user_id: nullable(session.userId),
          last_seen_at: millis(session.lastSeenAt),
          // A step-up answered with the second factor alone moves these on the same row.
          authenticated_at: millis(session.authenticatedAt),
          authentication_methods: session.authenticationMethods?.length ? session.authenticationMethods.join(" ") : null,
        }),
      )
      return row ? toSession(row) : null
    },

    deleteSession(sessionToken) {
      const row = sql.deleteSession.get({ session_token: sessionToken })
      return row ? toSession(row) : null
    },

    listSessionsByUserId(userId) {
      return sql.sessionsOfUser.all({ user_id: userId }).map(toSession)
    },

    deleteSessionsByUserId(userId, options) {
      return sql.deleteSessionsOfUserExcept.run({ user_id: userId, except: options?.except ?? null }).changes
    },

    createOwnedSession(session) {
      sql.insertOwnedSession.run({
        id: session.id,
        owner_key: session.ownerKey,
        expires: millis(session.expires),
        created_at: millis(session.createdAt),
        last_seen_at: millis(session.lastSeenAt),
        user_agent: nullable(session.userAgent),
        provider: nullable(session.provider),
      })
    },

    listOwnedSessions(ownerKey) {
      return sql.ownedSessionsOf.all({ owner_key: ownerKey }).map(toOwnedSession)
    },

    touchOwnedSession(id, { expires, lastSeenAt }) {
      sql.touchOwnedSession.run({ id, expires: millis(expires), last_seen_at: millis(lastSeenAt) })
    },

    revokeOwnedSession(id) {
      return sql.deleteOwnedSession.run({ id }).changes > 0
    },

    revokeOwnedSessions(ownerKey, options) {
      return sql.deleteOwnedSessionsOfExcept.run({ owner_key: ownerKey, except: options?.except ?? null }).changes
    },

    ownerOfOwnedSession(id) {
      return sql.ownerOfOwnedSession.get({ id, now: Date.now() })?.owner_key ?? null
    },

    listSessionsByProviderSessionId(providerSessionId, provider) {
      return sql.sessionsOfProviderSession.all({ provider_session_id: providerSessionId, provider }).map(toSession)
    },

    createVerificationToken(token) {
      const row = translatingConflicts(writeConflicts.createVerificationToken, () =>
        sql.insertVerificationToken.get({ identifier: token.identifier, token: token.token, expires: millis(token.expires) }),
      )
      return toVerificationToken(row!)
    },

    useVerificationToken({ identifier, token }) {
      const row = sql.useVerificationToken.get({ identifier, token })
      return row ? toVerificationToken(row) : null
    },

    createAuthenticator(authenticator) {
      const row = translatingConflicts(writeConflicts.createAuthenticator, () =>
        sql.insertAuthenticator.get({
          credential_id: authenticator.credentialID,
          user_id: authenticator.userId,
          provider_account_id: authenticator.providerAccountId,
          credential_public_key: authenticator.credentialPublicKey,
          counter: authenticator.counter,
          credential_device_type: authenticator.credentialDeviceType,
          credential_backed_up: authenticator.credentialBackedUp ? 1 : 0,
          transports: nullable(authenticator.transports),
          created_at: Date.now(),
        }),
      )
      return toAuthenticator(row!)
    },

    getAuthenticator(credentialID) {
      const row = sql.authenticatorById.get({ credential_id: credentialID })
      return row ? toAuthenticator(row) : null
    },

    listAuthenticatorsByUserId(userId) {
      return sql.authenticatorsByUser.all({ user_id: userId }).map(toAuthenticator)
    },

    deleteAuthenticator(userId, credentialID) {
      const row = sql.deleteAuthenticator.get({ user_id: userId, credential_id: credentialID })
      return row ? toAuthenticator(row) : null
    },

    renameAuthenticator(userId, credentialID, name) {
      const row = sql.renameAuthenticator.get({ user_id: userId, credential_id: credentialID, name })
      return row ? toAuthenticator(row) : null
    },

    updateAuthenticatorCounter(credentialID, newCounter) {
      const row = sql.updateAuthenticatorCounter.get({ credential_id: credentialID, counter: newCounter, last_used_at: Date.now() })
      if (!row) throw new AdapterConflictError(...unknownAuthenticator)
      return toAuthenticator(row)
    },

    removeUserAttachments(userId) {
      // IMMEDIATE: the write lock is taken up front, so another process cannot slip in between.
      return removeUserAttachments.immediate(userId)
    },

    createUserWithAccount(user, account) {
      return createUserWithAccount.immediate(user, account)
    },

    ...accountTokenMethods(db),
    ...secondFactorMethods(db),
    ...passwordHashMethods(db),
  }
  // All or nothing: a refused account link removes the user just created.
  const createUserWithAccount = db.transaction((user: AdapterUser, account: Omit<AdapterAccount, "userId">) => {
    const created = adapter.createUser!(user) as AdapterUser
    adapter.linkAccount!({ ...account, userId: created.id } as AdapterAccount)
    return created
  })
  // For `gatehouse migrate`, which finds the app's database through its config.
  const databaseInfo: AdapterDatabase = { dialect: "sqlite", filename: db.name, memory: db.memory, appliedOnOpen }
  Object.defineProperty(adapter, adapterDatabase, { value: databaseInfo })
  // Records sessions (listing, revoking, the revocation check of JWT sessions): it carries core's code for that.
  return withSessionRecords(adapter)
}
