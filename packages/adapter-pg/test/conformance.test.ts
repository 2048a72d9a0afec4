import { runAdapterConformance } from "@gatehouse/adapter-test"
import type pg from "pg"
import type { Adapter } from "@gatehouse/core/adapters"
import { migrate, PostgresAdapter } from "../src/index.js"
import { refuseDeletes } from "./support/refuse-deletes.js"
import { documentedSchema, strictSchema } from "./support/schemas.js"
import { createTemporaryDatabase, postgresInspector, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"

/**
 * The same suite on each schema an app may have: the adapter must answer the same on all of them.
 * Session management (listSessionsByUserId, deleteSessionsByUserId) and listSessionsByProviderSessionId
 * need the metadata columns of migration 4, which the Auth.js schemas lack: there those methods refuse
 * with MigrationRequiredError (session-metadata.test.ts), so the suite runs those groups on the
 * migrated database only. So do the second-factor methods, whose tables migration 7 creates, the password hashes (migration 8)
 * and the owned sessions (migration 9), and passkey names (migration 11); the account page's dates
 * (migration 12) are checked there only too (keepsDates).
 */
const schemas: { name: string; create: (pool: pg.Pool) => Promise<unknown>; migrated: boolean }[] = [
  { name: "the schema @auth/pg-adapter documents (no constraints)", create: (pool) => pool.query(documentedSchema), migrated: false },
  { name: "the strict schema.sql of the Auth.js repository", create: (pool) => pool.query(strictSchema), migrated: false },
  { name: "a database created by migrate()", create: (pool) => migrate(pool), migrated: true },
]

function withoutMigratedMethods(adapter: Adapter): Adapter {
  const {
    listSessionsByUserId: _list,
    deleteSessionsByUserId: _delete,
    listSessionsByProviderSessionId: _byProviderSession,
    getSecondFactor: _get,
    setSecondFactor: _set,
    deleteSecondFactor: _deleteSecondFactor,
    claimTotpStep: _claim,
    useBackupCode: _use,
    countSecondFactorFailure: _count,
    // owned_sessions is a table of its own (migration 9): an Auth.js schema has none.
    createOwnedSession: _createOwned,
    listOwnedSessions: _listOwned,
    touchOwnedSession: _touchOwned,
    revokeOwnedSession: _revokeOwned,
    revokeOwnedSessions: _revokeAllOwned,
    ownerOfOwnedSession: _ownerOfOwned,
    // password_hashes comes with migration 8.
    getPasswordHash: _getPassword,
    setPasswordHash: _setPassword,
    // authenticators.name comes with migration 11.
    renameAuthenticator: _rename,
    ...auth
  } = adapter
  return auth
}

for (const [index, schema] of schemas.entries()) {
  let database: TemporaryDatabase
  runAdapterConformance({
    name: `PostgresAdapter on ${schema.name}`,
    setup: async () => {
      database = await createTemporaryDatabase(`conformance${index}`)
      await schema.create(database.pool)
    },
    adapter: () => (schema.migrated ? PostgresAdapter(database.pool) : withoutMigratedMethods(PostgresAdapter(database.pool))),
    inspect: postgresInspector(() => database.pool),
    keepsDates: schema.migrated,
    failDeletes: refuseDeletes(() => database.pool),
    teardown: () => database?.drop(),
  })
}
