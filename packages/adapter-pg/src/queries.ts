/**
 * Every statement the adapter runs. Each has a name, so node-postgres prepares it once per
 * connection and afterwards sends only the parameters. Ids are read as text: the contract
 * types them as strings, whether users.id is SERIAL (the Auth.js schema) or uuid/text.
 */
const userColumns = `users.id::text AS id, users.name, users.email, users."emailVerified", users.image`
const accountColumns = `"userId"::text AS "userId", type, provider, "providerAccountId", access_token, refresh_token,
  id_token, expires_at, token_type, scope, session_state`
const sessionColumns = `"sessionToken", "userId"::text AS "userId", expires`
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
  // Accounts, sessions and authenticators go with it through ON DELETE CASCADE.
  deleteUser: query("delete_user", `DELETE FROM users WHERE id = $1 RETURNING ${userColumns}`),

  insertAccount: query(
    "insert_account",
    `INSERT INTO accounts ("userId", type, provider, "providerAccountId", access_token, refresh_token, id_token,
       expires_at, token_type, scope, session_state)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${accountColumns}`,
  ),
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
    `INSERT INTO sessions ("sessionToken", "userId", expires) VALUES ($1, $2, $3) RETURNING ${sessionColumns}`,
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
    `INSERT INTO authenticators ("credentialID", "userId", "providerAccountId", "credentialPublicKey", counter,
       "credentialDeviceType", "credentialBackedUp", transports)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${authenticatorColumns}`,
  ),
  authenticatorById: query(
    "authenticator_by_id",
    `SELECT ${authenticatorColumns} FROM authenticators WHERE "credentialID" = $1`,
  ),
  authenticatorsByUser: query(
    "authenticators_by_user",
    `SELECT ${authenticatorColumns} FROM authenticators WHERE "userId" = $1 ORDER BY "credentialID"`,
  ),
  updateAuthenticatorCounter: query(
    "update_authenticator_counter",
    `UPDATE authenticators SET counter = $2 WHERE "credentialID" = $1 RETURNING ${authenticatorColumns}`,
  ),

  // removeUserAttachments: the three run in one transaction on one client (see the adapter).
  deleteAuthenticatorsOfUser: query(
    "delete_authenticators_of_user",
    `DELETE FROM authenticators WHERE "userId" = $1 RETURNING ${authenticatorColumns}`,
  ),
  deleteAccountsOfUser: query(
    "delete_accounts_of_user",
    `DELETE FROM accounts WHERE "userId" = $1 RETURNING ${accountColumns}`,
  ),
  deleteSessionsOfUser: query("delete_sessions_of_user", `DELETE FROM sessions WHERE "userId" = $1`),
} as const
