import BetterSqlite3 from "better-sqlite3"
import type { Database } from "better-sqlite3"
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@gatehouse/core/adapters"
import { configureConnection } from "./configure-connection.js"
import { AdapterConflictError, translateConstraintFailure } from "./errors.js"
import { migrate } from "./migrate.js"
import {
  toAccount,
  toAuthenticator,
  toSession,
  toSessionAndUser,
  toUser,
  toVerificationToken,
} from "./rows.js"
import { prepareStatements } from "./statements.js"

const unknownUser: ["unknown-user", string] = ["unknown-user", "The user this record belongs to does not exist"]

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
  migrate(db)
  const sql = prepareStatements(db)

  return {
    createUser(user: AdapterUser) {
      try {
        const row = sql.insertUser.get({
          // Ids are made here, never taken from the caller, so no caller can pick one.
          id: crypto.randomUUID(),
          name: nullable(user.name),
          email: user.email,
          email_verified: millis(user.emailVerified),
          image: nullable(user.image),
        })
        return toUser(row!)
      } catch (error) {
        throw translateConstraintFailure(error, { unique: ["duplicate-email", "A user with this email already exists"] })
      }
    },

    getUser(id: string) {
      const row = sql.userById.get({ id })
      return row ? toUser(row) : null
    },

    getUserByEmail(email: string) {
      const row = sql.userByEmail.get({ email })
      return row ? toUser(row) : null
    },

    getUserByAccount({ provider, providerAccountId }) {
      const row = sql.userByAccount.get({ provider, provider_account_id: providerAccountId })
      return row ? toUser(row) : null
    },

    updateUser(user) {
      let row
      try {
        row = sql.updateUser.get({
          id: user.id,
          set_name: given(user, "name"),
          name: nullable(user.name),
          set_email: given(user, "email"),
          email: nullable(user.email),
          set_email_verified: given(user, "emailVerified"),
          email_verified: millis(user.emailVerified),
          set_image: given(user, "image"),
          image: nullable(user.image),
        })
      } catch (error) {
        throw translateConstraintFailure(error, { unique: ["duplicate-email", "Another user already has this email"] })
      }
      if (!row) throw new AdapterConflictError(...unknownUser)
      return toUser(row)
    },

    deleteUser(userId: string) {
      const row = sql.deleteUser.get({ id: userId })
      return row ? toUser(row) : null
    },

    linkAccount(account: AdapterAccount) {
      try {
        const row = sql.insertAccount.get({
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
        })
        return toAccount(row!)
      } catch (error) {
        throw translateConstraintFailure(error, {
          unique: ["account-already-linked", "This provider account is already linked to a user"],
          foreignKey: unknownUser,
        })
      }
    },

    unlinkAccount({ provider, providerAccountId }) {
      const row = sql.deleteAccount.get({ provider, provider_account_id: providerAccountId })
      return row ? toAccount(row) : undefined
    },

    getAccount(providerAccountId: string, provider: string) {
      const row = sql.accountByProvider.get({ provider, provider_account_id: providerAccountId })
      return row ? toAccount(row) : null
    },

    createSession({ sessionToken, userId, expires }) {
      try {
        const row = sql.insertSession.get({ session_token: sessionToken, user_id: userId, expires: millis(expires) })
        return toSession(row!)
      } catch (error) {
        throw translateConstraintFailure(error, {
          unique: ["duplicate-session-token", "A session with this token already exists"],
          foreignKey: unknownUser,
        })
      }
    },

    getSessionAndUser(sessionToken: string) {
      const row = sql.sessionAndUser.get({ session_token: sessionToken })
      return row ? toSessionAndUser(row) : null
    },

    updateSession(session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">) {
      try {
        const row = sql.updateSession.get({
          session_token: session.sessionToken,
          expires: millis(session.expires),
          user_id: nullable(session.userId),
        })
        return row ? toSession(row) : null
      } catch (error) {
        throw translateConstraintFailure(error, { foreignKey: unknownUser })
      }
    },

    deleteSession(sessionToken: string) {
      const row = sql.deleteSession.get({ session_token: sessionToken })
      return row ? toSession(row) : null
    },

    createVerificationToken(token: VerificationToken) {
      try {
        const row = sql.insertVerificationToken.get({
          identifier: token.identifier,
          token: token.token,
          expires: millis(token.expires),
        })
        return toVerificationToken(row!)
      } catch (error) {
        throw translateConstraintFailure(error, {
          unique: ["duplicate-verification-token", "This verification token already exists"],
        })
      }
    },

    useVerificationToken({ identifier, token }) {
      const row = sql.useVerificationToken.get({ identifier, token })
      return row ? toVerificationToken(row) : null
    },

    createAuthenticator(authenticator: AdapterAuthenticator) {
      try {
        const row = sql.insertAuthenticator.get({
          credential_id: authenticator.credentialID,
          user_id: authenticator.userId,
          provider_account_id: authenticator.providerAccountId,
          credential_public_key: authenticator.credentialPublicKey,
          counter: authenticator.counter,
          credential_device_type: authenticator.credentialDeviceType,
          credential_backed_up: authenticator.credentialBackedUp ? 1 : 0,
          transports: nullable(authenticator.transports),
        })
        return toAuthenticator(row!)
      } catch (error) {
        throw translateConstraintFailure(error, {
          unique: ["credential-already-registered", "This credential is already registered"],
          foreignKey: unknownUser,
        })
      }
    },

    getAuthenticator(credentialID: string) {
      const row = sql.authenticatorById.get({ credential_id: credentialID })
      return row ? toAuthenticator(row) : null
    },

    listAuthenticatorsByUserId(userId: string) {
      return sql.authenticatorsByUser.all({ user_id: userId }).map(toAuthenticator)
    },

    updateAuthenticatorCounter(credentialID: string, newCounter: number) {
      const row = sql.updateAuthenticatorCounter.get({ credential_id: credentialID, counter: newCounter })
      if (!row) throw new AdapterConflictError("unknown-authenticator", "No authenticator has this credential ID")
      return toAuthenticator(row)
    },
  }
}
