/**
 * Every statement the adapter runs. Each has a name, so node-postgres prepares it once per
 * connection and afterwards sends only the parameters. Ids are read as text: the contract
 * types them as strings, whether users.id is SERIAL (the Auth.js schema) or uuid/text.
 */
const userColumns = `users.id::text AS id, users.name, users.email, users."emailVerified", users.image`
const accountColumns = `"userId"::text AS "userId", type, provider, "providerAccountId", access_token, refresh_token,
  id_token, expires_at, token_type, scope, session_state`
const sessionColumns = `"sessionToken", "userId"::text AS "userId", expires`
/** With the metadata columns of migration 4: only on a database that has them (see session-metadata.ts). */
const sessionMetadataColumns = `${sessionColumns}, "createdAt", "lastSeenAt", "userAgent", provider, "providerSessionId"`
/** And migration 6's. */
const sessionMetadataAndAccountColumns = `${sessionMetadataColumns}, "providerAccountId"`
/** And migration 7's. */
const sessionMetadataAccountAndAuthenticationColumns = `${sessionMetadataAndAccountColumns}, "authenticatedAt", "authenticationMethods"`
const authenticatorColumns = `"credentialID", "userId"::text AS "userId", "providerAccountId", "credentialPublicKey",
  counter, "credentialDeviceType", "credentialBackedUp", transports`

export interface Query {
  name: string
  text: string
}

function query(name: string, text: string): Query {
  return { name: `gatehouse_${name}`, text }
}

export const queries = {
  // users.id comes from the table's default: the Auth.js schema makes it a SERIAL.
  insertUser: query(
    "insert_user",
    `INSERT INTO users (name, email, "emailVerified", image) VALUES ($1, $2, $3, $4) RETURNING ${userColumns}`,
  ),
  userById: query("user_by_id", `SELECT ${userColumns} FROM users WHERE id = $1`),
  userByEmail: query("user_by_email", `SELECT ${userColumns} FROM users WHERE email = $1`),
  userByAccount: query(
    "user_by_account",
    `SELECT ${userColumns} FROM accounts JOIN users ON users.id = accounts."userId"
     WHERE accounts.provider = $1 AND accounts."providerAccountId" = $2`,
  ),
  // One statement, so a concurrent update cannot interleave between a read and a write.
  // A field is replaced only when its flag is true: an absent field keeps its value.
  updateUser: query(
    "update_user",
    `UPDATE users SET
       name = CASE WHEN $2::boolean THEN $3::text ELSE name END,
       email = CASE WHEN $4::boolean THEN $5::text ELSE email END,
       "emailVerified" = CASE WHEN $6::boolean THEN $7::timestamptz ELSE "emailVerified" END,
       image = CASE WHEN $8::boolean THEN $9::text ELSE image END
     WHERE id = $1 RETURNING ${userColumns}`,
  ),
  // One address, one user, also where users.email has no UNIQUE: checked under the address's
  // advisory lock. $2 is the user being updated (null for a new one).
  emailTaken: query("email_taken", `SELECT 1 AS taken FROM users WHERE email = $1 AND ($2::text IS NULL OR id::text <> $2::text) LIMIT 1`),
  // deleteUser runs these in one transaction: the user row is locked first, so a session or
  // account being written for it at that moment waits and then finds no owner. The Auth.js schema
  // has no foreign keys to cascade; the authenticators table exists only once migrate() ran.
  lockUserForDelete: query(
    "lock_user_for_delete",
    `SELECT users.id::text AS id, to_regclass('authenticators') IS NOT NULL AS "hasAuthenticators",
       to_regclass('password_hashes') IS NOT NULL AS "hasPasswordHashes"
     FROM users WHERE id = $1 FOR UPDATE`,
  ),
  // Also removeUserAttachments's three deletes (it keeps the user): what they remove is returned for its event.
  deleteSessionsOfUser: query("delete_sessions_of_user", `DELETE FROM sessions WHERE "userId" = $1`),
  deletePasswordOfUser: query("delete_password_of_user", `DELETE FROM password_hashes WHERE "userId" = $1`),
  deleteAccountsOfUser: query("delete_accounts_of_user", `DELETE FROM accounts WHERE "userId" = $1 RETURNING ${accountColumns}`),
  deleteAuthenticatorsOfUser: query(
    "delete_authenticators_of_user",
    `DELETE FROM authenticators WHERE "userId" = $1 RETURNING ${authenticatorColumns}`,
  ),
  deleteUser: query("delete_user", `DELETE FROM users WHERE id = $1 RETURNING ${userColumns}`),

  // Rows that belong to a user are written only while that user exists: the owner row is
  // key-share locked by the same statement (a concurrent deleteUser waits, or is waited for), so
  // no foreign key is needed. No row back means no such user.
  insertAccount: query(
    "insert_account",
    `WITH owner AS (SELECT id FROM users WHERE id = $1 FOR KEY SHARE)
     INSERT INTO accounts ("userId", type, provider, "providerAccountId", access_token, refresh_token, id_token,
       expires_at, token_type, scope, session_state)
     SELECT owner.id, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::bigint, $9::text, $10::text, $11::text
     FROM owner RETURNING ${accountColumns}`,
  ),
  // One owner per provider account, also without UNIQUE (provider, "providerAccountId"): checked under its advisory lock.
  accountTaken: query("account_taken", `SELECT 1 AS taken FROM accounts WHERE provider = $1 AND "providerAccountId" = $2 LIMIT 1`),
  accountByProvider: query(
    "account_by_provider",
    `SELECT ${accountColumns} FROM accounts WHERE provider = $1 AND "providerAccountId" = $2`,
  ),
  deleteAccount: query(
    "delete_account",
    `DELETE FROM accounts WHERE provider = $1 AND "providerAccountId" = $2 RETURNING ${accountColumns}`,
  ),

  insertSession: query(
    "insert_session",
    `WITH owner AS (SELECT id FROM users WHERE id = $2 FOR KEY SHARE)
     INSERT INTO sessions ("sessionToken", "userId", expires) SELECT $1::text, owner.id, $3::timestamptz FROM owner
     RETURNING ${sessionColumns}`,
  ),
  // The whole lookup is one round trip: the session by its unique token, joined to its user.
  sessionAndUser: query(
    "session_and_user",
    `SELECT sessions."sessionToken", sessions."userId"::text AS "sessionUserId", sessions.expires AS "sessionExpires",
       ${userColumns}
     FROM sessions JOIN users ON users.id = sessions."userId"
     WHERE sessions."sessionToken" = $1`,
  ),
  updateSession: query(
    "update_session",
    `UPDATE sessions SET expires = coalesce($2, expires), "userId" = coalesce($3, "userId")
     WHERE "sessionToken" = $1 RETURNING ${sessionColumns}`,
  ),
  deleteSession: query("delete_session", `DELETE FROM sessions WHERE "sessionToken" = $1 RETURNING ${sessionColumns}`),

  // $2 is null for "all of them"; a token that is not the user's keeps nothing.
  deleteSessionsOfUserExcept: query(
    "delete_sessions_of_user_except",
    `DELETE FROM sessions WHERE "userId" = $1 AND ($2::text IS NULL OR "sessionToken" <> $2::text)`,
  ),

  insertVerificationToken: query(
    "insert_verification_token",
    `INSERT INTO verification_token (identifier, token, expires) VALUES ($1, $2, $3) RETURNING identifier, token, expires`,
  ),
  // Reading and deleting in one statement is what makes the token single-use, even across machines.
  useVerificationToken: query(
    "use_verification_token",
    `DELETE FROM verification_token WHERE identifier = $1 AND token = $2 RETURNING identifier, token, expires`,
  ),

  insertAuthenticator: query(
    "insert_authenticator",
    `WITH owner AS (SELECT id FROM users WHERE id = $2 FOR KEY SHARE)
     INSERT INTO authenticators ("credentialID", "userId", "providerAccountId", "credentialPublicKey", counter,
       "credentialDeviceType", "credentialBackedUp", transports)
     SELECT $1::text, owner.id, $3::text, $4::text, $5::bigint, $6::text, $7::boolean, $8::text FROM owner
     RETURNING ${authenticatorColumns}`,
  ),
  authenticatorById: query("authenticator_by_id", `SELECT ${authenticatorColumns} FROM authenticators WHERE "credentialID" = $1`),
  // Migration 11's column, and 12's: only on a database that has them (passkey-columns.ts).
  authenticatorsWithNameByUser: query(
    "authenticators_with_name_by_user",
    `SELECT ${authenticatorColumns}, name FROM authenticators WHERE "userId" = $1 ORDER BY "credentialID"`,
  ),
  authenticatorsWithNameAndDatesByUser: query(
    "authenticators_with_name_and_dates_by_user",
    `SELECT ${authenticatorColumns}, name, "createdAt", "lastUsedAt" FROM authenticators WHERE "userId" = $1 ORDER BY "credentialID"`,
  ),
  // The user's own only, as deleting.
  renameAuthenticator: query(
    "rename_authenticator",
    `UPDATE authenticators SET name = $3 WHERE "credentialID" = $2 AND "userId" = $1 RETURNING ${authenticatorColumns}, name`,
  ),
  accountsByUser: query(
    "accounts_by_user",
    `SELECT ${accountColumns} FROM accounts WHERE "userId" = $1 ORDER BY provider, "providerAccountId"`,
  ),
  // Migration 12's column: only on a database that has it (postgres-adapter.ts asks).
  accountsWithLinkedAtByUser: query(
    "accounts_with_linked_at_by_user",
    `SELECT ${accountColumns}, "linkedAt" FROM accounts WHERE "userId" = $1 ORDER BY provider, "providerAccountId"`,
  ),
  // The user's own only: a passkey of another user is never deleted through this query.
  deleteAuthenticator: query(
    "delete_authenticator",
    `DELETE FROM authenticators WHERE "credentialID" = $2 AND "userId" = $1 RETURNING ${authenticatorColumns}`,
  ),
  authenticatorsByUser: query(
    "authenticators_by_user",
    `SELECT ${authenticatorColumns} FROM authenticators WHERE "userId" = $1 ORDER BY "credentialID"`,
  ),
  updateAuthenticatorCounter: query(
    "update_authenticator_counter",
    `UPDATE authenticators SET counter = $2 WHERE "credentialID" = $1 RETURNING ${authenticatorColumns}`,
  ),
  // Migration 12's: every passkey sign-in counts, so this is when it was last used.
  updateAuthenticatorCounterAndLastUse: query(
    "update_authenticator_counter_and_last_use",
    `UPDATE authenticators SET counter = $2, "lastUsedAt" = now() WHERE "credentialID" = $1 RETURNING ${authenticatorColumns}, "lastUsedAt"`,
  ),
} as const

/**
 * The session statements of a database migrated to version 4, where the session metadata is
 * written and read too; `withAccount`, on one migrated to version 6, also the account the session
 * was signed in through ("providerAccountId", the insert's ninth value); `withAuthentication`, on
 * one migrated to version 7, also when and how its user signed in (the tenth and eleventh).
 */
export function sessionMetadataQueries(withAccount: boolean, withAuthentication = false) {
  const name = (base: string) => `${base}${withAccount ? "_and_account" : ""}${withAuthentication ? "_amr" : ""}`
  const columns = withAuthentication
    ? sessionMetadataAccountAndAuthenticationColumns
    : withAccount
      ? sessionMetadataAndAccountColumns
      : sessionMetadataColumns
  const account = `${withAccount ? `, "providerAccountId"` : ""}${withAuthentication ? `, "authenticatedAt", "authenticationMethods"` : ""}`
  return {
    insertSession: query(
      name("insert_session_with_metadata"),
      `WITH owner AS (SELECT id FROM users WHERE id = $2 FOR KEY SHARE)
       INSERT INTO sessions ("sessionToken", "userId", expires, "createdAt", "lastSeenAt", "userAgent", provider, "providerSessionId"${account})
       SELECT $1::text, owner.id, $3::timestamptz, $4::timestamptz, $5::timestamptz, $6::text, $7::text, $8::text${withAccount ? ", $9::text" : ""}${withAuthentication ? ", $10::timestamptz, $11::text" : ""}
       FROM owner RETURNING ${columns}`,
    ),
    // The whole lookup is one round trip: the session by its unique token, joined to its user.
    sessionAndUser: query(
      name("session_and_user_with_metadata"),
      `SELECT sessions."sessionToken", sessions."userId"::text AS "sessionUserId", sessions.expires AS "sessionExpires",
         sessions."createdAt" AS "sessionCreatedAt", sessions."lastSeenAt" AS "sessionLastSeenAt",
         sessions."userAgent" AS "sessionUserAgent", sessions.provider AS "sessionProvider",
         sessions."providerSessionId" AS "sessionProviderSessionId"${withAccount ? `, sessions."providerAccountId" AS "sessionProviderAccountId"` : ""}${
           withAuthentication
             ? `, sessions."authenticatedAt" AS "sessionAuthenticatedAt", sessions."authenticationMethods" AS "sessionAuthenticationMethods"`
             : ""
         },
         ${userColumns}
       FROM sessions JOIN users ON users.id = sessions."userId"
       WHERE sessions."sessionToken" = $1`,
    ),
    updateSession: query(
      name("update_session_with_metadata"),
      `UPDATE sessions SET expires = coalesce($2, expires), "userId" = coalesce($3, "userId"),
         "lastSeenAt" = coalesce($4::timestamptz, "lastSeenAt")${
           withAuthentication
             ? `, "authenticatedAt" = coalesce($5::timestamptz, "authenticatedAt"), "authenticationMethods" = coalesce($6::text, "authenticationMethods")`
             : ""
         }
       WHERE "sessionToken" = $1 RETURNING ${columns}`,
    ),
    // Session management: both go through sessions_user_id_idx. In creation order (the SERIAL id),
    // so a list is stable between two reads.
    sessionsOfUser: query(name("sessions_of_user"), `SELECT ${columns} FROM sessions WHERE "userId" = $1 ORDER BY id`),
    sessionsOfProviderSession: query(
      name("sessions_of_provider_session"),
      `SELECT ${columns} FROM sessions WHERE "providerSessionId" = $1 AND provider = $2 ORDER BY id`,
    ),
  }
}
