/**
 * Session management on the databases apps really have: an Auth.js database that was never
 * migrated, and a database migrated by the previous Gatehouse (versions 1 to 3). Migration 4 adds
 * the session metadata columns in place, keeping every row; until then the Auth.js methods keep
 * working and the session-management methods refuse with an error naming the migration.
 */
import AuthjsPostgresAdapter from "@auth/pg-adapter"
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest"
import { migrate, MigrationRequiredError, migrations, PostgresAdapter } from "../src/index.js"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"

const day = 86_400_000
const databases: TemporaryDatabase[] = []

afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()))
})

async function freshDatabase(label: string): Promise<TemporaryDatabase> {
  const database = await createTemporaryDatabase(label)
  databases.push(database)
  return database
}

/** The versions after `version`: what a database at that version is migrated by. */
const versionsAfter = (version: number) => migrations.map((migration) => migration.version).filter((v) => v > version)

/** Every session row as stored, by token: what a migration must not lose or change. */
async function sessionRows(database: TemporaryDatabase) {
  const { rows } = await database.pool.query(`SELECT id, "userId", expires, "sessionToken" FROM sessions ORDER BY id`)
  return rows
}

const metadata = {
  createdAt: new Date(1_750_000_000_000),
  lastSeenAt: new Date(1_750_000_100_000),
  userAgent: "Mozilla/5.0 (Macintosh) Firefox/133.0",
  provider: "google",
  providerSessionId: "idp-sid-1",
}

describe("an Auth.js database that was never migrated", () => {
  let database: TemporaryDatabase
  let authjsSession: { sessionToken: string; userId: string; expires: Date }
  // One adapter for the whole story, built before migrate() runs: as in an app that is not restarted.
  let gatehouse: ReturnType<typeof PostgresAdapter>

  beforeAll(async () => {
    database = await freshDatabase("metadata_authjs")
    await database.pool.query(migrations[0]!.sql)
    const authjs = AuthjsPostgresAdapter(database.pool)
    const user = await authjs.createUser!({ id: "", email: `ada-${crypto.randomUUID()}@example.test`, emailVerified: null })
    const session = await authjs.createSession!({
      sessionToken: crypto.randomUUID(),
      userId: String(user.id),
      expires: new Date(Date.now() + day),
    })
    authjsSession = { sessionToken: session.sessionToken, userId: String(user.id), expires: session.expires }
    gatehouse = PostgresAdapter(database.pool)
  })

  test("the Auth.js session methods keep working, with the metadata given left out", async () => {
    const sessionToken = crypto.randomUUID()
    const created = await gatehouse.createSession!({
      ...metadata,
      sessionToken,
      userId: authjsSession.userId,
      expires: new Date(Date.now() + day),
    })
    expect(created.sessionToken).toBe(sessionToken)
    expect(created.createdAt ?? null).toBeNull()
    await gatehouse.updateSession!({ sessionToken, expires: new Date(Date.now() + 2 * day), lastSeenAt: new Date() })
    const found = await gatehouse.getSessionAndUser!(sessionToken)
    expect(found?.user.id).toBe(authjsSession.userId)
    expect(found?.session.lastSeenAt ?? null).toBeNull()
    expect((await gatehouse.getSessionAndUser!(authjsSession.sessionToken))?.session.expires).toEqual(authjsSession.expires)
    await gatehouse.deleteSession!(sessionToken)
    expect(await gatehouse.getSessionAndUser!(sessionToken)).toBeNull()
  })

  test("listSessionsByUserId, deleteSessionsByUserId and listSessionsByProviderSessionId refuse, naming the migration, and delete nothing", async () => {
    const before = await sessionRows(database)
    for (const call of [
      () => gatehouse.listSessionsByUserId!(authjsSession.userId),
      () => gatehouse.deleteSessionsByUserId!(authjsSession.userId),
      () => gatehouse.listSessionsByProviderSessionId!("idp-sid-1", "google"),
    ]) {
      const error = await (async () => call())().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(MigrationRequiredError)
      expect((error as MigrationRequiredError).version).toBe(4)
      expect((error as Error).message).toMatch(
        /needs schema version 4 \(session metadata: .*\).*Run migrate\(pool\) once, or `npx @gatehouse\/cli migrate/,
      )
    }
    expect(await sessionRows(database)).toEqual(before)
  })

  test("the owned-session methods refuse with the same MigrationRequiredError, naming migration 9", async () => {
    const error = await (async () => gatehouse.listOwnedSessions!("app:credentials:1"))().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MigrationRequiredError)
    expect((error as MigrationRequiredError).version).toBe(9)
    expect((error as Error).message).toMatch(
      /listOwnedSessions\(\) needs schema version 9 \(owned_sessions: .*\).*Run migrate\(pool\) once/,
    )
  })

  test("migrate() adds the columns in place, keeping every row as it was, with unknown metadata", async () => {
    const before = await sessionRows(database)
    const counts = () =>
      database.pool.query("SELECT (SELECT count(*) FROM users)::int AS u, (SELECT count(*) FROM accounts)::int AS a").then((r) => r.rows[0])
    const countsBefore = await counts()
    expect(await migrate(database.pool)).toEqual(migrations.map((migration) => migration.version))
    expect(await sessionRows(database)).toEqual(before)
    expect(await counts()).toEqual(countsBefore)
    const { rows } = await database.pool.query(
      `SELECT column_name, is_nullable, data_type FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = 'sessions' AND column_name IN ('createdAt', 'lastSeenAt', 'userAgent', 'provider', 'providerSessionId')
       ORDER BY column_name`,
    )
    expect(rows).toEqual([
      { column_name: "createdAt", is_nullable: "YES", data_type: "timestamp with time zone" },
      { column_name: "lastSeenAt", is_nullable: "YES", data_type: "timestamp with time zone" },
      { column_name: "provider", is_nullable: "YES", data_type: "text" },
      { column_name: "providerSessionId", is_nullable: "YES", data_type: "text" },
      { column_name: "userAgent", is_nullable: "YES", data_type: "text" },
    ])
  })

  test("an adapter built before the migration picks it up without a restart", async () => {
    // Its last look at the schema (the tests above) found no columns; the session-management methods look again.
    const listed = await gatehouse.listSessionsByUserId!(authjsSession.userId)
    expect(listed).toEqual([
      {
        ...authjsSession,
        createdAt: null,
        lastSeenAt: null,
        userAgent: null,
        provider: null,
        providerSessionId: null,
        providerAccountId: null,
        authenticatedAt: null,
        authenticationMethods: null,
      },
    ])
    const sessionToken = crypto.randomUUID()
    await gatehouse.createSession!({ ...metadata, sessionToken, userId: authjsSession.userId, expires: new Date(Date.now() + day) })
    expect((await gatehouse.getSessionAndUser!(sessionToken))?.session).toMatchObject(metadata)
    expect(await gatehouse.deleteSessionsByUserId!(authjsSession.userId, { except: sessionToken })).toBe(1)
    expect((await gatehouse.listSessionsByUserId!(authjsSession.userId)).map((s) => s.sessionToken)).toEqual([sessionToken])
  })

  test("@auth/pg-adapter still reads and writes sessions on the migrated table (a way back)", async () => {
    const authjs = AuthjsPostgresAdapter(database.pool)
    const session = await authjs.createSession!({
      sessionToken: crypto.randomUUID(),
      userId: authjsSession.userId,
      expires: new Date(Date.now() + day),
    })
    const viaAuthjs = await authjs.getSessionAndUser!(session.sessionToken)
    expect(String(viaAuthjs?.user.id)).toBe(authjsSession.userId)
    const viaGatehouse = await gatehouse.listSessionsByUserId!(authjsSession.userId)
    expect(viaGatehouse.find((s) => s.sessionToken === session.sessionToken)?.createdAt).toBeNull()
  })
})

describe("a database migrated by the previous Gatehouse (schema versions 1 to 3)", () => {
  test("gets the migrations after 3 only, keeping its sessions", async () => {
    const database = await freshDatabase("metadata_v3")
    // What migrate() of the previous release left: its three migrations, recorded in the ledger.
    await database.pool.query(`
      CREATE TABLE gatehouse_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now());
      ${migrations
        .slice(0, 3)
        .map((m) => m.sql)
        .join("\n")}
      INSERT INTO gatehouse_migrations (version) VALUES (1), (2), (3);
    `)
    const old = PostgresAdapter(database.pool)
    const user = await old.createUser!({ id: "", email: "grace@example.test", emailVerified: null })
    const tokens = [crypto.randomUUID(), crypto.randomUUID()]
    for (const sessionToken of tokens) await old.createSession!({ sessionToken, userId: user.id, expires: new Date(Date.now() + day) })
    const before = await sessionRows(database)

    expect(await migrate(database.pool)).toEqual(versionsAfter(3))
    expect(await sessionRows(database)).toEqual(before)
    const listed = await PostgresAdapter(database.pool).listSessionsByUserId!(user.id)
    expect(listed.map((s) => s.sessionToken).sort()).toEqual([...tokens].sort())
    expect(listed.every((s) => s.createdAt === null && s.userAgent === null)).toBe(true)
    expect(await migrate(database.pool)).toEqual([])
  })
})

describe("a database at schema version 4 (session metadata, no index by provider session id)", () => {
  test("listSessionsByProviderSessionId works before migration 5 (reading the table), and migration 5 adds the index", async () => {
    const database = await freshDatabase("metadata_v4")
    await database.pool.query(`
      CREATE TABLE gatehouse_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now());
      ${migrations
        .slice(0, 4)
        .map((m) => m.sql)
        .join("\n")}
      INSERT INTO gatehouse_migrations (version) VALUES (1), (2), (3), (4);
    `)
    const adapter = PostgresAdapter(database.pool)
    const user = await adapter.createUser!({ id: "", email: "katherine@example.test", emailVerified: null })
    const sessionToken = crypto.randomUUID()
    await adapter.createSession!({ ...metadata, sessionToken, userId: user.id, expires: new Date(Date.now() + day) })
    const before = await sessionRows(database)
    expect((await adapter.listSessionsByProviderSessionId!("idp-sid-1", "google")).map((s) => s.sessionToken)).toEqual([sessionToken])
    expect(await migrate(database.pool)).toEqual(versionsAfter(4))
    expect(await sessionRows(database)).toEqual(before)
    const { rows } = await database.pool.query(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'sessions' AND indexname = 'sessions_provider_session_idx'",
    )
    expect(rows).toHaveLength(1)
    expect((await adapter.listSessionsByProviderSessionId!("idp-sid-1", "google")).map((s) => s.sessionToken)).toEqual([sessionToken])
  })
})

describe("a database at schema version 5 (no column for the account a session was signed in through)", () => {
  test("works as before, recording no account; migration 6 adds the column in place; the adapter picks it up without a restart", async () => {
    const database = await freshDatabase("metadata_v5")
    await database.pool.query(`
      CREATE TABLE gatehouse_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now());
      ${migrations
        .slice(0, 5)
        .map((m) => m.sql)
        .join("\n")}
      INSERT INTO gatehouse_migrations (version) VALUES (1), (2), (3), (4), (5);
    `)
    const adapter = PostgresAdapter(database.pool)
    const user = await adapter.createUser!({ id: "", email: "hedy@example.test", emailVerified: null })
    const expires = new Date(Date.now() + day)
    const older = crypto.randomUUID()
    const created = await adapter.createSession!({ ...metadata, providerAccountId: "sub-1", sessionToken: older, userId: user.id, expires })
    expect(created).toMatchObject({ ...metadata, providerAccountId: null })
    expect((await adapter.getSessionAndUser!(older))?.session).toMatchObject({ ...metadata, providerAccountId: null })
    expect(await adapter.listSessionsByUserId!(user.id)).toEqual([
      expect.objectContaining({ sessionToken: older, providerAccountId: null }),
    ])
    expect(await adapter.listSessionsByProviderSessionId!("idp-sid-1", "google")).toHaveLength(1)
    const before = await sessionRows(database)

    expect(await migrate(database.pool)).toEqual(versionsAfter(5))
    expect(await sessionRows(database)).toEqual(before)
    const { rows } = await database.pool.query(
      `SELECT is_nullable, data_type FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = 'sessions' AND column_name = 'providerAccountId'`,
    )
    expect(rows).toEqual([{ is_nullable: "YES", data_type: "text" }])

    // Its last look at the schema is at most 30 s old; past that it looks again.
    vi.useFakeTimers({ toFake: ["Date"] })
    try {
      vi.setSystemTime(Date.now() + 31_000)
      const newer = crypto.randomUUID()
      await adapter.createSession!({ ...metadata, providerAccountId: "sub-1", sessionToken: newer, userId: user.id, expires })
      expect((await adapter.getSessionAndUser!(newer))?.session.providerAccountId).toBe("sub-1")
      const listed = await adapter.listSessionsByUserId!(user.id)
      expect(listed.map((s) => [s.sessionToken, s.providerAccountId])).toEqual([
        [older, null],
        [newer, "sub-1"],
      ])
    } finally {
      vi.useRealTimers()
    }
  })
})

describe("finding sessions by the provider's session id", () => {
  test("reads the index sessions_provider_session_idx, never the whole table", async () => {
    const database = await freshDatabase("provider_session_plan")
    await migrate(database.pool)
    const client = await database.pool.connect()
    try {
      await client.query("SET enable_seqscan = off")
      const { rows } = await client.query(
        `EXPLAIN SELECT * FROM sessions WHERE "providerSessionId" = 'sid-1' AND provider = 'google' ORDER BY id`,
      )
      const plan = rows.map((row) => row["QUERY PLAN"]).join("\n")
      expect(plan).toMatch(/Index Scan using sessions_provider_session_idx|Bitmap Index Scan on sessions_provider_session_idx/)
      expect(plan).not.toMatch(/Seq Scan/)
    } finally {
      client.release()
    }
  })
})

describe("listing and deleting a user's sessions", () => {
  test('read the index on sessions."userId", never the whole table', async () => {
    const database = await freshDatabase("metadata_plan")
    await migrate(database.pool)
    const client = await database.pool.connect()
    try {
      // The table is tiny here, so the planner would scan it anyway: forbid that, and see what is left.
      await client.query("SET enable_seqscan = off")
      for (const sql of [
        `SELECT * FROM sessions WHERE "userId" = 1 ORDER BY id`,
        `DELETE FROM sessions WHERE "userId" = 1 AND ('t'::text IS NULL OR "sessionToken" <> 't'::text)`,
      ]) {
        const { rows } = await client.query(`EXPLAIN ${sql}`)
        expect(rows.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(
          /Index Scan using sessions_user_id_idx|Bitmap Index Scan on sessions_user_id_idx/,
        )
      }
    } finally {
      client.release()
    }
  })
})
