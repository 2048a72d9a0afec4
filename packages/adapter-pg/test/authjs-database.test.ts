import AuthjsPostgresAdapter from "@auth/pg-adapter"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { migrate, migrations, PostgresAdapter } from "../src/index.js"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"

let database: TemporaryDatabase

beforeAll(async () => {
  database = await createTemporaryDatabase("authjs_existing")
  // An Auth.js database as it exists in the wild: the documented DDL, nothing more.
  await database.pool.query(migrations[0]!.sql)
})

afterAll(() => database?.drop())

describe("an existing Auth.js database", () => {
  let written: { userId: string; sessionToken: string; expires: Date; provider: string; providerAccountId: string }

  test("on the bare Auth.js schema nothing stops two users sharing an email (what migrate() adds)", async () => {
    const email = `shared-${crypto.randomUUID()}@example.test`
    const authjs = AuthjsPostgresAdapter(database.pool)
    await authjs.createUser!({ id: "", email, emailVerified: null })
    await authjs.createUser!({ id: "", email, emailVerified: null })
    const { rows } = await database.pool.query("SELECT count(*)::int AS n FROM users WHERE email = $1", [email])
    expect(rows[0].n).toBe(2)
    // Leave the database as a real one would be after an Auth.js app noticed: one user per email.
    await database.pool.query("DELETE FROM users WHERE email = $1", [email])
  })

  test("data written by @auth/pg-adapter before the switch", async () => {
    const authjs = AuthjsPostgresAdapter(database.pool)
    const user = await authjs.createUser!({
      id: "",
      name: "Ada",
      email: `ada-${crypto.randomUUID()}@example.test`,
      emailVerified: new Date(1_700_000_000_000),
    })
    const account = {
      userId: String(user.id),
      type: "oidc" as const,
      provider: "google",
      providerAccountId: crypto.randomUUID(),
      access_token: "at",
      expires_at: 1_900_000_000,
      token_type: "bearer" as const,
    }
    await authjs.linkAccount!(account)
    const session = await authjs.createSession!({
      sessionToken: crypto.randomUUID(),
      userId: String(user.id),
      expires: new Date(Date.now() + 86_400_000),
    })
    written = {
      userId: String(user.id),
      sessionToken: session.sessionToken,
      expires: session.expires,
      provider: account.provider,
      providerAccountId: account.providerAccountId,
    }
    expect(written.userId).toMatch(/^\d+$/)
  })

  test("is adopted by migrate() without losing a row", async () => {
    const countsBefore = await database.pool.query(
      "SELECT (SELECT count(*) FROM users) AS u, (SELECT count(*) FROM accounts) AS a, (SELECT count(*) FROM sessions) AS s",
    )
    expect(await migrate(database.pool)).toEqual(migrations.map((migration) => migration.version))
    const countsAfter = await database.pool.query(
      "SELECT (SELECT count(*) FROM users) AS u, (SELECT count(*) FROM accounts) AS a, (SELECT count(*) FROM sessions) AS s",
    )
    expect(countsAfter.rows[0]).toEqual(countsBefore.rows[0])
  })

  test("keeps working with PostgresAdapter: sign-in by account, session lookup, string ids", async () => {
    const adapter = PostgresAdapter(database.pool)
    const user = await adapter.getUserByAccount!({ provider: written.provider, providerAccountId: written.providerAccountId })
    expect(user?.id).toBe(written.userId)
    expect(user?.name).toBe("Ada")
    expect(user?.emailVerified).toEqual(new Date(1_700_000_000_000))
    const found = await adapter.getSessionAndUser!(written.sessionToken)
    expect(found?.session.userId).toBe(written.userId)
    expect(found?.session.expires).toEqual(written.expires)
    expect(found?.user.id).toBe(written.userId)
    const account = await adapter.getAccount!(written.providerAccountId, written.provider)
    expect(account).toMatchObject({ access_token: "at", expires_at: 1_900_000_000, token_type: "bearer" })
  })

  test("after migrate(), a duplicate email is rejected for both adapters", async () => {
    const email = `once-${crypto.randomUUID()}@example.test`
    const adapter = PostgresAdapter(database.pool)
    await adapter.createUser!({ id: "", email, emailVerified: null })
    await expect((async () => adapter.createUser!({ id: "", email, emailVerified: null }))()).rejects.toMatchObject({
      name: "AdapterConflictError",
      code: "duplicate-email",
      message: "A user with this email already exists",
    })
    await expect((async () => AuthjsPostgresAdapter(database.pool).createUser!({ id: "", email, emailVerified: null }))()).rejects.toThrow(
      /users_email_key/,
    )
  })

  test("and @auth/pg-adapter can still read what PostgresAdapter writes (a way back)", async () => {
    const adapter = PostgresAdapter(database.pool)
    const user = await adapter.createUser!({
      id: "",
      email: `back-${crypto.randomUUID()}@example.test`,
      emailVerified: null,
      name: "Grace",
    })
    const session = await adapter.createSession!({
      sessionToken: crypto.randomUUID(),
      userId: user.id,
      expires: new Date(Date.now() + 60_000),
    })
    const viaAuthjs = await AuthjsPostgresAdapter(database.pool).getSessionAndUser!(session.sessionToken)
    expect(String(viaAuthjs?.user.id)).toBe(user.id)
    expect(viaAuthjs?.user.name).toBe("Grace")
  })
})
