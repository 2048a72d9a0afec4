import { migrations } from "@gatehouse/adapter-pg"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { runCli } from "./support/run-cli.js"

const server = "postgres://postgres@127.0.0.1:5432"
const all = migrations.map((migration) => migration.version)
const created: string[] = []

async function onMaintenance(sql: string) {
  const client = new pg.Client({ connectionString: `${server}/postgres` })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** A fresh, uniquely named database, dropped after the file. */
async function createDatabase(label: string): Promise<string> {
  const name = `gatehouse_cli_${label}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`
  await onMaintenance(`CREATE DATABASE ${name}`)
  created.push(name)
  return `${server}/${name}`
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values?: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(sql, values)).rows
  } finally {
    await client.end()
  }
}

async function schemaOf(url: string) {
  return query(
    url,
    `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' ORDER BY 1`,
  )
}

afterAll(async () => {
  for (const name of created) await onMaintenance(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
})

describe("a fresh PostgreSQL database", () => {
  let url: string
  beforeAll(async () => {
    url = await createDatabase("fresh")
  })

  test("--dry-run prints the SQL and changes nothing", async () => {
    const result = await runCli(["migrate", "--url", url, "--dry-run"])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`migration(s) to run (dry run: nothing changed)`)
    for (const migration of migrations) expect(result.stdout).toContain(`-- migration ${migration.version}: ${migration.description}`)
    expect(result.stdout).toContain("CREATE TABLE IF NOT EXISTS users")
    expect(await schemaOf(url)).toEqual([])
  })

  test("is migrated; a second run changes nothing", async () => {
    const first = await runCli(["migrate", "--url", url])
    expect(first.stderr).toBe("")
    expect(first.code).toBe(0)
    expect(first.stdout).toContain(`applied migration(s) ${all.join(", ")}`)
    const schema = await schemaOf(url)
    expect(schema.map((row: any) => row.name)).toEqual(
      expect.arrayContaining(["users", "accounts", "sessions", "verification_token", "authenticators", "users_email_key"]),
    )

    const second = await runCli(["migrate", "--url", url])
    expect(second.code).toBe(0)
    expect(second.stdout).toContain("up to date, nothing to run")
    expect(await schemaOf(url)).toEqual(schema)
    expect((await runCli(["migrate", "--url", url, "--dry-run"])).stdout).toContain("up to date, nothing to run")
  })
})

/** The schema the Auth.js PostgreSQL adapter documents, as an app that used it has it: migration 1 is exactly that DDL. */
const authjsSchema = migrations[0]!.sql

describe("an existing Auth.js PostgreSQL database", () => {
  let url: string
  beforeAll(async () => {
    url = await createDatabase("authjs")
    await query(url, authjsSchema)
    await query(
      url,
      `INSERT INTO users (name, email) VALUES ('Ada', 'ada@example.test'), ('Ada again', 'ada@example.test'), ('Grace', 'grace@example.test')`,
    )
    await query(url, `INSERT INTO accounts ("userId", type, provider, "providerAccountId") VALUES (3, 'oidc', 'google', 'g-1')`)
    await query(url, `INSERT INTO sessions ("userId", expires, "sessionToken") VALUES (3, now() + interval '1 day', 'token-1')`)
  })

  test("--dry-run reports what it would add and the rows that block it, changing nothing", async () => {
    const before = await schemaOf(url)
    const result = await runCli(["migrate", "--url", url, "--dry-run"])
    expect(result.code).toBe(1)
    expect(result.stdout).toContain("-- existing tables kept as they are: accounts, sessions, users, verification_token")
    for (const migration of migrations) expect(result.stdout).toContain(`-- would add (${migration.version}): ${migration.description}`)
    expect(result.stderr).toContain("--   users_email_key: users has rows sharing (email), which must be unique")
    expect(result.stderr).toContain('--     e.g. "ada@example.test" ×2')
    expect(result.stderr).toContain("--     fix: merge or delete the duplicates in users, then run migrate again")
    expect(await schemaOf(url)).toEqual(before)
  })

  test("migrate refuses while the duplicates are there, leaving the database as it was", async () => {
    const before = await schemaOf(url)
    const result = await runCli(["migrate", "--url", url])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain("not migrated, existing data stands in the way")
    expect(result.stderr).toContain("users_email_key")
    expect(await schemaOf(url)).toEqual(before)
  })

  test("once resolved, it is adopted without losing a row, and a second run changes nothing", async () => {
    await query(url, "DELETE FROM users WHERE name = 'Ada again'")
    const dryRun = await runCli(["migrate", "--url", url, "--dry-run"])
    expect(dryRun.code).toBe(0)
    expect(dryRun.stderr).toBe("")

    const first = await runCli(["migrate", "--url", url])
    expect(first.code).toBe(0)
    expect(first.stdout).toContain(`applied migration(s) ${all.join(", ")}`)
    const rows = await query(
      url,
      `SELECT (SELECT count(*)::int FROM users) AS u, (SELECT count(*)::int FROM accounts) AS a, (SELECT count(*)::int FROM sessions) AS s`,
    )
    expect(rows[0]).toEqual({ u: 2, a: 1, s: 1 })
    // The session survives with the metadata columns of migration 4, unknown for it.
    expect(
      await query(url, `SELECT "sessionToken", "createdAt", "lastSeenAt", "userAgent", provider, "providerSessionId" FROM sessions`),
    ).toEqual([{ sessionToken: "token-1", createdAt: null, lastSeenAt: null, userAgent: null, provider: null, providerSessionId: null }])
    const schema = await schemaOf(url)
    expect(schema.map((row: any) => row.name)).toEqual(expect.arrayContaining(["users_email_key", "authenticators"]))

    const second = await runCli(["migrate", "--url", url])
    expect(second.code).toBe(0)
    expect(second.stdout).toContain("up to date, nothing to run")
    expect(await schemaOf(url)).toEqual(schema)
  })
})
