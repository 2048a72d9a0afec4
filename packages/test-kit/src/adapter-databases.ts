/**
 * Gatehouse's real adapters, each on a database of its own, for suites that run every flow on
 * both: the SQLite adapter on an in-memory database, and the PostgreSQL adapter on a fresh,
 * migrated database (dropped afterwards). The database handle comes along, so a test can check
 * what was really stored.
 */
import Database from "better-sqlite3"
import type pg from "pg"
import { migrate, PostgresAdapter } from "../../adapter-pg/src/index.js"
import { SQLiteAdapter } from "../../adapter-sqlite/src/index.js"
import type { Adapter } from "../../core/src/adapters.js"
import { createTemporaryDatabase } from "./temporary-database.js"
import { useSuiteResource } from "./use-suite-resource.js"

export type AdapterDatabase =
  | { kind: "SQLite"; adapter: Adapter; sqlite: Database.Database; close(): Promise<void> }
  | { kind: "PostgreSQL"; adapter: Adapter; pool: pg.Pool; close(): Promise<void> }

export type AdapterDatabaseKind = AdapterDatabase["kind"]

/** For `describe.each`: one suite per database. */
export const adapterDatabaseKinds: readonly AdapterDatabaseKind[] = ["SQLite", "PostgreSQL"]

/** Opens a database of `kind` with its adapter; `label` names a PostgreSQL database (see createTemporaryDatabase). */
export async function openAdapterDatabase(kind: AdapterDatabaseKind, label: string): Promise<AdapterDatabase> {
  if (kind === "SQLite") {
    const sqlite = new Database(":memory:")
    return { kind, adapter: SQLiteAdapter(sqlite), sqlite, close: async () => void sqlite.close() }
  }
  const database = await createTemporaryDatabase(label)
  await migrate(database.pool)
  return { kind, adapter: PostgresAdapter(database.pool), pool: database.pool, close: () => database.drop() }
}

/** A database of `kind` for the enclosing suite: opened before its tests, closed after them. */
export function useAdapterDatabase(kind: AdapterDatabaseKind, label: string): () => AdapterDatabase {
  return useSuiteResource(
    () => openAdapterDatabase(kind, label),
    (database) => database.close(),
  )
}
