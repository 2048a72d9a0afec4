import type { Pool } from "pg"
import { findMigrationBlockers, MigrationBlockedError } from "./migration-blockers.js"
import { migrations } from "./schema.js"
import { inTransaction } from "./transaction.js"

/** The migration that adds constraints: existing rows are checked against them first. */
const constraintsVersion = 2

/** An arbitrary constant: the advisory lock every migrating process takes, so only one migrates at a time. */
const migrationLock = 0x6761_7465

/**
 * Brings the database up to date: creates the @auth/pg-adapter schema where it is missing,
 * then adds the constraints and tables Gatehouse needs. Idempotent; safe to call at every
 * start from every machine at once (an advisory lock serialises them). Returns the versions
 * it applied. On an existing database whose rows break the constraints it would add (two users
 * with one e-mail address, sessions of deleted users), it changes nothing and throws a
 * MigrationBlockedError listing those rows; the adapter keeps working on the schema as it is.
 */
export async function migrate(pool: Pool): Promise<number[]> {
  return inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1)", [migrationLock])
    await client.query(`
      CREATE TABLE IF NOT EXISTS gatehouse_migrations (
        version INTEGER PRIMARY KEY,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`)
    const { rows } = await client.query<{ version: number }>("SELECT version FROM gatehouse_migrations")
    const applied = new Set(rows.map((row) => row.version))
    const newest = Math.max(0, ...applied)
    const known = migrations[migrations.length - 1]?.version ?? 0
    if (newest > known) {
      throw new Error(
        `@gatehouse/adapter-pg: the database is at schema version ${newest}, newer than this adapter knows (${known}). Upgrade @gatehouse/adapter-pg.`,
      )
    }
    const done: number[] = []
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue
      if (migration.version === constraintsVersion) {
        // Report every offending row at once, before changing anything, rather than stopping at
        // the first index that cannot be built (the transaction undoes version 1 as well).
        const blockers = await findMigrationBlockers(client)
        if (blockers.length) throw new MigrationBlockedError(blockers)
      }
      await client.query(migration.sql)
      await client.query("INSERT INTO gatehouse_migrations (version) VALUES ($1)", [migration.version])
      done.push(migration.version)
    }
    return done
  })
}
