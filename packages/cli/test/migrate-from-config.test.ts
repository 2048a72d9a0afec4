/**
 * `gatehouse migrate` without --url or DATABASE_URL: the database is the one the app's own auth
 * config gives its adapter, found as `gatehouse doctor` finds the config (framework, .env files).
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { migrations as pgMigrations } from "@gatehouse/adapter-pg"
import { migrations as sqliteMigrations } from "@gatehouse/adapter-sqlite"
import Database from "better-sqlite3"
import { afterAll, describe, expect, test } from "vitest"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"
import { runCli } from "./support/run-cli.js"
import { scratchApps } from "./support/scratch-apps.js"

const { app, remove: removeApps } = scratchApps("migrate")
const databases: TemporaryDatabase[] = []

afterAll(async () => {
  removeApps()
  await Promise.all(databases.map((database) => database.drop()))
})

/** The URL as the CLI prints it: the user-info (here only a user name) is never printed. */
function shown(url: string): string {
  return url.replace(/^postgres:\/\/[^@/]*@/, "postgres://[redacted]@")
}

function versions(path: string): number[] {
  const db = new Database(path, { readonly: true })
  try {
    return db.prepare("SELECT version FROM gatehouse_migrations ORDER BY version").pluck().all() as number[]
  } finally {
    db.close()
  }
}

describe("a Next.js app on SQLite, its file named in .env.local", () => {
  const nextApp = () =>
    app("next-sqlite", {
      "package.json": JSON.stringify({ dependencies: { next: "^16", "@gatehouse/next": "*" } }),
      "auth.ts": `
        import NextAuth from "@gatehouse/next"
        import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
        export const { handlers, auth } = NextAuth(() => ({
          adapter: SQLiteAdapter(process.env.DATABASE_PATH ?? "wrong.db"),
          providers: [],
        }))
      `,
      ".env.local": "DATABASE_PATH=auth-from-config.db\n",
    })

  test("is migrated with no --url, and a second run changes nothing", async () => {
    const directory = nextApp()
    const all = sqliteMigrations.map((migration) => migration.version)
    const first = await runCli(["migrate"], { cwd: directory })
    expect(first.stderr).toBe("")
    expect(first.code).toBe(0)
    expect(first.stdout).toBe(
      "-- the database of auth.ts's adapter\n" +
        `SQLite auth-from-config.db: applied migration(s) ${all.join(", ")} (SQLiteAdapter applies them when auth.ts opens the file)\n` +
        "SQLite auth-from-config.db: up to date, nothing to run\n",
    )
    expect(versions(join(directory, "auth-from-config.db"))).toEqual(all)
    expect(existsSync(join(directory, "wrong.db"))).toBe(false)

    const second = await runCli(["migrate"], { cwd: directory })
    expect(second.code).toBe(0)
    expect(second.stdout).toBe("-- the database of auth.ts's adapter\nSQLite auth-from-config.db: up to date, nothing to run\n")
    expect((await runCli(["migrate", "--dry-run"], { cwd: directory })).code).toBe(0)
  })

  test("--dry-run says so, and fails, when loading the config already migrated the file", async () => {
    const directory = app("next-sqlite-dry", {
      "package.json": JSON.stringify({ dependencies: { next: "^16" } }),
      "auth.ts": `
        import NextAuth from "@gatehouse/next"
        import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
        export const { handlers } = NextAuth({ adapter: SQLiteAdapter("dry.db"), providers: [] })
      `,
    })
    const result = await runCli(["migrate", "--dry-run"], { cwd: directory })
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(
      "gatehouse migrate: --dry-run could not leave dry.db unchanged: loading auth.ts migrated it. For a dry run that changes nothing, give --url file:dry.db\n",
    )
  })
})

describe("an app on PostgreSQL, its pool built from the environment", () => {
  test("the module named on the command line: dry run first (nothing changed), then migrated", async () => {
    const database = await createTemporaryDatabase("cli_from_config")
    databases.push(database)
    const url = `postgres://${database.pool.options.user ?? "postgres"}@127.0.0.1:5432/${database.name}`
    const directory = app("pg", {
      "package.json": JSON.stringify({ dependencies: {} }),
      "server/auth-config.mjs": `
        import pg from "pg"
        import { PostgresAdapter } from "@gatehouse/adapter-pg"
        const pool = new pg.Pool({ connectionString: process.env.APP_DATABASE })
        export default { adapter: PostgresAdapter(pool), providers: [] }
      `,
      ".env": `APP_DATABASE=${url}\n`,
    })
    const dryRun = await runCli(["migrate", "server/auth-config.mjs", "--dry-run"], { cwd: directory })
    expect(dryRun.stderr).toBe("")
    expect(dryRun.stdout).toContain(`-- PostgreSQL ${shown(url)}: ${pgMigrations.length} migration(s) to run (dry run: nothing changed)`)
    const { rows: before } = await database.pool.query("SELECT to_regclass('gatehouse_migrations') IS NULL AS untouched")
    expect(before[0].untouched).toBe(true)

    const result = await runCli(["migrate", "server/auth-config.mjs"], { cwd: directory })
    expect(result.stderr).toBe("")
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(
      `-- the database of server/auth-config.mjs's adapter\nPostgreSQL ${shown(url)}: applied migration(s) ${pgMigrations.map((m) => m.version).join(", ")}\n`,
    )
    const { rows } = await database.pool.query("SELECT version FROM gatehouse_migrations ORDER BY version")
    expect(rows.map((row) => row.version)).toEqual(pgMigrations.map((m) => m.version))
  })
})

describe("what it cannot migrate", () => {
  test("a config without an adapter, or with one that does not say where it is, is named", async () => {
    const none = app("no-adapter", {
      "package.json": "{}",
      "auth.mjs": "export default { providers: [] }",
    })
    const noAdapter = await runCli(["migrate", "auth.mjs"], { cwd: none })
    expect(noAdapter.code).toBe(1)
    expect(noAdapter.stderr).toBe("gatehouse migrate: auth.mjs configures no adapter: there is no database to migrate\n")

    const foreign = app("foreign-adapter", {
      "package.json": "{}",
      "auth.mjs": "export default { adapter: { createUser() {}, getUser() {} }, providers: [] }",
    })
    const unknown = await runCli(["migrate", "auth.mjs"], { cwd: foreign })
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toBe(
      "gatehouse migrate: the adapter of auth.mjs does not say which database it is on (@gatehouse/adapter-sqlite and @gatehouse/adapter-pg do): give --url\n",
    )
  })

  test("an in-memory SQLite database", async () => {
    const directory = app("memory", {
      "package.json": "{}",
      "auth.mjs": `import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"\nexport default { adapter: SQLiteAdapter(":memory:"), providers: [] }`,
    })
    const result = await runCli(["migrate", "auth.mjs"], { cwd: directory })
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(
      "gatehouse migrate: the SQLite adapter of auth.mjs is on an in-memory database: there is nothing to migrate\n",
    )
  })
})
