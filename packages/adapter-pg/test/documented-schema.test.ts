/**
 * PostgresAdapter on the schema most Auth.js databases were created from (@auth/pg-adapter's
 * documented DDL: no foreign keys, no UNIQUE on users.email), where the database enforces nothing
 * and the adapter must: races between instances, deletes without cascades, and migrate() adopting
 * such a database — or saying precisely which rows stop it.
 */
import { afterAll, describe, expect, test } from "vitest"
import { migrate, MigrationBlockedError, migrations, PostgresAdapter } from "../src/index.js"
import { documentedSchema } from "./support/schemas.js"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"

const databases: TemporaryDatabase[] = []
async function documentedDatabase(label: string): Promise<TemporaryDatabase> {
  const database = await createTemporaryDatabase(label)
  databases.push(database)
  await database.pool.query(documentedSchema)
  return database
}
afterAll(() => Promise.all(databases.map((database) => database.drop())))

const email = () => `user-${crypto.randomUUID()}@example.test`
const count = async (database: TemporaryDatabase, sql: string, values: unknown[] = []) =>
  Number((await database.pool.query<{ n: string }>(sql, values)).rows[0]!.n)

describe("PostgresAdapter on the documented Auth.js schema", () => {
  test("sign-ups racing on separate pools (separate instances) with one address create one user", async () => {
    const database = await documentedDatabase("documented_race")
    const second = (await import("pg")).default.Pool
    const otherInstance = new second({ host: "127.0.0.1", user: "postgres", database: database.name, max: 4 })
    try {
      const adapters = [PostgresAdapter(database.pool), PostgresAdapter(otherInstance)]
      for (let round = 0; round < 5; round++) {
        const address = email()
        const results = await Promise.allSettled(
          Array.from({ length: 8 }, (_, i) => adapters[i % 2]!.createUser!({ id: "", email: address, emailVerified: null })),
        )
        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1)
        for (const r of results) {
          if (r.status === "rejected")
            expect(r.reason).toMatchObject({
              name: "AdapterConflictError",
              code: "duplicate-email",
              message: "A user with this email already exists",
            })
        }
        expect(await count(database, "SELECT count(*) AS n FROM users WHERE email = $1", [address])).toBe(1)
      }
    } finally {
      await otherInstance.end()
    }
  })

  test("a session written while its user is deleted never outlives the user", async () => {
    const database = await documentedDatabase("documented_delete_race")
    const adapter = PostgresAdapter(database.pool)
    for (let round = 0; round < 10; round++) {
      const user = await adapter.createUser!({ id: "", email: email(), emailVerified: null })
      const writes = Array.from({ length: 4 }, () =>
        adapter.createSession!({ sessionToken: crypto.randomUUID(), userId: user.id, expires: new Date(Date.now() + 60_000) }),
      )
      const [deleted, ...sessions] = await Promise.allSettled([adapter.deleteUser!(user.id), ...writes])
      expect(deleted.status).toBe("fulfilled")
      for (const session of sessions) {
        if (session.status === "rejected") expect(session.reason).toMatchObject({ code: "unknown-user" })
      }
      expect(await count(database, `SELECT count(*) AS n FROM sessions WHERE "userId" = $1`, [user.id])).toBe(0)
    }
  })

  test("a failed delete changes nothing (one transaction)", async () => {
    const database = await documentedDatabase("documented_delete_atomic")
    const adapter = PostgresAdapter(database.pool)
    const user = await adapter.createUser!({ id: "", email: email(), emailVerified: null })
    await adapter.createSession!({ sessionToken: crypto.randomUUID(), userId: user.id, expires: new Date(Date.now() + 60_000) })
    await adapter.linkAccount!({ userId: user.id, type: "oidc", provider: "idp", providerAccountId: crypto.randomUUID() })
    // The last statement of the delete fails: the sessions and accounts deleted before it come back.
    await database.pool.query(`
      CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
      CREATE TRIGGER refuse_delete BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION refuse_delete();`)
    await expect(adapter.deleteUser!(user.id)).rejects.toThrow(/refused/)
    expect(await count(database, `SELECT count(*) AS n FROM sessions WHERE "userId" = $1`, [user.id])).toBe(1)
    expect(await count(database, `SELECT count(*) AS n FROM accounts WHERE "userId" = $1`, [user.id])).toBe(1)
  })

  test("deleteUser works on a database without an authenticators table (no passkeys, never migrated)", async () => {
    const database = await createTemporaryDatabase("documented_no_authenticators")
    databases.push(database)
    await database.pool.query(migrations[0]!.sql)
    const adapter = PostgresAdapter(database.pool)
    const user = await adapter.createUser!({ id: "", email: email(), emailVerified: null })
    await adapter.createSession!({ sessionToken: crypto.randomUUID(), userId: user.id, expires: new Date(Date.now() + 60_000) })
    expect((await adapter.deleteUser!(user.id))?.id).toBe(user.id)
    expect(await count(database, "SELECT count(*) AS n FROM sessions")).toBe(0)
  })
})

describe("migrate() on an existing documented-schema database", () => {
  test("reports duplicate e-mails and orphaned rows, changes nothing, and succeeds once they are resolved", async () => {
    const database = await createTemporaryDatabase("documented_blocked")
    databases.push(database)
    await database.pool.query(migrations[0]!.sql)
    const shared = email()
    const { rows: users } = await database.pool.query<{ id: number }>("INSERT INTO users (email) VALUES ($1), ($1), ($2) RETURNING id", [
      shared,
      email(),
    ])
    await database.pool.query(
      `INSERT INTO sessions ("userId", expires, "sessionToken") VALUES (9999, now(), 'orphan'), ($1, now(), 'kept')`,
      [users[2]!.id],
    )
    await database.pool.query(`INSERT INTO accounts ("userId", type, provider, "providerAccountId") VALUES (8888, 'oidc', 'idp', 'gone')`)

    const error = await migrate(database.pool).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(MigrationBlockedError)
    const blocked = error as MigrationBlockedError
    expect(blocked.blockers.map((b) => [b.kind, b.count])).toEqual([
      ["duplicate-email", 1],
      ["orphaned-session", 1],
      ["orphaned-account", 1],
    ])
    expect(blocked.blockers[0]!.examples).toEqual([`${shared} (users ${users[0]!.id}, ${users[1]!.id})`])
    expect(blocked.message).toContain(`${shared} (users ${users[0]!.id}, ${users[1]!.id})`)
    expect(blocked.message).toContain("session")
    // Nothing half-done: no ledger, no index, no authenticators table.
    const { rows } = await database.pool.query(
      "SELECT to_regclass('gatehouse_migrations') AS ledger, to_regclass('users_email_key') AS idx, to_regclass('authenticators') AS auth",
    )
    expect(rows[0]).toEqual({ ledger: null, idx: null, auth: null })

    // The adapter still refuses new duplicates meanwhile.
    await expect(PostgresAdapter(database.pool).createUser!({ id: "", email: shared, emailVerified: null })).rejects.toMatchObject({
      code: "duplicate-email",
    })

    await database.pool.query("DELETE FROM users WHERE id = $1", [users[1]!.id])
    await database.pool.query(`DELETE FROM sessions WHERE "userId" NOT IN (SELECT id FROM users)`)
    await database.pool.query(`DELETE FROM accounts WHERE "userId" NOT IN (SELECT id FROM users)`)
    expect(await migrate(database.pool)).toEqual(migrations.map((m) => m.version))
    await expect(database.pool.query("INSERT INTO users (email) VALUES ($1)", [shared])).rejects.toThrow(/users_email_key/)
    expect(await count(database, "SELECT count(*) AS n FROM sessions WHERE \"sessionToken\" = 'kept'")).toBe(1)
  })

  test("adds the constraints to a documented-schema database whose rows allow them", async () => {
    const database = await createTemporaryDatabase("documented_clean")
    databases.push(database)
    await database.pool.query(migrations[0]!.sql)
    await database.pool.query("INSERT INTO users (email) VALUES ($1), ($2)", [email(), email()])
    expect(await migrate(database.pool)).toEqual(migrations.map((m) => m.version))
    const { rows } = await database.pool.query<{ conname: string }>(
      "SELECT conname FROM pg_constraint WHERE conname IN ('accounts_user_id_fkey', 'sessions_user_id_fkey') ORDER BY conname",
    )
    expect(rows.map((r) => r.conname)).toEqual(["accounts_user_id_fkey", "sessions_user_id_fkey"])
  })
})
