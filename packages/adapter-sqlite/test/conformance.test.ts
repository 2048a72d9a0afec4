import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Database from "better-sqlite3"
import { runAdapterConformance, type AttachmentKind, type RecordKind, type RowInspector } from "@gatehouse/adapter-test"
import { SQLiteAdapter } from "../src/index.js"

const tables: Record<RecordKind, { table: string; owner: string }> = {
  users: { table: "users", owner: "id" },
  accounts: { table: "accounts", owner: "user_id" },
  sessions: { table: "sessions", owner: "user_id" },
  verificationTokens: { table: "verification_tokens", owner: "identifier" },
  authenticators: { table: "authenticators", owner: "user_id" },
}

/** Counts rows through a second connection when there is a file, so the adapter's own connection is not trusted. */
function inspector(open: () => Database.Database): RowInspector {
  return {
    async count(kind, userId) {
      const { table, owner } = tables[kind]
      const db = open()
      const sql = userId === undefined ? `SELECT count(*) FROM ${table}` : `SELECT count(*) FROM ${table} WHERE ${owner} = ?`
      const statement = db.prepare(sql).pluck()
      return (userId === undefined ? statement.get() : statement.get(userId)) as number
    },
  }
}

/** The conformance suite's `failDeletes`: a trigger makes SQLite refuse every delete from the table. */
function refuseDeletes(open: () => Database.Database) {
  return async (kind: AttachmentKind) => {
    open().exec(
      `CREATE TRIGGER refuse_delete_${kind} BEFORE DELETE ON ${kind} BEGIN SELECT RAISE(ABORT, 'delete refused for the test'); END`,
    )
    return async () => void open().exec(`DROP TRIGGER IF EXISTS refuse_delete_${kind}`)
  }
}

describeFile()
describeMemory()

function describeFile() {
  let folder = ""
  let db: Database.Database | undefined
  let reader: Database.Database | undefined
  runAdapterConformance({
    name: "SQLiteAdapter on a database file",
    setup: () => {
      folder = mkdtempSync(join(tmpdir(), "gatehouse-sqlite-"))
    },
    adapter: () => {
      db = new Database(join(folder, "auth.db"))
      return SQLiteAdapter(db)
    },
    inspect: inspector(() => (reader ??= new Database(join(folder, "auth.db"), { readonly: true }))),
    failDeletes: refuseDeletes(() => db!),
    teardown: () => {
      reader?.close()
      db?.close()
      rmSync(folder, { recursive: true, force: true })
    },
  })
}

function describeMemory() {
  let db: Database.Database | undefined
  runAdapterConformance({
    name: "SQLiteAdapter in memory",
    adapter: () => {
      db = new Database(":memory:")
      return SQLiteAdapter(db)
    },
    inspect: inspector(() => db!),
    failDeletes: refuseDeletes(() => db!),
    teardown: () => db?.close(),
  })
}
