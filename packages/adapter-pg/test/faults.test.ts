import { afterAll, beforeAll, describe, expect, test, vi } from "vitest"
import pg from "pg"
import { AdapterConflictError, migrate, PostgresAdapter } from "../src/index.js"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"

let database: TemporaryDatabase

beforeAll(async () => {
  database = await createTemporaryDatabase("faults")
  await migrate(database.pool)
})

afterAll(() => database?.drop())

/** Kills every server process serving this database, as a server restart or failover would. */
async function terminateConnections(name: string): Promise<number> {
  const admin = new pg.Client({ host: "127.0.0.1", user: "postgres", database: "postgres" })
  await admin.connect()
  try {
    const { rowCount } = await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [name],
    )
    return rowCount ?? 0
  } finally {
    await admin.end()
  }
}

describe("PostgresAdapter under faults", () => {
  test("connections killed under an idle pool: no crash, a log line, and the next call works", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {})
    const adapter = PostgresAdapter(database.pool)
    const user = await adapter.createUser!({ id: "", email: `idle-${crypto.randomUUID()}@example.test`, emailVerified: null })
    // Fill the pool with idle connections, then kill them all.
    await Promise.all(Array.from({ length: 4 }, () => adapter.getUser!(user.id)))
    const killed = await terminateConnections(database.name)
    expect(killed).toBeGreaterThan(0)
    // Each dead connection is reported once the pool hears of it (a query issued before that
    // would fail once, which core reports as an AdapterError for that one request).
    await vi.waitFor(() => {
      const reports = logged.mock.calls.filter(([line]) => String(line).includes("idle database connection lost"))
      expect(reports).toHaveLength(killed)
    })
    // Without the adapter's listener the pool's "error" event would have ended the process by now.
    expect((await adapter.getUser!(user.id))?.email).toBe(user.email)
    logged.mockRestore()
  })

  test("connections killed in the middle of a transaction (createUser waiting on its address lock): the call rejects, nothing crashes", async () => {
    const adapter = PostgresAdapter(database.pool)
    const email = `locked-${crypto.randomUUID()}@example.test`
    // Another instance holds the address's lock, so createUser's transaction is open and waiting.
    const holder = new pg.Client({ host: "127.0.0.1", user: "postgres", database: database.name })
    holder.on("error", () => {})
    await holder.connect()
    await holder.query("SELECT pg_advisory_lock($1::int, hashtext($2))", [0x6768_0001, email])
    const waiting = Promise.resolve(adapter.createUser!({ id: "", email, emailVerified: null })).then(
      () => "created",
      (error: Error) => error,
    )
    await vi.waitFor(async () => {
      const { rows } = await database.pool.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
      expect(rows[0].n).toBeGreaterThan(0)
    })
    expect(await terminateConnections(database.name)).toBeGreaterThan(0)
    // Without a listener on the checked-out client its "error" event would have ended the process.
    expect(await waiting).toBeInstanceOf(Error)
    await holder.end().catch(() => {})
    // The pool may still hand out an idle connection that was killed with the others before it has
    // noticed: that one call rejects too; the next gets a live connection.
    const user = await vi.waitFor(async () => adapter.createUser!({ id: "", email, emailVerified: null }))
    expect(user.email).toBe(email)
  })

  test("a database that cannot be reached makes calls reject (for core to turn into AdapterError), not hang or crash", async () => {
    const unreachable = new pg.Pool({ host: "127.0.0.1", port: 1, user: "postgres", database: "none", connectionTimeoutMillis: 2000 })
    const adapter = PostgresAdapter(unreachable)
    await expect((async () => adapter.getSessionAndUser!("any"))()).rejects.toThrow(/ECONNREFUSED|connect/)
    await unreachable.end()
  })

  test("an application's own pool error listener is left in charge", async () => {
    const pool = new pg.Pool({ host: "127.0.0.1", user: "postgres", database: database.name })
    const ownListener = () => {}
    pool.on("error", ownListener)
    PostgresAdapter(pool)
    expect(pool.listeners("error")).toEqual([ownListener])
    await pool.end()
  })

  test("errors name what went wrong: unknown user, taken account", async () => {
    const adapter = PostgresAdapter(database.pool)
    const error = await (async () =>
      adapter.createSession!({ sessionToken: crypto.randomUUID(), userId: "not-an-id", expires: new Date() }))().catch((e) => e)
    expect(error).toBeInstanceOf(AdapterConflictError)
    expect(error.code).toBe("unknown-user")
    const user = await adapter.createUser!({ id: "", email: `acct-${crypto.randomUUID()}@example.test`, emailVerified: null })
    const account = { userId: user.id, type: "oauth" as const, provider: "github", providerAccountId: crypto.randomUUID() }
    await adapter.linkAccount!(account)
    await expect((async () => adapter.linkAccount!(account))()).rejects.toMatchObject({ code: "account-already-linked" })
  })

  test("deleteUser and lookups with ids that cannot exist find nothing instead of failing", async () => {
    const adapter = PostgresAdapter(database.pool)
    expect(await adapter.deleteUser!("not-an-id")).toBeNull()
    expect(await adapter.deleteUser!("99999999999999")).toBeNull()
    expect(await adapter.listAuthenticatorsByUserId!("not-an-id")).toEqual([])
  })
})
