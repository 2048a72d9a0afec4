import { existsSync } from "node:fs"
import { loadOptional } from "./load-optional.js"
import { printPending } from "./print-pending.js"

/** SQLite through @gatehouse/adapter-sqlite's migrate(); a dry run opens the file read-only (or not at all). */
export async function migrateSqlite(path: string, dryRun: boolean): Promise<number> {
  const adapter = await loadOptional("@gatehouse/adapter-sqlite", "Migrating SQLite", () => import("@gatehouse/adapter-sqlite"))
  const { default: Database } = await loadOptional("better-sqlite3", "Migrating SQLite", () => import("better-sqlite3"))
  if (dryRun) {
    let applied = new Set<number>()
    if (existsSync(path)) {
      const db = new Database(path, { readonly: true, fileMustExist: true })
      try {
        const ledger = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'gatehouse_migrations'").get()
        if (ledger) applied = new Set(db.prepare("SELECT version FROM gatehouse_migrations").pluck().all() as number[])
      } finally {
        db.close()
      }
    }
    const pending = adapter.migrations.filter((migration) => !applied.has(migration.version))
    if (pending.length === 0) {
      process.stdout.write(`SQLite ${path}: up to date, nothing to run\n`)
      return 0
    }
    process.stdout.write(`-- SQLite ${path}: ${pending.length} migration(s) to run (dry run: nothing changed)\n\n`)
    printPending(pending)
    return 0
  }
  const db = new Database(path)
  try {
    const done = adapter.migrate(db)
    process.stdout.write(
      done.length ? `SQLite ${path}: applied migration(s) ${done.join(", ")}\n` : `SQLite ${path}: up to date, nothing to run\n`,
    )
    return 0
  } finally {
    db.close()
  }
}
