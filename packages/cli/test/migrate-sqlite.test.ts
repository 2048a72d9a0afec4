import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { migrations } from "@gatehouse/adapter-sqlite"
import Database from "better-sqlite3"
import { afterAll, expect, test } from "vitest"
import { runCli } from "./support/run-cli.js"

const directory = mkdtempSync(join(tmpdir(), "gatehouse-migrate-sqlite-"))
afterAll(() => rmSync(directory, { recursive: true, force: true }))
const all = migrations.map((migration) => migration.version)

function tables(path: string): string[] {
  const db = new Database(path, { readonly: true })
  try {
    return db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]
  } finally {
    db.close()
  }
}

test("--dry-run on a file that does not exist prints every migration's SQL and creates nothing", async () => {
  const path = join(directory, "fresh.db")
  const result = await runCli(["migrate", "--url", `file:${path}`, "--dry-run"])
  expect(result.code).toBe(0)
  expect(result.stdout).toContain(`-- SQLite ${path}: ${all.length} migration(s) to run (dry run: nothing changed)`)
  expect(result.stdout).toContain("-- migration 1: ")
  expect(result.stdout).toMatch(/^CREATE TABLE users \(/m)
  expect(existsSync(path)).toBe(false)
})

test("a fresh file (file: URL) is migrated, and a second run changes nothing", async () => {
  const path = join(directory, "fresh.db")
  const first = await runCli(["migrate", "--url", `file:${path}`])
  expect(first.code).toBe(0)
  expect(first.stdout).toBe(`SQLite ${path}: applied migration(s) ${all.join(", ")}\n`)
  const schema = tables(path)
  expect(schema).toEqual(
    expect.arrayContaining(["users", "accounts", "sessions", "verification_tokens", "authenticators", "gatehouse_migrations"]),
  )

  const second = await runCli(["migrate", "--url", `file:${path}`])
  expect(second.code).toBe(0)
  expect(second.stdout).toBe(`SQLite ${path}: up to date, nothing to run\n`)
  expect(tables(path)).toEqual(schema)
  const dryRun = await runCli(["migrate", "--url", path, "--dry-run"])
  expect(dryRun.stdout).toBe(`SQLite ${path}: up to date, nothing to run\n`)
})

test("a plain path works too, relative to where the command runs", async () => {
  const result = await runCli(["migrate", "--url", "plain.db"], { cwd: directory })
  expect(result.code).toBe(0)
  expect(result.stdout).toContain("SQLite plain.db: applied migration(s)")
  expect(tables(join(directory, "plain.db"))).toContain("users")
})

test("without a URL, outside an app, it says what to give", async () => {
  const result = await runCli(["migrate"], { cwd: directory })
  expect(result.code).toBe(1)
  expect(result.stderr).toBe(
    "gatehouse migrate: say which database: --url postgres://user@host/db, --url file:path.db or --url path.db (or DATABASE_URL), " +
      "or run it in a Next.js, SvelteKit or Qwik City app, or name the module holding the auth config (gatehouse migrate src/auth.ts)\n",
  )
})

test("a URL for another database is refused, its password hidden", async () => {
  const result = await runCli(["migrate", "--url", "mysql://root:hunter2@db/app"])
  expect(result.code).toBe(1)
  expect(result.stderr).toContain("unsupported database URL")
  expect(result.stderr).not.toContain("hunter2")
})

test("a database of the previous release gets the session metadata columns, keeping its sessions", async () => {
  const path = join(directory, "previous.db")
  const db = new Database(path)
  db.exec(migrations[0]!.sql)
  db.exec("CREATE TABLE gatehouse_migrations (version INTEGER PRIMARY KEY NOT NULL, applied_at INTEGER NOT NULL)")
  db.exec("INSERT INTO gatehouse_migrations VALUES (1, 0); INSERT INTO users (id, email) VALUES ('u1', 'ada@example.test')")
  db.exec("INSERT INTO sessions (session_token, user_id, expires) VALUES ('t1', 'u1', 1900000000000)")
  db.close()

  const dryRun = await runCli(["migrate", "--url", path, "--dry-run"])
  expect(dryRun.stdout).toContain("-- migration 2: session metadata")
  expect(dryRun.stdout).toContain("ALTER TABLE sessions ADD COLUMN user_agent TEXT;")
  const result = await runCli(["migrate", "--url", path])
  expect(result.stdout).toBe(
    `SQLite ${path}: applied migration(s) ${migrations
      .map((migration) => migration.version)
      .filter((version) => version > 1)
      .join(", ")}\n`,
  )
  const reader = new Database(path, { readonly: true })
  try {
    expect(reader.prepare("SELECT session_token, user_id, expires, created_at, user_agent FROM sessions").all()).toEqual([
      { session_token: "t1", user_id: "u1", expires: 1_900_000_000_000, created_at: null, user_agent: null },
    ])
  } finally {
    reader.close()
  }
})
