import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { migrate, migrations } from "../src/index.js"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"

const allVersions = migrations.map((migration) => migration.version)
let databases: TemporaryDatabase[] = []

async function freshDatabase(label: string): Promise<TemporaryDatabase> {
  const database = await createTemporaryDatabase(label)
  databases.push(database)
  return database
}

afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()))
  databases = []
})

async function tableNames(database: TemporaryDatabase): Promise<string[]> {
  const { rows } = await database.pool.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  )
  return rows.map((row) => row.tablename)
}

describe("migrate(pool)", () => {
  let database: TemporaryDatabase
  beforeAll(async () => {
    database = await freshDatabase("migrate")
  })

  test("creates the Auth.js tables, the authenticators table and its ledger", async () => {
    expect(await migrate(database.pool)).toEqual(allVersions)
    expect(await tableNames(database)).toEqual([
      "accounts",
      "authenticators",
      "gatehouse_migrations",
      "owned_sessions",
      "password_hashes",
      "second_factor_backup_codes",
      "second_factor_failures",
      "second_factors",
      "sessions",
      "users",
      "verification_token",
    ])
  })

  test("uses the column names of @auth/pg-adapter's schema, and its naming for the session metadata columns", async () => {
    const { rows } = await database.pool.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name IN ('users', 'accounts', 'sessions', 'verification_token')
       ORDER BY table_name, column_name`,
    )
    const columns = (table: string) =>
      rows
        .filter((row) => row.table_name === table)
        .map((row) => row.column_name)
        .sort()
    expect(columns("users")).toEqual(["email", "emailVerified", "id", "image", "name"])
    // The Auth.js columns, plus the nullable metadata of migrations 4, 6 and 7, camel-cased and quoted like "sessionToken".
    expect(columns("sessions")).toEqual(
      [
        "expires",
        "id",
        "sessionToken",
        "userId",
        "createdAt",
        "lastSeenAt",
        "userAgent",
        "provider",
        "providerSessionId",
        "providerAccountId",
        "authenticatedAt",
        "authenticationMethods",
      ].sort(),
    )
    expect(columns("verification_token")).toEqual(["expires", "identifier", "token"])
    // And migration 12's "linkedAt", quoted the same way.
    expect(columns("accounts")).toEqual(
      [
        "access_token",
        "expires_at",
        "id",
        "id_token",
        "linkedAt",
        "provider",
        "providerAccountId",
        "refresh_token",
        "scope",
        "session_state",
        "token_type",
        "type",
        "userId",
      ].sort(),
    )
  })

  test("is idempotent: a second run applies nothing and changes nothing", async () => {
    const before = await tableNames(database)
    expect(await migrate(database.pool)).toEqual([])
    expect(await tableNames(database)).toEqual(before)
  })

  test("several processes migrating at once apply each migration exactly once", async () => {
    const racing = await freshDatabase("migrate_race")
    const applied = await Promise.all([migrate(racing.pool), migrate(racing.pool), migrate(racing.pool)])
    expect(applied.flat().sort((a, b) => a - b)).toEqual(allVersions)
    const { rows } = await racing.pool.query("SELECT version FROM gatehouse_migrations ORDER BY version")
    expect(rows.map((row) => row.version)).toEqual(allVersions)
  })

  test("refuses a database migrated by a newer Gatehouse, and leaves it untouched", async () => {
    const newer = await freshDatabase("migrate_newer")
    await migrate(newer.pool)
    await newer.pool.query("INSERT INTO gatehouse_migrations (version) VALUES (999)")
    await expect(migrate(newer.pool)).rejects.toThrow(/schema version 999.*Upgrade @gatehouse\/adapter-pg/)
    const { rows } = await newer.pool.query("SELECT version FROM gatehouse_migrations ORDER BY version")
    expect(rows.map((row) => row.version)).toEqual([...allVersions, 999])
  })
})
