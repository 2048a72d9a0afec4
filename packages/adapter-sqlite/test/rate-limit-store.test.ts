/**
 * The SQLite rate-limit store on a real database file: the store contract, two connections
 * (processes) sharing one budget, and expired windows swept away.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Database from "better-sqlite3"
import { afterAll, describe, expect, it } from "vitest"
import { rateLimitStoreContract } from "@gatehouse/test-kit/rate-limit-store-contract"
import { rateLimitStore, SQLiteAdapter } from "../src/index.js"

const folder = mkdtempSync(join(tmpdir(), "gatehouse-ratelimit-"))
const file = join(folder, "auth.db")
const db = new Database(file)
SQLiteAdapter(db)
afterAll(() => {
  db.close()
  rmSync(folder, { recursive: true, force: true })
})

let n = 0
const uniqueKey = () => `key-${++n}`

describe("SQLite rateLimitStore: the store contract", () => {
  const store = rateLimitStore(db)
  rateLimitStoreContract(() => store, uniqueKey)
})

describe("SQLite rateLimitStore", () => {
  it("shares counters between connections to the same file (processes on one machine)", async () => {
    const other = new Database(file)
    try {
      const key = uniqueKey()
      await rateLimitStore(db).hit(key, 60_000)
      expect((await rateLimitStore(other).hit(key, 60_000)).count).toBe(2)
    } finally {
      other.close()
    }
  })

  it("lives beside the adapter's tables without touching them", () => {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()
    expect(tables).toContain("gatehouse_rate_limits")
    expect(tables).toContain("users")
  })

  it("sweeps expired windows as it goes", async () => {
    const store = rateLimitStore(db)
    for (let i = 0; i < 50; i++) store.hit(`sweep-${i}`, 1)
    await new Promise((resolve) => setTimeout(resolve, 5))
    for (let i = 0; i < 1000; i++) store.hit("steady", 60_000)
    expect(db.prepare("SELECT count(*) FROM gatehouse_rate_limits WHERE key LIKE 'sweep-%'").pluck().get()).toBe(0)
  })
})
