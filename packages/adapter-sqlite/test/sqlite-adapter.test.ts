import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Database from "better-sqlite3"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { AdapterConflictError, migrate, migrations, SQLiteAdapter } from "../src/index.js"

const allVersions = migrations.map((migration) => migration.version)
/** The versions after `version`: what a database at that version is migrated by. */
const versionsAfter = (version: number) => allVersions.filter((v) => v > version)
let folder = ""
const opened: Database.Database[] = []

function open(name: string, options?: Database.Options): Database.Database {
  const db = new Database(join(folder, name), options)
  opened.push(db)
  return db
}

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), "gatehouse-sqlite-unit-"))
})

afterAll(() => {
  for (const db of opened) if (db.open) db.close()
  rmSync(folder, { recursive: true, force: true })
})

describe("SQLiteAdapter(filename)", () => {
  test("opens the file, creates the schema and works with no set-up", async () => {
    const file = join(folder, "by-name.db")
    const adapter = SQLiteAdapter(file)
    const user = await adapter.createUser!({ id: "ignored", email: "by-name@example.test", emailVerified: null })
    expect(user.id).not.toBe("ignored")
    const reader = open("by-name.db", { readonly: true })
    expect(reader.prepare("SELECT email FROM users").pluck().all()).toEqual(["by-name@example.test"])
  })

  test("runs the database in WAL mode with foreign keys enforced", () => {
    const db = open("pragmas.db")
    SQLiteAdapter(db)
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal")
    expect(db.pragma("foreign_keys", { simple: true })).toBe(1)
  })
})

describe("migrate(db)", () => {
  test("applies every migration once, records it, and is idempotent", () => {
    const db = open("migrate.db")
    expect(migrate(db)).toEqual(allVersions)
    expect(migrate(db)).toEqual([])
    SQLiteAdapter(db)
    expect(db.prepare("SELECT version FROM gatehouse_migrations ORDER BY version").pluck().all()).toEqual(allVersions)
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()
    expect(tables).toEqual([
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
      "verification_tokens",
    ])
  })

  test("leaves the application's user_version alone", () => {
    const db = open("user-version.db")
    db.pragma("user_version = 42")
    migrate(db)
    expect(db.pragma("user_version", { simple: true })).toBe(42)
  })

  test("refuses a database migrated by a newer Gatehouse, and changes nothing", () => {
    const db = open("newer.db")
    migrate(db)
    db.prepare("INSERT INTO gatehouse_migrations (version, applied_at) VALUES (999, 0)").run()
    expect(() => SQLiteAdapter(db)).toThrow(/schema version 999.*Upgrade @gatehouse\/adapter-sqlite/)
    expect(db.prepare("SELECT version FROM gatehouse_migrations ORDER BY version").pluck().all()).toEqual([...allVersions, 999])
  })
})

describe("a database made by the previous release (schema version 1)", () => {
  /** What SQLiteAdapter of the previous release left: migration 1 recorded, a user signed in twice. */
  function previousReleaseDatabase(name: string): Database.Database {
    const db = open(name)
    db.exec(migrations[0]!.sql)
    db.exec("CREATE TABLE gatehouse_migrations (version INTEGER PRIMARY KEY NOT NULL, applied_at INTEGER NOT NULL)")
    db.prepare("INSERT INTO gatehouse_migrations (version, applied_at) VALUES (1, 0)").run()
    db.prepare("INSERT INTO users (id, name, email) VALUES ('u1', 'Ada', 'ada@example.test'), ('u2', 'Grace', 'grace@example.test')").run()
    db.prepare(
      "INSERT INTO sessions (session_token, user_id, expires) VALUES ('t1', 'u1', 1900000000000), ('t2', 'u1', 1900000000001), ('t3', 'u2', 1)",
    ).run()
    return db
  }
  const sessionRows = (db: Database.Database) => db.prepare("SELECT session_token, user_id, expires FROM sessions ORDER BY 1").all()

  test("is migrated in place when the adapter opens it: every session kept, its metadata unknown", async () => {
    const db = previousReleaseDatabase("previous.db")
    const before = sessionRows(db)
    const adapter = SQLiteAdapter(db)
    expect(db.prepare("SELECT version FROM gatehouse_migrations ORDER BY version").pluck().all()).toEqual(allVersions)
    expect(sessionRows(db)).toEqual(before)
    const columns = db.prepare("SELECT name, \"notnull\" FROM pragma_table_info('sessions') ORDER BY cid").all()
    expect(columns).toEqual([
      { name: "session_token", notnull: 1 },
      { name: "user_id", notnull: 1 },
      { name: "expires", notnull: 1 },
      { name: "created_at", notnull: 0 },
      { name: "last_seen_at", notnull: 0 },
      { name: "user_agent", notnull: 0 },
      { name: "provider", notnull: 0 },
      { name: "provider_session_id", notnull: 0 },
      { name: "provider_account_id", notnull: 0 },
      { name: "authenticated_at", notnull: 0 },
      { name: "authentication_methods", notnull: 0 },
    ])
    const unknown = {
      createdAt: null,
      lastSeenAt: null,
      userAgent: null,
      provider: null,
      providerSessionId: null,
      providerAccountId: null,
      authenticatedAt: null,
      authenticationMethods: null,
    }
    expect(await adapter.listSessionsByUserId!("u1")).toEqual([
      { sessionToken: "t1", userId: "u1", expires: new Date(1_900_000_000_000), ...unknown },
      { sessionToken: "t2", userId: "u1", expires: new Date(1_900_000_000_001), ...unknown },
    ])
    expect((await adapter.getSessionAndUser!("t3"))?.user.name).toBe("Grace")
    expect(await adapter.deleteSessionsByUserId!("u1", { except: "t2" })).toBe(1)
    expect(sessionRows(db)).toEqual([before[1], before[2]])
  })

  test("migrate(db) applies the versions after 1 only, and the listing and deleting by user read an index", () => {
    const db = previousReleaseDatabase("previous-migrate.db")
    expect(migrate(db)).toEqual(versionsAfter(1))
    expect(migrate(db)).toEqual([])
    for (const sql of [
      "SELECT * FROM sessions WHERE user_id = 'u1'",
      "DELETE FROM sessions WHERE user_id = 'u1' AND session_token <> 't1'",
    ]) {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]
      expect(plan.map((step) => step.detail).join("\n")).toMatch(/USING INDEX sessions_by_user/)
    }
  })
})

describe("finding sessions by the provider's session id (migration 3)", () => {
  test("a database at version 2 gets the index, keeping its sessions; the lookup reads the index, never the whole table", async () => {
    const db = open("provider-session.db")
    db.exec(migrations[0]!.sql)
    db.exec(migrations[1]!.sql)
    db.exec("CREATE TABLE gatehouse_migrations (version INTEGER PRIMARY KEY NOT NULL, applied_at INTEGER NOT NULL)")
    db.prepare("INSERT INTO gatehouse_migrations (version, applied_at) VALUES (1, 0), (2, 0)").run()
    db.prepare("INSERT INTO users (id, name, email) VALUES ('u1', 'Ada', 'ada@example.test')").run()
    db.prepare(
      `INSERT INTO sessions (session_token, user_id, expires, provider, provider_session_id)
       VALUES ('t1', 'u1', 1900000000000, 'idp', 'sid-1'), ('t2', 'u1', 1900000000000, 'other-idp', 'sid-1'), ('t3', 'u1', 1900000000000, NULL, NULL)`,
    ).run()
    expect(migrate(db)).toEqual(versionsAfter(2))
    expect(db.prepare("SELECT count(*) FROM sessions").pluck().get()).toBe(3)
    const adapter = SQLiteAdapter(db)
    expect((await adapter.listSessionsByProviderSessionId!("sid-1", "idp")).map((s) => s.sessionToken)).toEqual(["t1"])
    const plan = db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT * FROM sessions WHERE provider_session_id = 'sid-1' AND provider = 'idp' ORDER BY created_at, session_token",
      )
      .all() as { detail: string }[]
    const steps = plan.map((step) => step.detail).join("\n")
    expect(steps).toMatch(/USING INDEX sessions_by_provider_session/)
    expect(steps).not.toMatch(/^SCAN sessions$/m)
  })
})

describe("the account a session was signed in through (migration 4)", () => {
  test("a database at version 3 gets the nullable column in place: its sessions kept, recording no account; new ones record theirs", async () => {
    const db = open("provider-account.db")
    for (const migration of migrations.slice(0, 3)) db.exec(migration.sql)
    db.exec("CREATE TABLE gatehouse_migrations (version INTEGER PRIMARY KEY NOT NULL, applied_at INTEGER NOT NULL)")
    db.prepare("INSERT INTO gatehouse_migrations (version, applied_at) VALUES (1, 0), (2, 0), (3, 0)").run()
    db.prepare("INSERT INTO users (id, name, email) VALUES ('u1', 'Ada', 'ada@example.test')").run()
    db.prepare(
      `INSERT INTO sessions (session_token, user_id, expires, created_at, provider, provider_session_id)
       VALUES ('t1', 'u1', 1900000000000, 1800000000000, 'idp', 'sid-1')`,
    ).run()
    const before = db.prepare("SELECT * FROM sessions").all() as object[]
    expect(migrate(db)).toEqual(versionsAfter(3))
    expect(db.prepare("SELECT * FROM sessions").all()).toEqual(
      before.map((row) => ({ ...row, provider_account_id: null, authenticated_at: null, authentication_methods: null })),
    )
    const adapter = SQLiteAdapter(db)
    expect((await adapter.listSessionsByUserId!("u1"))[0]).toMatchObject({ sessionToken: "t1", provider: "idp", providerAccountId: null })
    await adapter.createSession!({
      sessionToken: "t2",
      userId: "u1",
      expires: new Date(1_900_000_000_000),
      provider: "idp",
      providerAccountId: "sub-2",
    })
    expect((await adapter.getSessionAndUser!("t2"))?.session.providerAccountId).toBe("sub-2")
  })
})

describe("two connections to one file (two processes of one app)", () => {
  test("see each other's writes, and a verification token is still used once", async () => {
    const first = SQLiteAdapter(open("shared.db"))
    const second = SQLiteAdapter(open("shared.db"))
    const user = await first.createUser!({ id: "", email: "shared@example.test", emailVerified: null })
    expect((await second.getUserByEmail!("shared@example.test"))?.id).toBe(user.id)
    const token = { identifier: "shared@example.test", token: "digest", expires: new Date(Date.now() + 60_000) }
    await first.createVerificationToken!(token)
    const uses = await Promise.all([first.useVerificationToken!(token), second.useVerificationToken!(token)])
    expect(uses.filter(Boolean)).toHaveLength(1)
    await expect((async () => second.createUser!({ id: "", email: "shared@example.test", emailVerified: null }))()).rejects.toBeInstanceOf(
      AdapterConflictError,
    )
  })
})

describe("errors", () => {
  const adapter = SQLiteAdapter(":memory:")

  test("a duplicate email is an AdapterConflictError with code duplicate-email and the database error as cause", async () => {
    await adapter.createUser!({ id: "", email: "dup@example.test", emailVerified: null })
    const error = await (async () => adapter.createUser!({ id: "", email: "dup@example.test", emailVerified: null }))().catch((e) => e)
    expect(error).toBeInstanceOf(AdapterConflictError)
    expect(error.code).toBe("duplicate-email")
    expect(error.message).toBe("A user with this email already exists")
    expect(String(error.cause)).toMatch(/UNIQUE constraint failed: users\.email/)
  })

  test("records for a user that does not exist are refused as unknown-user", async () => {
    const expires = new Date(Date.now() + 60_000)
    await expect((async () => adapter.createSession!({ sessionToken: "s", userId: "nobody", expires }))()).rejects.toMatchObject({
      code: "unknown-user",
    })
    await expect(
      (async () => adapter.linkAccount!({ userId: "nobody", type: "oauth", provider: "p", providerAccountId: "a" }))(),
    ).rejects.toMatchObject({
      code: "unknown-user",
    })
    await expect((async () => adapter.updateUser!({ id: "nobody", name: "x" }))()).rejects.toMatchObject({ code: "unknown-user" })
  })

  test("deleting what does not exist returns null", async () => {
    expect(await adapter.deleteUser!("nobody")).toBeNull()
    expect(await adapter.deleteSession!("nothing")).toBeNull()
    expect(await adapter.unlinkAccount!({ provider: "p", providerAccountId: "nothing" })).toBeUndefined()
  })
})
