/**
 * The Redis session store on the real server at 127.0.0.1:6379, through both common clients as
 * apps pass them in: node-redis (`sendCommand`) and ioredis (`call`), and over HTTP (`redisOverHttp`).
 */
import { Redis as IORedis } from "ioredis"
import { createClient } from "redis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RedisRestServer, startRedisRestServer } from "@gatehouse/test-kit/redis-rest-server"
import { sessionStoreContract } from "@gatehouse/test-kit/session-store-contract"
import { redisOverHttp } from "../../ratelimit/redis-over-http.js"
import { redisSessionStore } from "./redis-session-store.js"

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379"
const prefix = `gatehouse-test:sessions:${process.pid}:${Date.now()}:`

describe("redisSessionStore with node-redis", () => {
  const client = createClient({ url: redisUrl })
  beforeAll(async () => {
    await client.connect()
  })
  afterAll(async () => {
    const keys = await client.keys(`${prefix}*`)
    if (keys.length) await client.del(keys)
    await client.quit()
  })

  sessionStoreContract(() => redisSessionStore(client, { prefix }))

  it("keeps a session under the prefix with its expiry, and the owner's set no longer than its longest session", async () => {
    const store = redisSessionStore(client, { prefix })
    const expires = new Date(Date.now() + 60_000)
    await store.createOwnedSession({ id: "ttl-check", ownerKey: "app:credentials:7", expires })
    const ttl = await client.pTTL(`${prefix}session:ttl-check`)
    expect(ttl).toBeGreaterThan(58_000)
    expect(ttl).toBeLessThanOrEqual(60_000)
    const ownerTtl = await client.pTTL(`${prefix}owner:app:credentials:7`)
    expect(ownerTtl).toBeGreaterThan(58_000)
    expect(ownerTtl).toBeLessThanOrEqual(60_000)
  })

  it("a record that is not JSON (another app's key under the same prefix) reads as no session", async () => {
    const store = redisSessionStore(client, { prefix })
    await client.set(`${prefix}session:garbage`, "not json")
    expect(await store.ownerOfOwnedSession("garbage")).toBeNull()
  })
})

describe("redisSessionStore with ioredis", () => {
  const client = new IORedis(redisUrl)
  afterAll(async () => {
    const keys = await client.keys(`${prefix}*`)
    if (keys.length) await client.del(keys)
    await client.quit()
  })

  sessionStoreContract(() => redisSessionStore(client, { prefix }))
})

describe("redisSessionStore over HTTP (redisOverHttp, for runtimes without TCP sockets)", () => {
  let server: RedisRestServer
  beforeAll(async () => {
    server = await startRedisRestServer()
  })
  afterAll(async () => {
    const client = createClient({ url: redisUrl })
    await client.connect()
    const keys = await client.keys(`${prefix}http:*`)
    if (keys.length) await client.del(keys)
    await client.quit()
    await server.close()
  })

  sessionStoreContract(() => redisSessionStore(redisOverHttp({ url: server.url, token: server.token }), { prefix: `${prefix}http:` }))
})
