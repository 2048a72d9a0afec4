import { parseArgs } from "node:util"
import { UsageError } from "../usage-error.js"
import { migratePostgres } from "./migrate-postgres.js"
import { migrateSqlite } from "./migrate-sqlite.js"

export async function migrateCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { url: { type: "string" }, "dry-run": { type: "boolean", default: false } },
    strict: true,
  })
  const url = values.url ?? process.env.DATABASE_URL
  if (!url) throw new UsageError("say which database: --url postgres://user@host/db, --url file:path.db or --url path.db")
  const dryRun = values["dry-run"]
  if (/^postgres(ql)?:\/\//i.test(url)) return migratePostgres(url, dryRun)
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url))
    throw new UsageError(`unsupported database URL ${JSON.stringify(redact(url))}: use postgres://… or a SQLite file`)
  return migrateSqlite(url.replace(/^file:/, ""), dryRun)
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = "***"
    return parsed.href
  } catch {
    return url
  }
}
