/**
 * The schema as an ordered list of migrations. A migration, once released, never changes:
 * later changes are new entries, so every database can be brought forward from any version.
 */
export interface Migration {
  version: number
  description: string
  sql: string
}

/**
 * The schema's migrations in order, applied by `migrate()` and `npx @gatehouse/cli migrate` to reach
 * the newest version.
 */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    description: "users, accounts, sessions, verification tokens and authenticators",
    sql: `
      CREATE TABLE users (
        id TEXT PRIMARY KEY NOT NULL,
        name TEXT,
        email TEXT UNIQUE,
        email_verified INTEGER,
        image TEXT
      );

      CREATE TABLE accounts (
        provider TEXT NOT NULL,
        provider_account_id TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        access_token TEXT,
        refresh_token TEXT,
        id_token TEXT,
        expires_at INTEGER,
        token_type TEXT,
        scope TEXT,
        session_state TEXT,
        PRIMARY KEY (provider, provider_account_id)
      ) WITHOUT ROWID;
      CREATE INDEX accounts_by_user ON accounts(user_id);

      CREATE TABLE sessions (
        session_token TEXT PRIMARY KEY NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        expires INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX sessions_by_user ON sessions(user_id);

      CREATE TABLE verification_tokens (
        identifier TEXT NOT NULL,
        token TEXT NOT NULL,
        expires INTEGER NOT NULL,
        PRIMARY KEY (identifier, token)
      ) WITHOUT ROWID;

      CREATE TABLE authenticators (
        credential_id TEXT PRIMARY KEY NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        provider_account_id TEXT NOT NULL,
        credential_public_key TEXT NOT NULL,
        counter INTEGER NOT NULL,
        credential_device_type TEXT NOT NULL,
        credential_backed_up INTEGER NOT NULL,
        transports TEXT
      ) WITHOUT ROWID;
      CREATE INDEX authenticators_by_user ON authenticators(user_id);
    `,
  },
  {
    version: 2,
    description: "session metadata: created_at, last_seen_at, user_agent, provider, provider_session_id (nullable)",
    // Nullable columns without defaults: SQLite adds them without rewriting the table, and every
    // existing session keeps working with its metadata unknown (null). The index sessions_by_user
    // (version 1) already serves listing and deleting a user's sessions.
    sql: `
      ALTER TABLE sessions ADD COLUMN created_at INTEGER;
      ALTER TABLE sessions ADD COLUMN last_seen_at INTEGER;
      ALTER TABLE sessions ADD COLUMN user_agent TEXT;
      ALTER TABLE sessions ADD COLUMN provider TEXT;
      ALTER TABLE sessions ADD COLUMN provider_session_id TEXT;
    `,
  },
  {
    version: 3,
    description: "index on sessions(provider_session_id, provider), for back-channel logout by the provider's session id",
    // Partial: only sessions begun with an identity provider that sent a session id are indexed.
    // A lookup by `provider_session_id = ?` implies IS NOT NULL, so SQLite uses it.
    sql: `
      CREATE INDEX sessions_by_provider_session ON sessions(provider_session_id, provider) WHERE provider_session_id IS NOT NULL;
    `,
  },
  {
    version: 4,
    description: "session metadata: provider_account_id (nullable), the account a session was signed in through",
    // A user may link two accounts of one provider; back-channel logout by `sub` ends only the
    // sessions of the account it names. Nullable, without a default: added in place, and the rows
    // of earlier sessions (null) end by the sub of any of the user's accounts there, as before.
    // No index: it is read only among one user's sessions (sessions_by_user).
    sql: `
      ALTER TABLE sessions ADD COLUMN provider_account_id TEXT;
    `,
  },
  {
    version: 5,
    description:
      "second factors: sessions' authenticated_at and authentication_methods (nullable), second_factors, second_factor_backup_codes, second_factor_failures",
    // The session columns are nullable without defaults (added in place; an old row is read by its
    // created_at). Second-factor records are keyed by the session owner's key: an adapter user's
    // id, or `app:<provider>:<id>` for a Credentials provider's own user, hence no foreign key to
    // users; a trigger removes a deleted user's record instead. totp_last_step is the last TOTP
    // step accepted: a claim is one UPDATE that moves it forward, so a code counts once everywhere.
    sql: `
      ALTER TABLE sessions ADD COLUMN authenticated_at INTEGER;
      ALTER TABLE sessions ADD COLUMN authentication_methods TEXT;

      CREATE TABLE second_factors (
        owner_key TEXT PRIMARY KEY NOT NULL,
        totp_secret TEXT,
        pending_totp_secret TEXT,
        totp_last_step INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) WITHOUT ROWID;

      CREATE TABLE second_factor_backup_codes (
        owner_key TEXT NOT NULL REFERENCES second_factors(owner_key) ON DELETE CASCADE,
        code_hash TEXT NOT NULL,
        used_at INTEGER,
        PRIMARY KEY (owner_key, code_hash)
      ) WITHOUT ROWID;

      CREATE TABLE second_factor_failures (
        attempt_id TEXT PRIMARY KEY NOT NULL,
        owner_key TEXT NOT NULL,
        failures INTEGER NOT NULL,
        expires INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX second_factor_failures_by_owner ON second_factor_failures(owner_key, expires);

      CREATE TRIGGER second_factors_of_deleted_user AFTER DELETE ON users
      BEGIN
        DELETE FROM second_factors WHERE owner_key = old.id;
      END;
      `,
  },
  {
    version: 6,
    description: "password hashes (PHC strings), one per user, for the Password provider",
    // Its own table rather than a column on users: an app reading users (SELECT *) never sees a
    // hash, and the row goes with its user (ON DELETE CASCADE).
    sql: `
      CREATE TABLE password_hashes (
        user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        hash TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      `,
  },
  {
    version: 7,
    description: "owned_sessions: JWT sessions of owners that are not adapter users (an app's own credentials users), by owner key",
    // No foreign key: the owner (`app:<provider>:<id>`) lives in the app's own tables, not in users.
    // (Versions 5 and 6 belong to other features; the migrator accepts gaps.)
    sql: `
      CREATE TABLE owned_sessions (
        id TEXT PRIMARY KEY NOT NULL,
        owner_key TEXT NOT NULL,
        expires INTEGER NOT NULL,
        created_at INTEGER,
        last_seen_at INTEGER,
        user_agent TEXT,
        provider TEXT
      ) WITHOUT ROWID;
      CREATE INDEX owned_sessions_by_owner ON owned_sessions(owner_key);
    `,
  },
  {
    version: 9,
    description: "authenticators.name: the name a user gave a passkey (the account endpoints), nullable",
    // (Version 8 belongs to another feature; the migrator accepts gaps.)
    sql: `
      ALTER TABLE authenticators ADD COLUMN name TEXT;
    `,
  },
  {
    version: 10,
    description: "accounts.linked_at, authenticators.created_at and last_used_at (the account page's dates), nullable",
    // Null for the rows already there: when they were linked or last used is unknown, and no date is made up.
    sql: `
      ALTER TABLE accounts ADD COLUMN linked_at INTEGER;
      ALTER TABLE authenticators ADD COLUMN created_at INTEGER;
      ALTER TABLE authenticators ADD COLUMN last_used_at INTEGER;
    `,
  },
]
