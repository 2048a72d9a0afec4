/**
 * The PostgreSQL rate-limit store on a real server: the store contract, several pools (machines)
 * sharing one budget and racing to create the table, and a database outage that the store
 * reports (the limiter then lets attempts through) and recovers from.
 */
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { rateLimitStoreContract } from "@gatehouse/test-kit/rate-limit-store-contract"
import { rateLimitStore } from "../src/index.js"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"

let database: TemporaryDatabase
beforeAll(async () => {
  database = await createTemporaryDatabase("ratelimit")
  // The outage test kills this pool's idle connections too; the pool replaces them by itself.
  database.pool.on("error", () => {})
})
afterAll(() => database?.drop())

let n = 0
const uniqueKey = () => `key-${++n}`
const server = { host: process.env.PGHOST ?? "127.0.0.1", port: Number(process.env.PGPORT ?? 5432), user: process.env.PGUSER ?? "postgres" }

describe("PostgreSQL rateLimitStore: the store contract", () => {
  rateLimitStoreContract(() => rateLimitStore(database.pool), uniqueKey)
})

describe("PostgreSQL rateLimitStore", () => {
  it("is one budget for several machines, which may all create the table at once", async () => {
    const pools = Array.from({ length: 4 }, () => new pg.Pool({ ...server, database: database.name, max: 4 }))
    try {
      const stores = pools.map((pool) => rateLimitStore(pool))
      const key = uniqueKey()
      const counts = await Promise.all(
        Array.from({ length: 40 }, (_, i) => Promise.resolve(stores[i % 4]!.hit(key, 60_000)).then((h) => h.count)),
      )
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
    } finally {
      await Promise.all(pools.map((pool) => pool.end()))
    }
  })

  it("rejects while the database is unreachable and works again afterwards", async () => {
    const pool = new pg.Pool({ ...server, database: database.name, max: 2, connectionTimeoutMillis: 2000 })
    pool.on("error", () => {})
    const store = rateLimitStore(pool)
    const key = uniqueKey()
    try {
      expect((await store.hit(key, 60_000)).count).toBe(1)
      const admin = new pg.Client({ ...server, database: "postgres" })
      await admin.connect()
      try {
        await admin.query(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS false`)
        await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [
          database.name,
        ])
        await expect(store.hit(key, 60_000)).rejects.toThrow()
        await admin.query(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`)
      } finally {
        await admin.end()
      }
      expect((await store.hit(key, 60_000)).count).toBe(2)
    } finally {
      await pool.end()
    }
  })
})
