import { parseArgs } from "node:util"
import { redactUrl } from "@gatehouse/core/doctor"
import type { Pool } from "pg"
import { UsageError } from "../usage-error.js"
import { findAppDatabase } from "./find-app-database.js"
import { migratePostgres, migratePostgresPool } from "./migrate-postgres.js"
import { migrateSqlite } from "./migrate-sqlite.js"

export async function migrateCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { url: { type: "string" }, "dry-run": { type: "boolean", default: false } },
    strict: true,
  })
  const dryRun = values["dry-run"]
  const url = values.url ?? process.env.DATABASE_URL
  if (!url) return migrateAppDatabase(positionals[0], dryRun)
  if (/^postgres(ql)?:\/\//i.test(url)) return migratePostgres(url, dryRun)
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url))
    throw new UsageError(`unsupported database URL ${JSON.stringify(redactUrl(url))}: use postgres://… or a SQLite file`)
  return migrateSqlite(url.replace(/^file:/, ""), dryRun)
}

/** Without a URL: the database of the adapter in the app's auth config. */
async function migrateAppDatabase(module: string | undefined, dryRun: boolean): Promise<number> {
  const { database, source } = await findAppDatabase(process.cwd(), module)
  if (database.dialect === "postgres") {
    const pool = database.pool as Pool
    const target = pool.options?.connectionString ? redactUrl(pool.options.connectionString) : `(the pool of ${source})`
    process.stdout.write(`-- the database of ${source}'s adapter\n`)
    return migratePostgresPool(pool, `PostgreSQL ${target}`, dryRun)
  }
  if (database.memory) throw new UsageError(`the SQLite adapter of ${source} is on an in-memory database: there is nothing to migrate`)
  process.stdout.write(`-- the database of ${source}'s adapter\n`)
  if (database.appliedOnOpen.length) {
    // SQLiteAdapter migrates the file it opens: loading the config already did it.
    process.stdout.write(
      `SQLite ${database.filename}: applied migration(s) ${database.appliedOnOpen.join(", ")} (SQLiteAdapter applies them when ${source} opens the file)\n`,
    )
    if (dryRun) {
      process.stderr.write(
        `gatehouse migrate: --dry-run could not leave ${database.filename} unchanged: loading ${source} migrated it. For a dry run that changes nothing, give --url file:${database.filename}\n`,
      )
      return 1
    }
  }
  return migrateSqlite(database.filename, dryRun)
}
