/**
 * The Redis store on the real server at 127.0.0.1:6379, through both common clients as apps pass
 * them in: node-redis (`sendCommand`) and ioredis (`call`).
 */
import { Redis as IORedis } from "ioredis"
import { createClient } from "redis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { redisRateLimitStore } from "./redis-store.js"
import { rateLimitStoreContract } from "@gatehouse/test-kit/rate-limit-store-contract"

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379"
const prefix = `gatehouse-test:${process.pid}:${Date.now()}:`
let n = 0
const uniqueKey = () => `key-${++n}`

describe("redisRateLimitStore with node-redis", () => {
  const client = createClient({ url: redisUrl })
  beforeAll(async () => {
    await client.connect()
  })
  afterAll(async () => {
    const keys = await client.keys(`${prefix}*`)
    if (keys.length) await client.del(keys)
    await client.quit()
  })

  rateLimitStoreContract(() => redisRateLimitStore(client, { prefix }), uniqueKey)

  it("stores under the prefix, with an expiry, and nothing else", async () => {
    const store = redisRateLimitStore(client, { prefix })
    const key = uniqueKey()
    await store.hit(key, 60_000)
    expect(await client.get(`${prefix}${key}`)).toBe("1")
    const ttl = await client.pTTL(`${prefix}${key}`)
    expect(ttl).toBeGreaterThan(59_000)
    expect(ttl).toBeLessThanOrEqual(60_000)
  })

  it("repairs a counter that lost its expiry instead of counting it forever", async () => {
    const key = uniqueKey()
    await client.set(`${prefix}${key}`, "7")
    const hit = await redisRateLimitStore(client, { prefix }).hit(key, 60_000)
    expect(hit.count).toBe(8)
    expect(await client.pTTL(`${prefix}${key}`)).toBeGreaterThan(0)
  })
})

describe("redisRateLimitStore with ioredis", () => {
  const client = new IORedis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
  beforeAll(async () => {
    await client.connect()
  })
  afterAll(async () => {
    const keys = await client.keys(`${prefix}*`)
    if (keys.length) await client.del(...keys)
    await client.quit()
  })

  rateLimitStoreContract(() => redisRateLimitStore(client, { prefix }), uniqueKey)

  it("shares counters with the other client: one budget across machines", async () => {
    const other = createClient({ url: redisUrl })
    await other.connect()
    try {
      const key = uniqueKey()
      await redisRateLimitStore(client, { prefix }).hit(key, 60_000)
      expect((await redisRateLimitStore(other, { prefix }).hit(key, 60_000)).count).toBe(2)
    } finally {
      await other.quit()
    }
  })
})

describe("redisRateLimitStore when Redis is unreachable", () => {
  it("rejects (the limiter then logs and lets the attempt through)", async () => {
    const store = redisRateLimitStore({ call: async () => Promise.reject(new Error("ECONNREFUSED")) })
    await expect(store.hit("k", 1000)).rejects.toThrow("ECONNREFUSED")
  })

  it("refuses a reply that is not the script's", async () => {
    const store = redisRateLimitStore({ sendCommand: async () => "OK" })
    await expect(store.hit("k", 1000)).rejects.toThrow(/Unexpected reply/)
  })
})
