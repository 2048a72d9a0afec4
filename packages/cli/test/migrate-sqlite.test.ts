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

test("without a URL it says what to give", async () => {
  const result = await runCli(["migrate"])
  expect(result.code).toBe(1)
  expect(result.stderr).toBe("gatehouse migrate: say which database: --url postgres://user@host/db, --url file:path.db or --url path.db\n")
})

test("a URL for another database is refused, its password hidden", async () => {
  const result = await runCli(["migrate", "--url", "mysql://root:hunter2@db/app"])
  expect(result.code).toBe(1)
  expect(result.stderr).toContain("unsupported database URL")
  expect(result.stderr).not.toContain("hunter2")
})
