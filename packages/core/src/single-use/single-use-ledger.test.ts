/**
 * Single-use values someone else minted (logout tokens' jti). A second instance of the app is a
 * fresh copy of the modules (vi.resetModules): its in-process set knows nothing of the first
 * one's, so only the shared state (Redis, the adapter's verification tokens) can refuse a replay.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { rateLimitStore as pgRateLimitStore } from "../../../adapter-pg/src/index.js"
import { SQLiteAdapter, rateLimitStore as sqliteRateLimitStore } from "../../../adapter-sqlite/src/index.js"
import { createTemporaryDatabase } from "@gatehouse/test-kit/temporary-database"
import pg from "pg"
import Database from "better-sqlite3"
import { createClient } from "redis"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { wrapAdapter } from "../config/wrap-adapter.js"
import { redisRateLimitStore } from "../ratelimit/redis-store.js"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import { singleUseLedger, type SingleUseKind, type SingleUseLedger } from "./single-use-ledger.js"

const kind: SingleUseKind = { name: "test-value", lifetimeMs: 7 * 60 * 1000 }
const value = () => `value-${crypto.randomUUID()}`

async function otherInstance(): Promise<typeof singleUseLedger> {
  vi.resetModules()
  return (await import("./single-use-ledger.js")).singleUseLedger
}

describe("on the shared rate-limit store (Redis)", () => {
  const client = createClient({ url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" })
  const prefix = `gatehouse-test:single-use:${process.pid}:${Date.now()}:`
  beforeAll(() => client.connect())
  afterAll(async () => {
    const keys = await client.keys(`${prefix}*`)
    if (keys.length) await client.del(keys)
    await client.quit()
  })

  it("accepts a value once across instances, storing only its hash for the kind's lifetime", async () => {
    const store = redisRateLimitStore(client, { prefix })
    const first = singleUseLedger(kind, store, undefined)
    const second = (await otherInstance())(kind, store, undefined)
    expect(first.scope).toBe("shared-store")
    const used = value()
    expect(await first.claim(used)).toBe(true)
    expect(await second.claim(used)).toBe(false)
    expect(await first.claim(used)).toBe(false)
    const keys = await client.keys(`${prefix}*`)
    expect(keys).toHaveLength(1)
    expect(keys[0]).not.toContain(used)
    expect(await client.pTTL(keys[0]!)).toBeGreaterThan(6 * 60 * 1000)
  })

  it("a store failing once refuses the claim (throws); the retry of the same value is not taken for a replay", async () => {
    const real = redisRateLimitStore(client, { prefix })
    let failNext = true
    const store = {
      hit: (...args: Parameters<typeof real.hit>) => {
        if (!failNext) return real.hit(...args)
        failNext = false
        throw new Error("redis did not answer")
      },
    }
    const ledger = singleUseLedger(kind, store, undefined)
    const used = value()
    await expect(ledger.claim(used)).rejects.toThrow("redis did not answer")
    expect(await ledger.claim(used)).toBe(true)
    expect(await ledger.claim(used)).toBe(false)
  })

  it("two instances at the same moment: exactly one wins", async () => {
    const store = redisRateLimitStore(client, { prefix })
    const ledgers = [singleUseLedger(kind, store, undefined), (await otherInstance())(kind, store, undefined)]
    for (let round = 0; round < 20; round++) {
      const used = value()
      const results = await Promise.all(ledgers.map((ledger) => ledger.claim(used)))
      expect(results.filter(Boolean)).toHaveLength(1)
    }
  })

  it("covers: what one instance covers the other finds; probing never makes an item look covered", async () => {
    const store = redisRateLimitStore(client, { prefix })
    await coverContract(singleUseLedger(kind, store, undefined), (await otherInstance())(kind, store, undefined))
  })
})

describe("on the shared rate-limit stores of the SQLite and PostgreSQL adapters", () => {
  it("SQLite: covers across two connections to one file; probing never makes an item look covered", async () => {
    const folder = mkdtempSync(join(tmpdir(), "gatehouse-ledger-"))
    try {
      const file = join(folder, "limits.db")
      const first = singleUseLedger(kind, sqliteRateLimitStore(new Database(file)), undefined)
      const second = (await otherInstance())(kind, sqliteRateLimitStore(new Database(file)), undefined)
      await coverContract(first, second)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it("PostgreSQL: covers across two pools; probing never makes an item look covered", async () => {
    const database = await createTemporaryDatabase("single_use_covers")
    const other = new pg.Pool({ host: "127.0.0.1", user: "postgres", database: database.name, max: 2 })
    try {
      await coverContract(
        singleUseLedger(kind, pgRateLimitStore(database.pool), undefined),
        (await otherInstance())(kind, pgRateLimitStore(other), undefined),
      )
    } finally {
      await other.end()
      await database.drop()
    }
  })
})

/**
 * What back-channel logout relies on: a cover made by one instance is seen by another; an item
 * nobody covered is never reported covered, however often and however concurrently it is asked
 * about (a replay must not be able to end a session begun after the first logout); covers belong
 * to their value (another jti covers nothing of this one's).
 */
async function coverContract(first: SingleUseLedger, second: SingleUseLedger): Promise<void> {
  const used = value()
  expect(await first.claim(used)).toBe(true)
  await first.cover(used, "session-a")
  await first.cover(used, "session-b")
  expect(await second.takeCover(used, "session-a")).toBe(true)
  expect(await second.takeCover(used, "session-b")).toBe(true)
  for (let round = 0; round < 5; round++) {
    const probes = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? first : second).takeCover(used, "session-new")))
    expect(probes).toEqual(probes.map(() => false))
  }
  expect(await second.takeCover(value(), "session-a")).toBe(false)
  // Given back after a failed attempt, a cover is found again.
  await second.cover(used, "session-a")
  expect(await first.takeCover(used, "session-a")).toBe(true)
}

describe("on the adapter's verification tokens (SQLite, wrapped as core wraps it)", () => {
  it("accepts a value once across instances; the record holds only the hash and expires with the kind", async () => {
    const db = new Database(":memory:")
    const adapter = wrapAdapter(SQLiteAdapter(db), silentLogger())
    const first = singleUseLedger(kind, undefined, adapter)
    const second = (await otherInstance())(kind, undefined, adapter)
    expect(first.scope).toBe("adapter")
    const used = value()
    expect(await second.claim(used)).toBe(true)
    expect(await first.claim(used)).toBe(false)
    const rows = db.prepare("SELECT identifier, token, expires FROM verification_tokens").all() as {
      identifier: string
      token: string
      expires: number
    }[]
    expect(rows).toHaveLength(1)
    expect(rows[0]!.identifier).toBe("gatehouse:test-value")
    expect(rows[0]!.token).not.toContain(used)
    expect(Number(rows[0]!.expires)).toBeGreaterThan(Date.now() + 6 * 60 * 1000)
    db.close()
  })

  it("a database failing once refuses the claim (throws); the retry of the same value is not taken for a replay", async () => {
    const db = new Database(":memory:")
    const sqlite = SQLiteAdapter(db)
    let failNext = true
    const createVerificationToken = sqlite.createVerificationToken!.bind(sqlite)
    sqlite.createVerificationToken = (token) => {
      if (!failNext) return createVerificationToken(token)
      failNext = false
      throw new Error("database did not answer")
    }
    const ledger = singleUseLedger(kind, undefined, wrapAdapter(sqlite, silentLogger()))
    const used = value()
    await expect(ledger.claim(used)).rejects.toThrow()
    expect(await ledger.claim(used)).toBe(true)
    expect(await ledger.claim(used)).toBe(false)
    db.close()
  })

  it("covers across instances through verification tokens: hashed, taken by reading, never made by a probe", async () => {
    const db = new Database(":memory:")
    const adapter = wrapAdapter(SQLiteAdapter(db), silentLogger())
    const first = singleUseLedger(kind, undefined, adapter)
    const second = (await otherInstance())(kind, undefined, adapter)
    const used = value()
    expect(await first.claim(used)).toBe(true)
    await first.cover(used, "session-token-a")
    await first.cover(used, "session-token-a")
    const rows = db.prepare("SELECT identifier, token FROM verification_tokens WHERE identifier = 'gatehouse:test-value:covers'").all() as {
      token: string
    }[]
    expect(rows).toHaveLength(1)
    expect(rows[0]!.token).not.toContain("session-token-a")
    expect(await second.takeCover(used, "session-token-never-covered")).toBe(false)
    expect(await second.takeCover(used, "session-token-never-covered")).toBe(false)
    expect(await second.takeCover(used, "session-token-a")).toBe(true)
    // Taken: the caller covers it again if its work fails.
    expect(await first.takeCover(used, "session-token-a")).toBe(false)
    await first.cover(used, "session-token-a")
    expect(await second.takeCover(used, "session-token-a")).toBe(true)
    db.close()
  })

  it("a failing database refuses the claim (throws) instead of letting the value through", async () => {
    const db = new Database(":memory:")
    const adapter = wrapAdapter(SQLiteAdapter(db), silentLogger())
    const ledger = singleUseLedger(kind, undefined, adapter)
    db.close()
    await expect(ledger.claim(value())).rejects.toThrow()
  })
})

describe("with neither", () => {
  it("remembers values in this process only", async () => {
    const first = singleUseLedger(kind, undefined, undefined)
    const second = (await otherInstance())(kind, undefined, undefined)
    expect(first.scope).toBe("process")
    const used = value()
    expect(await first.claim(used)).toBe(true)
    expect(await first.claim(used)).toBe(false)
    // A ledger built again in this process (a config resolved per request) still knows it.
    expect(await singleUseLedger(kind, undefined, undefined).claim(used)).toBe(false)
    expect(await second.claim(used)).toBe(true)
  })

  it("covers in this process only", async () => {
    const ledger = singleUseLedger(kind, undefined, undefined)
    const used = value()
    expect(await ledger.claim(used)).toBe(true)
    await ledger.cover(used, "session-a")
    expect(await ledger.takeCover(used, "session-a")).toBe(true)
    expect(await ledger.takeCover(used, "session-b")).toBe(false)
    expect(await ledger.takeCover(used, "session-b")).toBe(false)
    expect(await (await otherInstance())(kind, undefined, undefined).takeCover(used, "session-a")).toBe(false)
  })
})
