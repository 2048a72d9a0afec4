import type { Database } from "better-sqlite3"
import { migrations } from "./schema.js"

/** Which migrations a database has had; its own table so the app's `user_version` stays the app's. */
const createLedger = `
  CREATE TABLE IF NOT EXISTS gatehouse_migrations (
    version INTEGER PRIMARY KEY NOT NULL,
    applied_at INTEGER NOT NULL
  )`

/**
 * Brings the Gatehouse tables up to date. Idempotent and safe to run from several processes
 * at once: the check and the changes happen in one write transaction, so a second process
 * waits, then finds nothing left to do. Returns the versions it applied.
 */
export function migrate(db: Database): number[] {
  const applyPending = db.transaction(() => {
    db.exec(createLedger)
    const applied = new Set(db.prepare("SELECT version FROM gatehouse_migrations").pluck().all() as number[])
    const newest = Math.max(0, ...applied)
    const known = migrations[migrations.length - 1]?.version ?? 0
    if (newest > known) {
      throw new Error(
        `@gatehouse/adapter-sqlite: the database is at schema version ${newest}, newer than this adapter knows (${known}). Upgrade @gatehouse/adapter-sqlite.`,
      )
    }
    const record = db.prepare("INSERT INTO gatehouse_migrations (version, applied_at) VALUES (?, ?)")
    const done: number[] = []
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue
      db.exec(migration.sql)
      record.run(migration.version, Date.now())
      done.push(migration.version)
    }
    return done
  })
  return applyPending.immediate()
}
