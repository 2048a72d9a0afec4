/**
 * Single-use values someone else minted (logout tokens' jti). A second instance of the app is a
 * fresh copy of the modules (vi.resetModules): its in-process set knows nothing of the first
 * one's, so only the shared state (Redis, the adapter's verification tokens) can refuse a replay.
 */
import { SQLiteAdapter } from "../../../adapter-sqlite/src/index.js"
import Database from "better-sqlite3"
import { createClient } from "redis"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { wrapAdapter } from "../config/wrap-adapter.js"
import { redisRateLimitStore } from "../ratelimit/redis-store.js"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import { singleUseLedger, type SingleUseKind } from "./single-use-ledger.js"

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
    expect(ledger.claimedHere(used)).toBe(false)
    expect(await ledger.claim(used)).toBe(true)
    expect(ledger.claimedHere(used)).toBe(true)
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
})

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
    expect(ledger.claimedHere(used)).toBe(false)
    expect(await ledger.claim(used)).toBe(true)
    expect(await ledger.claim(used)).toBe(false)
    db.close()
  })

  it("claimedHere: what this process claimed (a lost claim too), never what only another instance claimed; asking claims nothing", async () => {
    const db = new Database(":memory:")
    const adapter = wrapAdapter(SQLiteAdapter(db), silentLogger())
    const first = singleUseLedger(kind, undefined, adapter)
    const second = (await otherInstance())(kind, undefined, adapter)
    const used = value()
    expect(first.claimedHere(used)).toBe(false)
    expect(first.claimedHere(used)).toBe(false)
    expect(await first.claim(used)).toBe(true)
    expect(first.claimedHere(used)).toBe(true)
    // Another instance does not see it here (the claim is what refuses it there) ...
    expect(second.claimedHere(used)).toBe(false)
    expect(await second.claim(used)).toBe(false)
    // ... and, having lost the claim, remembers it from then on.
    expect(second.claimedHere(used)).toBe(true)
    expect(first.claimedHere(value())).toBe(false)
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
    expect(second.claimedHere(used)).toBe(false)
    expect(await second.claim(used)).toBe(true)
  })
})
