/**
 * The short run of the limiter flood (`node test/load/limiter-flood.mjs` is the long one, whose
 * timings are in docs/security.md): 64 clients, a new account and address on every request (six times the store's size in all),
 * against a server whose memory store is full. What must hold does not depend on the machine's
 * speed: no 5xx, the store never over its size, and the account locked before the flood still
 * locked after it. Needs the built packages.
 */
import { describe, expect, it } from "vitest"
import { limiterFloodLoad } from "./limiter-flood.mjs"

describe("rate limiter under a flood of new keys", () => {
  it("64 clients, full store: no 5xx, bounded store, the earlier lockout survives", async () => {
    const maxKeys = 300
    const result = await limiterFloodLoad({ clients: 64, seconds: 60, maxKeys, maxRequests: 3 * maxKeys })
    expect(result.lockout).toEqual([...Array(10).fill(302), 429])
    expect(Object.keys(result.limiter.statuses).filter((status) => Number(status) >= 500)).toEqual([])
    expect(result.limiter.storeSize).toBeLessThanOrEqual(maxKeys)
    // Every flood request was counted: two hits each (address, account), plus the lockout's; and
    // the flood brought more new keys than the store holds, so it had to make room again and again.
    expect(result.limiter.hits).toBeGreaterThanOrEqual(2 * result.requests)
    expect(result.requests).toBeGreaterThanOrEqual(3 * maxKeys)
    expect(result.victimAfter).toBe(429)
  }, 90_000)
})
