/**
 * The real databases the database-session end-to-end tests run on: a SQLite file in a temporary
 * folder and a fresh, uniquely named PostgreSQL database (127.0.0.1:5432, user postgres). Each
 * comes with plain-SQL access beside the adapter, so a test checks what was really stored.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Database from "better-sqlite3"
import { beforeEach } from "vitest"
import type { Adapter } from "../../../packages/core/src/adapters.js"
import { SQLiteAdapter } from "../../../packages/adapter-sqlite/src/index.js"
import { migrate, PostgresAdapter } from "../../../packages/adapter-pg/src/index.js"
import { createTemporaryDatabase } from "@gatehouse/test-kit/temporary-database"
import { useSuiteResource } from "@gatehouse/test-kit/use-suite-resource"
import { failInserts, stopFailingInserts } from "./postgres-faults.js"

export type TableName = "users" | "accounts" | "sessions"

export interface StoredSession {
  userId: string
  expires: Date
}

export interface SessionDatabase {
  adapter: Adapter
  /** The session row as stored, or null when there is none. */
  sessionRow(sessionToken: string): Promise<StoredSession | null>
  /** Rewrites a session's expiry behind the adapter's back (to age a session without waiting). */
  setSessionExpires(sessionToken: string, expires: Date): Promise<void>
  count(table: TableName): Promise<number>
  /** The user ids that own a linked account of `provider`. */
  accountOwners(provider: string): Promise<string[]>
  /** Makes every insert into `table` fail with a database error (a failure mid-sign-in), until `stopFailingInserts`. */
  failInserts(table: TableName): Promise<void>
  stopFailingInserts(table: TableName): Promise<void>
  /** Deletes every row, so each test starts from an empty database. */
  reset(): Promise<void>
  close(): Promise<void>
}

export interface SessionDatabaseKind {
  label: string
  open(): Promise<SessionDatabase>
}

export const sqliteDatabase: SessionDatabaseKind = {
  label: "SQLite file",
  async open() {
    const folder = mkdtempSync(join(tmpdir(), "gatehouse-db-sessions-"))
    const db = new Database(join(folder, "auth.db"))
    const adapter = SQLiteAdapter(db)
    return {
      adapter,
      async sessionRow(sessionToken) {
        const row = db.prepare("SELECT user_id, expires FROM sessions WHERE session_token = ?").get(sessionToken) as
          | { user_id: string; expires: number }
          | undefined
        return row ? { userId: String(row.user_id), expires: new Date(row.expires) } : null
      },
      async setSessionExpires(sessionToken, expires) {
        db.prepare("UPDATE sessions SET expires = ? WHERE session_token = ?").run(expires.valueOf(), sessionToken)
      },
      async count(table) {
        return db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number
      },
      async accountOwners(provider) {
        return (db.prepare("SELECT user_id FROM accounts WHERE provider = ?").pluck().all(provider) as unknown[]).map(String)
      },
      async failInserts(table) {
        db.exec(
          `CREATE TRIGGER refuse_insert_${table} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'insert refused for the test'); END`,
        )
      },
      async stopFailingInserts(table) {
        db.exec(`DROP TRIGGER IF EXISTS refuse_insert_${table}`)
      },
      async reset() {
        db.exec(
          "DELETE FROM sessions; DELETE FROM accounts; DELETE FROM verification_tokens; DELETE FROM authenticators; DELETE FROM users",
        )
      },
      async close() {
        db.close()
        rmSync(folder, { recursive: true, force: true })
      },
    }
  },
}

export const postgresDatabase: SessionDatabaseKind = {
  label: "PostgreSQL",
  async open() {
    const database = await createTemporaryDatabase("e2e_sessions")
    await migrate(database.pool)
    return { ...postgresRows(database.pool), adapter: PostgresAdapter(database.pool), close: () => database.drop() }
  },
}

/** Plain-SQL access to the Auth.js PostgreSQL schema (shared by Gatehouse's and Auth.js's adapters). */
export function postgresRows(pool: import("pg").Pool): Omit<SessionDatabase, "adapter" | "close"> {
  return {
    failInserts: (table) => failInserts(pool, table),
    stopFailingInserts: (table) => stopFailingInserts(pool, table),
    async reset() {
      // Gatehouse's own tables exist only once migrate() ran: an Auth.js schema (@auth/pg-adapter's) has none.
      const { rows } = await pool.query<{ name: string }>(
        "SELECT name FROM unnest($1::text[]) AS name WHERE to_regclass(name) IS NOT NULL",
        [["second_factors", "second_factor_backup_codes", "second_factor_failures", "owned_sessions", "password_hashes"]],
      )
      const tables = ["users", "accounts", "sessions", "verification_token", ...rows.map((row) => row.name)]
      await pool.query(`TRUNCATE ${tables.join(", ")} RESTART IDENTITY CASCADE`)
    },
    async sessionRow(sessionToken) {
      const { rows } = await pool.query<{ userId: number | string; expires: Date }>(
        `SELECT "userId", expires FROM sessions WHERE "sessionToken" = $1`,
        [sessionToken],
      )
      return rows[0] ? { userId: String(rows[0].userId), expires: rows[0].expires } : null
    },
    async setSessionExpires(sessionToken, expires) {
      await pool.query(`UPDATE sessions SET expires = $1 WHERE "sessionToken" = $2`, [expires, sessionToken])
    },
    async count(table) {
      const { rows } = await pool.query<{ count: string }>(`SELECT count(*) FROM ${table}`)
      return Number(rows[0]!.count)
    },
    async accountOwners(provider) {
      const { rows } = await pool.query<{ userId: number | string }>(`SELECT "userId" FROM accounts WHERE provider = $1`, [provider])
      return rows.map((row) => String(row.userId))
    },
  }
}

export const sessionDatabases: SessionDatabaseKind[] = [sqliteDatabase, postgresDatabase]

/**
 * Opens `kind` for the enclosing describe block, empties it before each test and closes it after
 * the block; the returned function gives the open database.
 */
export function useSessionDatabase(kind: SessionDatabaseKind): () => SessionDatabase {
  const db = useSuiteResource(
    () => kind.open(),
    (opened) => opened.close(),
  )
  beforeEach(() => db().reset())
  return db
}
