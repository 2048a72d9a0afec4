import type { Pool, PoolClient } from "pg"
import { redactUrl } from "@gatehouse/core/doctor"
import { loadOptional } from "./load-optional.js"
import { printPending } from "./print-pending.js"

interface Migration {
  version: number
  description: string
  sql: string
}

/** A row the next migration cannot live with, found with read-only queries. */
export interface Blocker {
  /** The constraint or index that would fail. */
  constraint: string
  problem: string
  /** A few of the offending values. */
  examples: string[]
  fix: string
}

/**
 * PostgreSQL through @gatehouse/adapter-pg's migrate(). The dry run and the report of what blocks
 * an upgrade are the CLI's own: adapter-pg's migrate() applies or fails, so the CLI reads the
 * ledger (gatehouse_migrations) and, for the migrations still to run, looks for the rows their
 * unique indexes, NOT NULL columns and foreign keys would trip over, inside a read-only transaction.
 */
export async function migratePostgres(url: string, dryRun: boolean): Promise<number> {
  const { default: pg } = await loadOptional("pg", "Migrating PostgreSQL", () => import("pg"))
  return migratePostgresPool(new pg.Pool({ connectionString: url, max: 1 }), `PostgreSQL ${redactUrl(url)}`, dryRun)
}

/** The same on a pool (the app's own, found through its config), which it ends when done. */
export async function migratePostgresPool(pool: Pool, where: string, dryRun: boolean): Promise<number> {
  try {
    const adapter = await loadOptional("@gatehouse/adapter-pg", "Migrating PostgreSQL", () => import("@gatehouse/adapter-pg"))
    const plan = await readPlan(pool, adapter.migrations)
    if (dryRun) {
      if (plan.pending.length === 0) {
        process.stdout.write(`${where}: up to date, nothing to run\n`)
        return 0
      }
      process.stdout.write(`-- ${where}: ${plan.pending.length} migration(s) to run (dry run: nothing changed)\n`)
      if (plan.existingTables.length) {
        process.stdout.write(`-- existing tables kept as they are: ${plan.existingTables.join(", ")}\n`)
        for (const migration of plan.pending) process.stdout.write(`-- would add (${migration.version}): ${migration.description}\n`)
      }
      process.stdout.write("\n")
      printPending(plan.pending)
      printBlockers(plan.blockers)
      return plan.blockers.length ? 1 : 0
    }
    if (plan.blockers.length) {
      process.stderr.write(`${where}: not migrated, existing data stands in the way\n`)
      printBlockers(plan.blockers)
      return 1
    }
    const done = await adapter.migrate(pool)
    process.stdout.write(done.length ? `${where}: applied migration(s) ${done.join(", ")}\n` : `${where}: up to date, nothing to run\n`)
    return 0
  } finally {
    pool.on("error", () => {})
    await pool.end()
  }
}

function printBlockers(blockers: Blocker[]) {
  if (blockers.length === 0) return
  process.stderr.write(`-- blocked: ${blockers.length} problem(s) in the existing data\n`)
  for (const blocker of blockers) {
    process.stderr.write(`--   ${blocker.constraint}: ${blocker.problem}\n`)
    if (blocker.examples.length) process.stderr.write(`--     e.g. ${blocker.examples.join("; ")}\n`)
    process.stderr.write(`--     fix: ${blocker.fix}\n`)
  }
}

/** Which migrations are still to run, which Auth.js tables exist, and what stands in their way. */
export async function readPlan(
  pool: Pool,
  migrations: readonly Migration[],
): Promise<{ pending: Migration[]; existingTables: string[]; blockers: Blocker[] }> {
  const client = await pool.connect()
  try {
    await client.query("BEGIN READ ONLY")
    const { rows: ledger } = await client.query<{ present: boolean }>("SELECT to_regclass('gatehouse_migrations') IS NOT NULL AS present")
    const applied = new Set<number>()
    if (ledger[0]!.present) {
      const { rows } = await client.query<{ version: number }>("SELECT version FROM gatehouse_migrations")
      for (const row of rows) applied.add(row.version)
    }
    const pending = migrations.filter((migration) => !applied.has(migration.version))
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ANY($1) ORDER BY 1",
      [["users", "accounts", "sessions", "verification_token", "authenticators"]],
    )
    const blockers: Blocker[] = []
    for (const migration of pending) blockers.push(...(await findBlockers(client, migration.sql)))
    return { pending, existingTables: tables.map((row) => row.name), blockers }
  } finally {
    await client.query("ROLLBACK").catch(() => {})
    client.release()
  }
}

const identifier = String.raw`"?[A-Za-z_][A-Za-z0-9_]*"?`
const columnList = String.raw`\(([^)]*)\)`
const uniqueIndex = new RegExp(
  String.raw`CREATE\s+UNIQUE\s+INDEX\s+(?:IF\s+NOT\s+EXISTS\s+)?(${identifier})\s+ON\s+(${identifier})\s*${columnList}`,
  "gi",
)
const uniqueConstraint = new RegExp(
  String.raw`ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(${identifier})\s+ADD\s+CONSTRAINT\s+(${identifier})\s+UNIQUE\s*${columnList}`,
  "gi",
)
const setNotNull = new RegExp(
  String.raw`ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(${identifier})\s+ALTER\s+(?:COLUMN\s+)?(${identifier})\s+SET\s+NOT\s+NULL`,
  "gi",
)
const foreignKey = new RegExp(
  String.raw`ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(${identifier})\s+ADD\s+CONSTRAINT\s+(${identifier})\s+FOREIGN\s+KEY\s*${columnList}\s*REFERENCES\s+(${identifier})\s*${columnList}([^;]*)`,
  "gi",
)

/** The rows that would make this migration's new constraints fail, for tables that already exist. */
async function findBlockers(client: PoolClient, sql: string): Promise<Blocker[]> {
  const blockers: Blocker[] = []
  const unique = [
    ...[...sql.matchAll(uniqueIndex)].map((m) => ({ name: m[1]!, table: m[2]!, columns: m[3]! })),
    ...[...sql.matchAll(uniqueConstraint)].map((m) => ({ name: m[2]!, table: m[1]!, columns: m[3]! })),
  ]
  for (const { name, table, columns } of unique) {
    if (!(await tableExists(client, table)) || (await relationExists(client, name))) continue
    const cols = splitColumns(columns)
    const { rows } = await client.query<{ value: string; n: number }>(
      `SELECT concat_ws(', ', ${cols.join(", ")}) AS value, count(*)::int AS n FROM ${table}
       WHERE ${cols.map((col) => `${col} IS NOT NULL`).join(" AND ")}
       GROUP BY ${cols.join(", ")} HAVING count(*) > 1 ORDER BY 2 DESC LIMIT 5`,
    )
    if (rows.length === 0) continue
    blockers.push({
      constraint: unquote(name),
      problem: `${unquote(table)} has rows sharing (${cols.map(unquote).join(", ")}), which must be unique`,
      examples: rows.map((row) => `${JSON.stringify(row.value)} ×${row.n}`),
      fix: `merge or delete the duplicates in ${unquote(table)}, then run migrate again`,
    })
  }
  for (const m of sql.matchAll(setNotNull)) {
    const [, table, column] = m as unknown as [string, string, string]
    if (!(await tableExists(client, table))) continue
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} IS NULL`)
    if (rows[0]!.n === 0) continue
    blockers.push({
      constraint: `${unquote(table)}.${unquote(column)} NOT NULL`,
      problem: `${rows[0]!.n} row(s) of ${unquote(table)} have no ${unquote(column)}`,
      examples: [],
      fix: `fill in or delete those rows, then run migrate again`,
    })
  }
  for (const m of sql.matchAll(foreignKey)) {
    const [, table, name, columns, target, targetColumns, rest] = m as unknown as string[]
    // NOT VALID keys hold for new rows only: old orphans do not stop them.
    if (/NOT\s+VALID/i.test(rest!) || !(await tableExists(client, table!)) || !(await tableExists(client, target!))) continue
    const from = splitColumns(columns!)
    const to = splitColumns(targetColumns!)
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} t WHERE ${from.map((c) => `t.${c} IS NOT NULL`).join(" AND ")}
       AND NOT EXISTS (SELECT 1 FROM ${target} r WHERE ${from.map((c, i) => `r.${to[i]} = t.${c}`).join(" AND ")})`,
    )
    if (rows[0]!.n === 0) continue
    blockers.push({
      constraint: unquote(name!),
      problem: `${rows[0]!.n} row(s) of ${unquote(table!)} point at no row of ${unquote(target!)}`,
      examples: [],
      fix: `delete those orphaned rows, then run migrate again`,
    })
  }
  return blockers
}

async function tableExists(client: PoolClient, table: string): Promise<boolean> {
  return relationExists(client, table)
}

async function relationExists(client: PoolClient, name: string): Promise<boolean> {
  const { rows } = await client.query<{ present: boolean }>("SELECT to_regclass($1) IS NOT NULL AS present", [name])
  return rows[0]!.present
}

function splitColumns(list: string): string[] {
  return list
    .split(",")
    .map((column) => column.trim())
    .filter(Boolean)
}

function unquote(name: string): string {
  return name.replace(/"/g, "")
}
