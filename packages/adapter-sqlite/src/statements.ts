import type { Database } from "better-sqlite3"
import type { AccountRow, AuthenticatorRow, OwnedSessionRow, SessionAndUserRow, SessionRow, UserRow, VerificationTokenRow } from "./rows.js"

type Params = Record<string, string | number | null>

/** The ways the adapter runs a statement: for one row (or none), for all rows, or for how many it changed. */
export interface Query<Row> {
  get(params: Params): Row | undefined
  all(params: Params): Row[]
  run(params: Params): { changes: number }
}

/**
 * Every statement the adapter runs, prepared once when the adapter is built: SQLite then
 * parses and plans each query once per process instead of once per request.
 */
export function prepareStatements(db: Database) {
  const prepare = <Row>(sql: string): Query<Row> => db.prepare<[Params], Row>(sql)
  return {
    insertUser: prepare<UserRow>(
      `INSERT INTO users (id, name, email, email_verified, image)
       VALUES (@id, @name, @email, @email_verified, @image) RETURNING *`,
    ),
    userById: prepare<UserRow>(`SELECT * FROM users WHERE id = @id`),
    userByEmail: prepare<UserRow>(`SELECT * FROM users WHERE email = @email`),
    userByAccount: prepare<UserRow>(
      `SELECT users.* FROM accounts JOIN users ON users.id = accounts.user_id
       WHERE accounts.provider = @provider AND accounts.provider_account_id = @provider_account_id`,
    ),
    // One statement, so a concurrent update cannot interleave between a read and a write.
    // A field is replaced only when its set_* flag is 1: an absent field keeps its value.
    updateUser: prepare<UserRow>(
      `UPDATE users SET
         name = CASE WHEN @set_name THEN @name ELSE name END,
         email = CASE WHEN @set_email THEN @email ELSE email END,
         email_verified = CASE WHEN @set_email_verified THEN @email_verified ELSE email_verified END,
         image = CASE WHEN @set_image THEN @image ELSE image END
       WHERE id = @id RETURNING *`,
    ),
    // Accounts, sessions and authenticators go with it through ON DELETE CASCADE.
    deleteUser: prepare<UserRow>(`DELETE FROM users WHERE id = @id RETURNING *`),

    insertAccount: prepare<AccountRow>(
      `INSERT INTO accounts (provider, provider_account_id, user_id, type, access_token, refresh_token,
         id_token, expires_at, token_type, scope, session_state, linked_at)
       VALUES (@provider, @provider_account_id, @user_id, @type, @access_token, @refresh_token,
         @id_token, @expires_at, @token_type, @scope, @session_state, @linked_at) RETURNING *`,
    ),
    accountByProvider: prepare<AccountRow>(
      `SELECT * FROM accounts WHERE provider = @provider AND provider_account_id = @provider_account_id`,
    ),
    deleteAccount: prepare<AccountRow>(
      `DELETE FROM accounts WHERE provider = @provider AND provider_account_id = @provider_account_id RETURNING *`,
    ),

    insertSession: prepare<SessionRow>(
      `INSERT INTO sessions (session_token, user_id, expires, created_at, last_seen_at, user_agent, provider, provider_session_id,
         provider_account_id, authenticated_at, authentication_methods)
       VALUES (@session_token, @user_id, @expires, @created_at, @last_seen_at, @user_agent, @provider, @provider_session_id,
         @provider_account_id, @authenticated_at, @authentication_methods)
       RETURNING *`,
    ),
    // The whole lookup is one read on the session's primary key plus the user's.
    sessionAndUser: prepare<SessionAndUserRow>(
      `SELECT sessions.session_token, sessions.user_id AS session_user_id, sessions.expires AS session_expires,
         sessions.created_at AS session_created_at, sessions.last_seen_at AS session_last_seen_at,
         sessions.user_agent AS session_user_agent, sessions.provider AS session_provider,
         sessions.provider_session_id AS session_provider_session_id,
         sessions.provider_account_id AS session_provider_account_id,
         sessions.authenticated_at AS session_authenticated_at,
         sessions.authentication_methods AS session_authentication_methods, users.*
       FROM sessions JOIN users ON users.id = sessions.user_id
       WHERE sessions.session_token = @session_token`,
    ),
    updateSession: prepare<SessionRow>(
      `UPDATE sessions SET
         expires = coalesce(@expires, expires),
         user_id = coalesce(@user_id, user_id),
         last_seen_at = coalesce(@last_seen_at, last_seen_at),
         authenticated_at = coalesce(@authenticated_at, authenticated_at),
         authentication_methods = coalesce(@authentication_methods, authentication_methods)
       WHERE session_token = @session_token RETURNING *`,
    ),
    // Session management: both read the index sessions_by_user. Oldest first (unknown ages first),
    // the token as tie-break, so a list is stable between two reads.
    sessionsOfUser: prepare<SessionRow>(`SELECT * FROM sessions WHERE user_id = @user_id ORDER BY created_at, session_token`),
    sessionsOfProviderSession: prepare<SessionRow>(
      `SELECT * FROM sessions WHERE provider_session_id = @provider_session_id AND provider = @provider ORDER BY created_at, session_token`,
    ),
    // @except is null for "all of them"; a token that is not the user's keeps nothing.
    deleteSessionsOfUserExcept: prepare<SessionRow>(
      `DELETE FROM sessions WHERE user_id = @user_id AND (@except IS NULL OR session_token <> @except)`,
    ),
    deleteSession: prepare<SessionRow>(`DELETE FROM sessions WHERE session_token = @session_token RETURNING *`),

    insertVerificationToken: prepare<VerificationTokenRow>(
      `INSERT INTO verification_tokens (identifier, token, expires) VALUES (@identifier, @token, @expires) RETURNING *`,
    ),
    // Reading and deleting in one statement is what makes the token single-use.
    useVerificationToken: prepare<VerificationTokenRow>(
      `DELETE FROM verification_tokens WHERE identifier = @identifier AND token = @token RETURNING *`,
    ),

    insertAuthenticator: prepare<AuthenticatorRow>(
      `INSERT INTO authenticators (credential_id, user_id, provider_account_id, credential_public_key, counter,
         credential_device_type, credential_backed_up, transports, created_at)
       VALUES (@credential_id, @user_id, @provider_account_id, @credential_public_key, @counter,
         @credential_device_type, @credential_backed_up, @transports, @created_at) RETURNING *`,
    ),
    authenticatorById: prepare<AuthenticatorRow>(`SELECT * FROM authenticators WHERE credential_id = @credential_id`),
    authenticatorsByUser: prepare<AuthenticatorRow>(`SELECT * FROM authenticators WHERE user_id = @user_id ORDER BY credential_id`),
    updateAuthenticatorCounter: prepare<AuthenticatorRow>(
      `UPDATE authenticators SET counter = @counter, last_used_at = @last_used_at WHERE credential_id = @credential_id RETURNING *`,
    ),

    // removeUserAttachments: the three run in one transaction (see the adapter).
    accountsByUser: prepare<AccountRow>(`SELECT * FROM accounts WHERE user_id = @user_id ORDER BY provider, provider_account_id`),
    // The user's own only, as deleting.
    renameAuthenticator: prepare<AuthenticatorRow>(
      `UPDATE authenticators SET name = @name WHERE credential_id = @credential_id AND user_id = @user_id RETURNING *`,
    ),
    // The user's own only: a passkey of another user is never deleted through this statement.
    deleteAuthenticator: prepare<AuthenticatorRow>(
      `DELETE FROM authenticators WHERE credential_id = @credential_id AND user_id = @user_id RETURNING *`,
    ),
    deleteAuthenticatorsOfUser: prepare<AuthenticatorRow>(`DELETE FROM authenticators WHERE user_id = @user_id RETURNING *`),
    deleteAccountsOfUser: prepare<AccountRow>(`DELETE FROM accounts WHERE user_id = @user_id RETURNING *`),
    deleteSessionsOfUser: prepare<SessionRow>(`DELETE FROM sessions WHERE user_id = @user_id RETURNING *`),

    insertOwnedSession: prepare<OwnedSessionRow>(
      `INSERT INTO owned_sessions (id, owner_key, expires, created_at, last_seen_at, user_agent, provider)
       VALUES (@id, @owner_key, @expires, @created_at, @last_seen_at, @user_agent, @provider)`,
    ),
    ownedSessionsOf: prepare<OwnedSessionRow>(`SELECT * FROM owned_sessions WHERE owner_key = @owner_key`),
    touchOwnedSession: prepare<OwnedSessionRow>(
      `UPDATE owned_sessions SET expires = @expires, last_seen_at = @last_seen_at WHERE id = @id`,
    ),
    deleteOwnedSession: prepare<OwnedSessionRow>(`DELETE FROM owned_sessions WHERE id = @id`),
    deleteOwnedSessionsOfExcept: prepare<OwnedSessionRow>(
      `DELETE FROM owned_sessions WHERE owner_key = @owner_key AND (@except IS NULL OR id <> @except)`,
    ),
    // Expired records count as gone: the revocation check must not keep an expired session alive.
    ownerOfOwnedSession: prepare<OwnedSessionRow>(`SELECT * FROM owned_sessions WHERE id = @id AND expires > @now`),
    deletePasswordOfUser: prepare<never>(`DELETE FROM password_hashes WHERE user_id = @user_id`),
  }
}

export type Statements = ReturnType<typeof prepareStatements>
