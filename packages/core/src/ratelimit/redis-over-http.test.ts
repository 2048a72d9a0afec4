/**
 * redisOverHttp against Redis itself, through a loopback server speaking Upstash's REST protocol
 * (test-kit's redis-rest-server): the rate-limit store contract, single-use claims shared by two
 * "instances", and clear errors for a wrong token, a refused command, and an unsafe URL.
 */
import { rateLimitStoreContract } from "@gatehouse/test-kit/rate-limit-store-contract"
import { type RedisRestServer, startRedisRestServer } from "@gatehouse/test-kit/redis-rest-server"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { claimInSharedStore } from "../single-use/single-use-ledger.js"
import { RedisOverHttpError, redisOverHttp } from "./redis-over-http.js"
import { redisRateLimitStore } from "./redis-store.js"

const prefix = `gatehouse-test:rest:${process.pid}:${Date.now()}:`
let n = 0
const uniqueKey = () => `key-${++n}`
let server: RedisRestServer

beforeAll(async () => {
  server = await startRedisRestServer()
  // Opens the keep-alive connection every client here shares (fetch's pool), so the contract's
  // window timings measure Redis, not a TCP handshake on a loaded machine.
  await redisOverHttp({ url: server.url, token: server.token }).sendCommand(["PING"])
})
afterAll(async () => {
  await redisOverHttp({ url: server.url, token: server.token })
    .sendCommand(["EVAL", "for _,k in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', k) end", "0", `${prefix}*`])
    .catch(() => {})
  await server.close()
})

describe("redisRateLimitStore over HTTP", () => {
  rateLimitStoreContract(() => redisRateLimitStore(redisOverHttp({ url: server.url, token: server.token }), { prefix }), uniqueKey)

  it("makes one round trip per hit", async () => {
    const store = redisRateLimitStore(redisOverHttp({ url: server.url, token: server.token }), { prefix })
    const before = server.commands.length
    await store.hit(uniqueKey(), 60_000)
    expect(server.commands.length - before).toBe(1)
    expect(server.commands.at(-1)?.[0]).toBe("EVAL")
  })

  it("a value is claimed once across two instances, each with its own client", async () => {
    const instances = [0, 1].map(() => redisRateLimitStore(redisOverHttp({ url: server.url, token: server.token }), { prefix }))
    const kind = { name: `code-${uniqueKey()}`, lifetimeMs: 60_000 }
    const claims = await Promise.all([...instances, ...instances].map((store) => claimInSharedStore(store, kind, "123456")))
    expect(claims.filter(Boolean)).toHaveLength(1)
  })
})

describe("redisOverHttp errors", () => {
  it("a wrong token is an error naming the command, not a result", async () => {
    const client = redisOverHttp({ url: server.url, token: "not-the-token" })
    await expect(client.sendCommand(["PING"])).rejects.toThrow(RedisOverHttpError)
    await expect(client.sendCommand(["PING"])).rejects.toThrow(/PING failed: Unauthorized/)
  })

  it("a command Redis refuses is thrown with Redis's message", async () => {
    const client = redisOverHttp({ url: server.url, token: server.token })
    await expect(client.sendCommand(["NOT-A-COMMAND"])).rejects.toThrow(/NOT-A-COMMAND failed: .*unknown command/i)
  })

  it("an answer that is not the protocol's is an error", async () => {
    const client = redisOverHttp({
      url: "https://redis.example.test",
      token: "t",
      fetch: async () => new Response("<html>", { status: 502 }),
    })
    await expect(client.sendCommand(["PING"])).rejects.toThrow(/PING answered 502 without a JSON body/)
    const empty = redisOverHttp({ url: "https://redis.example.test", token: "t", fetch: async () => Response.json({}) })
    await expect(empty.sendCommand(["PING"])).rejects.toThrow(/without a result/)
  })

  it("refuses plain http beyond loopback, other schemes, and a missing token", () => {
    expect(() => redisOverHttp({ url: "http://redis.example.test", token: "t" })).toThrow(/must use https/)
    expect(() => redisOverHttp({ url: "redis://127.0.0.1:6379", token: "t" })).toThrow(/http\(s\) URL/)
    expect(() => redisOverHttp({ url: "https://redis.example.test", token: "" })).toThrow(/token is required/)
    expect(() => redisOverHttp({ url: "http://127.0.0.1:8079", token: "t" })).not.toThrow()
  })
})
