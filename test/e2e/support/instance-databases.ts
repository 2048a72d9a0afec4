/**
 * The databases two instances of a test app share (the test's own and one in its own process,
 * support/ready-instance.ts): a SQLite file in a temporary folder and a fresh PostgreSQL database.
 * Each is named the way the second process's `DB_KIND` and `DB` environment open it again.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { migrate, PostgresAdapter } from "../../../packages/adapter-pg/src/index.js"
import { SQLiteAdapter } from "../../../packages/adapter-sqlite/src/index.js"
import type { Adapter } from "../../../packages/core/src/adapters.js"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"

export interface InstanceDatabase {
  kind: "sqlite" | "pg"
  /** What the second process opens: a file path or a database name. */
  name: string
  adapter: Adapter
  close(): Promise<void>
}

export const instanceDatabases: { label: string; open(): Promise<InstanceDatabase> }[] = [
  {
    label: "SQLite file",
    async open() {
      const folder = mkdtempSync(join(tmpdir(), "gatehouse-second-factor-"))
      const file = join(folder, "auth.db")
      return {
        kind: "sqlite",
        name: file,
        adapter: SQLiteAdapter(file),
        close: async () => rmSync(folder, { recursive: true, force: true }),
      }
    },
  },
  {
    label: "PostgreSQL",
    async open() {
      const database: TemporaryDatabase = await createTemporaryDatabase("second_factor")
      await migrate(database.pool)
      return { kind: "pg", name: database.name, adapter: PostgresAdapter(database.pool), close: () => database.drop() }
    },
  },
]
