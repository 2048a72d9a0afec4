// The databases the load test runs on, made and dropped by it, and the checks of what they hold
// afterwards: no duplicate users, no half-written sign-ins, and a row for every live session.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Database from "better-sqlite3"
import pg from "pg"

const pgServer = {
  host: process.env.PGHOST ?? "127.0.0.1",
  port: Number(process.env.PGPORT ?? 5432),
  user: process.env.PGUSER ?? "postgres",
}

async function asAdmin(work, server = pgServer) {
  const client = new pg.Client({ ...server, database: "postgres" })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Row counts and the rows that should not exist, as one object (the same shape for both databases). */
function summarize(counts, liveTokens, storedTokens) {
  const stored = new Set(storedTokens)
  return { ...counts, liveSessionsWithoutRow: liveTokens.filter((t) => !stored.has(t)).length }
}

export function sqliteDatabase() {
  const folder = mkdtempSync(join(tmpdir(), "gatehouse-load-"))
  const file = join(folder, "auth.db")
  return {
    kind: "sqlite",
    serverEnv: { DB: "sqlite", SQLITE_FILE: file },
    async check(liveTokens) {
      const db = new Database(file, { readonly: true })
      try {
        const one = (sql) => db.prepare(sql).pluck().get()
        return summarize(
          {
            users: one("SELECT count(*) FROM users"),
            accounts: one("SELECT count(*) FROM accounts"),
            sessions: one("SELECT count(*) FROM sessions"),
            duplicateEmails: one("SELECT count(*) FROM (SELECT email FROM users GROUP BY email HAVING count(*) > 1)"),
            usersWithoutAccount: one("SELECT count(*) FROM users u WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = u.id)"),
            accountsWithoutUser: one("SELECT count(*) FROM accounts a WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.user_id)"),
            sessionsWithoutUser: one("SELECT count(*) FROM sessions s WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id)"),
          },
          liveTokens,
          db.prepare("SELECT session_token FROM sessions").pluck().all(),
        )
      } finally {
        db.close()
      }
    },
    async drop() {
      rmSync(folder, { recursive: true, force: true })
    },
  }
}

/** A fresh database on the shared PostgreSQL, or on `server` ({ host, port, user }: a private one). */
export async function postgresDatabase(server = pgServer) {
  const name = `gatehouse_load_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`
  await asAdmin((client) => client.query(`CREATE DATABASE ${name}`), server)
  return {
    kind: "pg",
    name,
    server,
    serverEnv: { DB: "pg", PG_DATABASE: name, PGHOST: server.host, PGPORT: String(server.port), PGUSER: server.user },
    async check(liveTokens) {
      const client = new pg.Client({ ...server, database: name })
      await client.connect()
      try {
        const one = async (sql) => Number((await client.query(sql)).rows[0].count)
        return summarize(
          {
            users: await one("SELECT count(*) FROM users"),
            accounts: await one("SELECT count(*) FROM accounts"),
            sessions: await one("SELECT count(*) FROM sessions"),
            duplicateEmails: await one("SELECT count(*) FROM (SELECT email FROM users GROUP BY email HAVING count(*) > 1) d"),
            usersWithoutAccount: await one(
              `SELECT count(*) FROM users u WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a."userId" = u.id)`,
            ),
            accountsWithoutUser: await one(
              `SELECT count(*) FROM accounts a WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a."userId")`,
            ),
            sessionsWithoutUser: await one(
              `SELECT count(*) FROM sessions s WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s."userId")`,
            ),
          },
          liveTokens,
          (await client.query(`SELECT "sessionToken" FROM sessions`)).rows.map((r) => r.sessionToken),
        )
      } finally {
        await client.end()
      }
    },
    /**
     * The outage: new connections refused and every open one killed (pg_terminate_backend), as
     * a crash or failover does to the app. Returns how many connections were killed.
     */
    async takeDown() {
      return asAdmin(async (client) => {
        await client.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`)
        const { rowCount } = await client.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
          [name],
        )
        return rowCount ?? 0
      }, server)
    },
    async bringBack() {
      await asAdmin((client) => client.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`), server)
    },
    async drop() {
      await asAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), server)
    },
  }
}
