import { afterAll, beforeAll, describe, expect, test, vi } from "vitest"
import { migrate, PostgresAdapter } from "../src/index.js"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"

let database: TemporaryDatabase
let empty: TemporaryDatabase
const tokens: string[] = []
const emails = new Map<string, string>()

beforeAll(async () => {
  database = await createTemporaryDatabase("lookups")
  empty = await createTemporaryDatabase("lookups_empty")
  await migrate(database.pool)
  const adapter = PostgresAdapter(database.pool)
  for (let i = 0; i < 120; i++) {
    const email = `lookup-${i}@example.test`
    const user = await adapter.createUser!({ id: "", name: `User ${i}`, email, emailVerified: null })
    const session = await adapter.createSession!({
      sessionToken: crypto.randomUUID(),
      userId: user.id,
      expires: new Date(Date.now() + 86_400_000),
    })
    tokens.push(session.sessionToken)
    emails.set(session.sessionToken, email)
  }
})

afterAll(async () => {
  await database?.drop()
  await empty?.drop()
})

/** The statements the adapter sent through the pool during `work` (a spy on the real pool: the queries still run). */
async function statementsDuring<T>(work: () => T | PromiseLike<T>): Promise<{ result: T; names: string[] }> {
  const spy = vi.spyOn(database.pool, "query")
  try {
    const result = await work()
    const names = spy.mock.calls.map(([config]) => (config as unknown as { name: string }).name)
    // A new adapter first asks once whether the session metadata columns exist (migration 4); that is not a lookup.
    return { result, names: names.filter((name) => name !== "gatehouse_session_columns") }
  } finally {
    spy.mockRestore()
  }
}

describe("concurrent session lookups share a round trip", () => {
  test("a lookup alone runs the single-token statement", async () => {
    const adapter = PostgresAdapter(database.pool)
    const { result, names } = await statementsDuring(() => adapter.getSessionAndUser!(tokens[3]!))
    expect(result?.user.email).toBe(emails.get(tokens[3]!))
    expect(result?.session.sessionToken).toBe(tokens[3])
    expect(names).toEqual(["gatehouse_session_and_user_with_metadata_and_account_amr"])
  })

  test("lookups made together are one statement, and each gets exactly its own answer", async () => {
    const adapter = PostgresAdapter(database.pool)
    const asked = [tokens[0]!, tokens[1]!, crypto.randomUUID(), tokens[0]!, "", "not'a\"token\\{}", tokens[2]!]
    const alone: unknown[] = []
    for (const token of asked) alone.push(await adapter.getSessionAndUser!(token))
    const { result, names } = await statementsDuring(() => Promise.all(asked.map((token) => adapter.getSessionAndUser!(token))))
    expect(names).toEqual(["gatehouse_session_and_user_with_metadata_and_account_amr_batch"])
    expect(result).toEqual(alone)
    expect(result.map((found) => found?.user.email ?? null)).toEqual([
      emails.get(tokens[0]!),
      emails.get(tokens[1]!),
      null,
      emails.get(tokens[0]!),
      null,
      null,
      emails.get(tokens[2]!),
    ])
    // The same token asked twice: two answers, not one object shared between two requests.
    expect(result[0]).not.toBe(result[3])
    expect(result[0]!.user).not.toBe(result[3]!.user)
  })

  test("more lookups than one statement takes: split, every answer right", async () => {
    const adapter = PostgresAdapter(database.pool)
    const { result, names } = await statementsDuring(() => Promise.all(tokens.map((token) => adapter.getSessionAndUser!(token))))
    expect(names).toEqual([
      "gatehouse_session_and_user_with_metadata_and_account_amr_batch",
      "gatehouse_session_and_user_with_metadata_and_account_amr_batch",
    ])
    expect(result.map((found) => found?.user.email)).toEqual(tokens.map((token) => emails.get(token)))
  })

  test("a token the statement cannot take (NUL) fails its own lookup only, as it would alone", async () => {
    const adapter = PostgresAdapter(database.pool)
    const poisoned = `${tokens[5]}\u0000`
    await expect(adapter.getSessionAndUser!(poisoned)).rejects.toThrow()
    const results = await Promise.allSettled([tokens[5]!, poisoned, tokens[6]!].map((token) => adapter.getSessionAndUser!(token)))
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"])
    expect((results[0] as PromiseFulfilledResult<any>).value.user.email).toBe(emails.get(tokens[5]!))
    expect((results[2] as PromiseFulfilledResult<any>).value.user.email).toBe(emails.get(tokens[6]!))
  })

  test("a long token is looked up alone and still answered", async () => {
    const adapter = PostgresAdapter(database.pool)
    const long = "x".repeat(2000)
    const { result, names } = await statementsDuring(() =>
      Promise.all([tokens[7]!, long, tokens[8]!].map((t) => adapter.getSessionAndUser!(t))),
    )
    expect(result.map((found) => found?.user.email ?? null)).toEqual([emails.get(tokens[7]!), null, emails.get(tokens[8]!)])
    expect(names.sort()).toEqual([
      "gatehouse_session_and_user_with_metadata_and_account_amr",
      "gatehouse_session_and_user_with_metadata_and_account_amr_batch",
    ])
  })

  test("a statement that fails fails every lookup in it (no answer is made up)", async () => {
    // A database without the tables: the statement itself fails, for every token alike.
    const adapter = PostgresAdapter(empty.pool)
    const results = await Promise.allSettled(
      [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()].map((t) => adapter.getSessionAndUser!(t)),
    )
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"])
    for (const r of results) expect(String((r as PromiseRejectedResult).reason)).toMatch(/sessions/)
  })
})
