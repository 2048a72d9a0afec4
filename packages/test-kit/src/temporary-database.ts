import pg from "pg"
import type { RecordKind, RowInspector } from "@gatehouse/adapter-test"

/** The PostgreSQL the tests use: local, trust authentication (CI starts it; see .ci/run). */
const server = { host: process.env.PGHOST ?? "127.0.0.1", port: Number(process.env.PGPORT ?? 5432), user: process.env.PGUSER ?? "postgres" }

export interface TemporaryDatabase {
  name: string
  pool: pg.Pool
  /** Closes the pool and drops the database, even if connections are still open. */
  drop(): Promise<void>
}

/** A fresh, uniquely named database, so parallel test files and parallel agents never share state. */
export async function createTemporaryDatabase(label: string): Promise<TemporaryDatabase> {
  const name = `gatehouse_${label}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`
  await onMaintenanceDatabase((client) => client.query(`CREATE DATABASE ${name}`))
  const pool = new pg.Pool({ ...server, database: name, max: 8 })
  let dropped = false
  return {
    name,
    pool,
    async drop() {
      if (dropped) return
      dropped = true
      // pool.end() resolves once it has asked its connections to close, not once the server has
      // let them go; DROP ... WITH (FORCE) may then kill one mid-goodbye, and the pool reports
      // that as an "error" event. Expected here, so it must not count as an unhandled error.
      pool.on("error", () => {})
      await pool.end().catch(() => {})
      await onMaintenanceDatabase((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    },
  }
}

async function onMaintenanceDatabase(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ ...server, database: "postgres" })
  await client.connect()
  try {
    await work(client)
  } finally {
    await client.end()
  }
}

const tables: Record<RecordKind, { table: string; owner: string }> = {
  users: { table: "users", owner: "id" },
  accounts: { table: "accounts", owner: `"userId"` },
  sessions: { table: "sessions", owner: `"userId"` },
  verificationTokens: { table: "verification_token", owner: "identifier" },
  authenticators: { table: "authenticators", owner: `"userId"` },
}

/** Counts rows with plain SQL, beside the adapter under test. */
export function postgresInspector(pool: () => pg.Pool): RowInspector {
  return {
    async count(kind, userId) {
      const { table, owner } = tables[kind]
      const result =
        userId === undefined
          ? await pool().query<{ count: string }>(`SELECT count(*) FROM ${table}`)
          : await pool().query<{ count: string }>(`SELECT count(*) FROM ${table} WHERE ${owner}::text = $1`, [userId])
      return Number(result.rows[0]!.count)
    },
  }
}
