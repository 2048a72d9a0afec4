/**
 * The schema as an ordered list of migrations. Version 1 is exactly the schema that
 * @auth/pg-adapter documents (same tables, columns and types), created only where missing,
 * so an existing Auth.js database is adopted as it is. Later versions add what that schema
 * lacks and Gatehouse relies on. A released migration never changes.
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
    description: "the @auth/pg-adapter tables: users, accounts, sessions, verification_token",
    sql: `
      CREATE TABLE IF NOT EXISTS verification_token (
        identifier TEXT NOT NULL,
        expires TIMESTAMPTZ NOT NULL,
        token TEXT NOT NULL,
        PRIMARY KEY (identifier, token)
      );
      CREATE TABLE IF NOT EXISTS accounts (
        id SERIAL,
        "userId" INTEGER NOT NULL,
        type VARCHAR(255) NOT NULL,
        provider VARCHAR(255) NOT NULL,
        "providerAccountId" VARCHAR(255) NOT NULL,
        refresh_token TEXT,
        access_token TEXT,
        expires_at BIGINT,
        id_token TEXT,
        scope TEXT,
        session_state TEXT,
        token_type TEXT,
        PRIMARY KEY (id)
      );
      CREATE TABLE IF NOT EXISTS sessions (
        id SERIAL,
        "userId" INTEGER NOT NULL,
        expires TIMESTAMPTZ NOT NULL,
        "sessionToken" VARCHAR(255) NOT NULL,
        PRIMARY KEY (id)
      );
      CREATE TABLE IF NOT EXISTS users (
        id SERIAL,
        name VARCHAR(255),
        email VARCHAR(255),
        "emailVerified" TIMESTAMPTZ,
        image TEXT,
        PRIMARY KEY (id)
      );
    `,
  },
  {
    version: 2,
    description: "constraints: one user per email, one owner per provider account, unique session tokens, cascading deletes",
    // Foreign keys are added NOT VALID: they hold for every new row and cascade deletes,
    // without failing the upgrade of an old database over rows orphaned long ago.
    // A duplicate email already present does fail the upgrade, by name: that is a real conflict to resolve.
    sql: `
      CREATE UNIQUE INDEX IF NOT EXISTS users_email_key ON users (email);
      CREATE UNIQUE INDEX IF NOT EXISTS accounts_provider_account_key ON accounts (provider, "providerAccountId");
      CREATE INDEX IF NOT EXISTS accounts_user_id_idx ON accounts ("userId");
      CREATE UNIQUE INDEX IF NOT EXISTS sessions_session_token_key ON sessions ("sessionToken");
      CREATE INDEX IF NOT EXISTS sessions_user_id_idx ON sessions ("userId");
      DO $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'accounts_user_id_fkey' AND conrelid = 'accounts'::regclass) THEN
          ALTER TABLE accounts ADD CONSTRAINT accounts_user_id_fkey
            FOREIGN KEY ("userId") REFERENCES users (id) ON DELETE CASCADE NOT VALID;
        END IF;
        IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'sessions_user_id_fkey' AND conrelid = 'sessions'::regclass) THEN
          ALTER TABLE sessions ADD CONSTRAINT sessions_user_id_fkey
            FOREIGN KEY ("userId") REFERENCES users (id) ON DELETE CASCADE NOT VALID;
        END IF;
      END
      $$;
    `,
  },
  {
    version: 3,
    description: "authenticators (passkeys), keyed to users whatever the type of users.id",
    sql: `
      DO $$
      DECLARE
        user_id_type TEXT := (
          SELECT format_type(atttypid, atttypmod) FROM pg_attribute
          WHERE attrelid = 'users'::regclass AND attname = 'id'
        );
      BEGIN
        EXECUTE format($ddl$
          CREATE TABLE IF NOT EXISTS authenticators (
            "credentialID" TEXT NOT NULL PRIMARY KEY,
            "userId" %s NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            "providerAccountId" TEXT NOT NULL,
            "credentialPublicKey" TEXT NOT NULL,
            counter BIGINT NOT NULL,
            "credentialDeviceType" TEXT NOT NULL,
            "credentialBackedUp" BOOLEAN NOT NULL,
            transports TEXT
          )$ddl$, user_id_type);
      END
      $$;
      CREATE INDEX IF NOT EXISTS authenticators_user_id_idx ON authenticators ("userId");
    `,
  },
  {
    version: 4,
    description: `session metadata: sessions "createdAt", "lastSeenAt", "userAgent", provider, "providerSessionId" (nullable)`,
    // Nullable columns without defaults: PostgreSQL adds them without rewriting the table, and
    // every existing session keeps working with its metadata unknown (null); @auth/pg-adapter,
    // which names its columns, reads and writes the table as before. Listing and deleting a
    // user's sessions use sessions_user_id_idx (version 2).
    sql: `
      ALTER TABLE sessions
        ADD COLUMN IF NOT EXISTS "createdAt" TIMESTAMPTZ,
        ADD COLUMN IF NOT EXISTS "lastSeenAt" TIMESTAMPTZ,
        ADD COLUMN IF NOT EXISTS "userAgent" TEXT,
        ADD COLUMN IF NOT EXISTS provider TEXT,
        ADD COLUMN IF NOT EXISTS "providerSessionId" TEXT;
    `,
  },
  {
    version: 5,
    description: `index on sessions ("providerSessionId", provider), for back-channel logout by the provider's session id`,
    // Partial: only sessions begun with an identity provider that sent a session id are indexed.
    // Built inside migrate()'s transaction (CONCURRENTLY cannot be), so writes to sessions wait
    // while it builds: a moment on most tables. The lookup works without it (version 4 suffices),
    // reading the whole table.
    sql: `
      CREATE INDEX IF NOT EXISTS sessions_provider_session_idx ON sessions ("providerSessionId", provider)
        WHERE "providerSessionId" IS NOT NULL;
    `,
  },
  {
    version: 6,
    description: `session metadata: sessions "providerAccountId" (nullable), the account a session was signed in through`,
    // A user may link two accounts of one provider; back-channel logout by `sub` ends only the
    // sessions of the account it names. Nullable, without a default: added without rewriting the
    // table; sessions from before it keep null and end by the sub of any of the user's accounts
    // there, as before. Until it runs, the adapter works as at version 5, recording no account.
    // No index: it is read only among one user's sessions (sessions_user_id_idx).
    sql: `
      ALTER TABLE sessions ADD COLUMN IF NOT EXISTS "providerAccountId" TEXT;
    `,
  },
  {
    version: 7,
    description: `second factors: sessions "authenticatedAt" and "authenticationMethods" (nullable), second_factors, second_factor_backup_codes, second_factor_failures`,
    // Records are keyed by the session owner's key (a user's id as text, or "app:<provider>:<id>"
    // for a Credentials provider's own user), so no foreign key to users: a trigger removes a
    // deleted user's record instead. "totpLastStep" is the last TOTP step accepted: a claim is one
    // UPDATE that moves it forward (a concurrent one waits for the row lock, then finds it false).
    // The session columns are nullable without defaults, added without rewriting the table.
    sql: `
      ALTER TABLE sessions
        ADD COLUMN IF NOT EXISTS "authenticatedAt" TIMESTAMPTZ,
        ADD COLUMN IF NOT EXISTS "authenticationMethods" TEXT;

      CREATE TABLE IF NOT EXISTS second_factors (
        "ownerKey" TEXT PRIMARY KEY,
        "totpSecret" TEXT,
        "pendingTotpSecret" TEXT,
        "totpLastStep" BIGINT,
        "createdAt" TIMESTAMPTZ NOT NULL,
        "updatedAt" TIMESTAMPTZ NOT NULL
      );
      CREATE TABLE IF NOT EXISTS second_factor_backup_codes (
        "ownerKey" TEXT NOT NULL REFERENCES second_factors("ownerKey") ON DELETE CASCADE,
        "codeHash" TEXT NOT NULL,
        "usedAt" TIMESTAMPTZ,
        PRIMARY KEY ("ownerKey", "codeHash")
      );
      CREATE TABLE IF NOT EXISTS second_factor_failures (
        "attemptId" TEXT PRIMARY KEY,
        "ownerKey" TEXT NOT NULL,
        failures INTEGER NOT NULL,
        expires TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX IF NOT EXISTS second_factor_failures_owner_idx ON second_factor_failures ("ownerKey", expires);

      CREATE OR REPLACE FUNCTION gatehouse_second_factors_of_deleted_user() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM second_factors WHERE "ownerKey" = OLD.id::text;
        RETURN OLD;
      END
      $$;
      DROP TRIGGER IF EXISTS second_factors_of_deleted_user ON users;
      CREATE TRIGGER second_factors_of_deleted_user AFTER DELETE ON users
        FOR EACH ROW EXECUTE FUNCTION gatehouse_second_factors_of_deleted_user();
      `,
  },
  {
    version: 8,
    description: "password hashes (PHC strings), one per user, for the Password provider, keyed whatever the type of users.id",
    // Its own table rather than a column on users: an app reading users never sees a hash, and
    // the row goes with its user (ON DELETE CASCADE).
    sql: `
      DO $$
      DECLARE
        user_id_type TEXT := (
          SELECT format_type(atttypid, atttypmod) FROM pg_attribute
          WHERE attrelid = 'users'::regclass AND attname = 'id'
        );
      BEGIN
        EXECUTE format($ddl$
          CREATE TABLE IF NOT EXISTS password_hashes (
            "userId" %s NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
            hash TEXT NOT NULL,
            "updatedAt" TIMESTAMPTZ NOT NULL
          )$ddl$, user_id_type);
      END
      $$;
      `,
  },
  {
    version: 9,
    description: "owned_sessions: JWT sessions of owners that are not adapter users (an app's own credentials users), by owner key",
    // A table of its own, no foreign key: the owner (`app:<provider>:<id>`) lives in the app's
    // tables, not in users. @auth/pg-adapter never reads it. (Versions 7 and 8 belong to other
    // features; the migrator accepts gaps.)
    sql: `
      CREATE TABLE IF NOT EXISTS owned_sessions (
        id TEXT PRIMARY KEY,
        "ownerKey" TEXT NOT NULL,
        expires TIMESTAMPTZ NOT NULL,
        "createdAt" TIMESTAMPTZ,
        "lastSeenAt" TIMESTAMPTZ,
        "userAgent" TEXT,
        provider TEXT
      );
      CREATE INDEX IF NOT EXISTS owned_sessions_owner_idx ON owned_sessions ("ownerKey");
    `,
  },
  {
    version: 11,
    description: "authenticators.name: the name a user gave a passkey (the account endpoints), nullable",
    // (Version 10 belongs to another feature; the migrator accepts gaps.)
    sql: `
      ALTER TABLE authenticators ADD COLUMN IF NOT EXISTS name TEXT;
    `,
  },
  {
    version: 12,
    description: 'accounts."linkedAt", authenticators."createdAt" and "lastUsedAt" (the account page\'s dates), nullable',
    // Added without a default, so the rows already there keep null (when they were linked is
    // unknown: no date is made up), then given one, so every later insert records its time,
    // @auth/pg-adapter's on the same database included. "lastUsedAt" is set by updateAuthenticatorCounter.
    sql: `
      ALTER TABLE accounts ADD COLUMN IF NOT EXISTS "linkedAt" TIMESTAMPTZ;
      ALTER TABLE accounts ALTER COLUMN "linkedAt" SET DEFAULT now();
      ALTER TABLE authenticators ADD COLUMN IF NOT EXISTS "createdAt" TIMESTAMPTZ;
      ALTER TABLE authenticators ALTER COLUMN "createdAt" SET DEFAULT now();
      ALTER TABLE authenticators ADD COLUMN IF NOT EXISTS "lastUsedAt" TIMESTAMPTZ;
    `,
  },
]
