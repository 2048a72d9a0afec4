import { describe, expect, it } from "vitest"
import type { RateLimitHit } from "../shared-types.js"
import { memoryRateLimitStore } from "./memory-store.js"
import { rateLimitStoreContract } from "@gatehouse/test-kit/rate-limit-store-contract"

describe("memoryRateLimitStore: the store contract", () => {
  let n = 0
  rateLimitStoreContract(
    () => memoryRateLimitStore(),
    () => `key-${++n}`,
  )
})

/** The memory store answers synchronously. */
function hit(store: ReturnType<typeof memoryRateLimitStore>, key: string, windowMs: number, limit?: number): RateLimitHit {
  return store.hit(key, windowMs, limit) as RateLimitHit
}

describe("memoryRateLimitStore stays bounded", () => {
  it("drops expired windows when it fills up, before touching live ones", () => {
    let now = 0
    const store = memoryRateLimitStore({ maxKeys: 10, now: () => now })
    for (let i = 0; i < 9; i++) hit(store, `old-${i}`, 1000)
    hit(store, "live", 10_000)
    hit(store, "live", 10_000)
    now = 5000 // every old-* window is over, "live" is not
    hit(store, "new", 1000)
    expect(store.size).toBeLessThanOrEqual(10)
    expect(hit(store, "live", 10_000).count).toBe(3)
  })

  it("never holds more than maxKeys: the least recently used counter within its limit goes first", () => {
    const store = memoryRateLimitStore({ maxKeys: 100, now: () => 0 })
    hit(store, "busy", 60_000, 10)
    for (let i = 0; i < 10_000; i++) {
      hit(store, `spray-${i}`, 60_000, 10)
      if (i % 50 === 0) hit(store, "busy", 60_000, 10) // recently used: kept
    }
    expect(store.size).toBe(100)
    expect(hit(store, "spray-9999", 60_000, 10).count).toBe(2)
    expect(hit(store, "spray-0", 60_000, 10).count).toBe(1)
    expect(hit(store, "busy", 60_000, 10).count).toBe(2 + 200)
  })

  it("never forgets a live lockout under a flood of new keys (the attack of issue 22, item 5)", () => {
    let now = 0
    const store = memoryRateLimitStore({ maxKeys: 100, now: () => now })
    for (let i = 0; i < 11; i++) hit(store, "account:victim", 600_000, 10)
    for (let i = 0; i < 100_000; i++) hit(store, `flood-${i}`, 600_000, 10)
    expect(store.size).toBe(100)
    expect(hit(store, "account:victim", 600_000, 10).count).toBe(12)
    now = 600_001 // the lockout's window is over: then it may go
    expect(hit(store, "account:victim", 600_000, 10).count).toBe(1)
  })

  it("refuses a new key, as over its limit, when only live lockouts are left", () => {
    let now = 0
    const store = memoryRateLimitStore({ maxKeys: 3, now: () => now })
    for (const key of ["a", "b", "c"]) for (let i = 0; i < 2; i++) hit(store, key, 10_000, 1)
    const refused = hit(store, "new", 10_000, 1)
    expect(refused.count).toBe(Number.POSITIVE_INFINITY)
    expect(refused.resetAt).toBe(10_000)
    expect(hit(store, "a", 10_000, 1).count).toBe(3)
    now = 10_000
    expect(hit(store, "new", 10_000, 1).count).toBe(1)
  })

  it("sweeps expired windows as it goes, a few per hit, even without filling up", () => {
    let now = 0
    const store = memoryRateLimitStore({ now: () => now })
    for (let i = 0; i < 1000; i++) hit(store, `gone-${i}`, 1000)
    now = 2000
    for (let i = 0; i < 1000; i++) hit(store, "steady", 60_000)
    expect(store.size).toBe(1)
  })

  it("does the same bounded work per hit when full of lockouts (no full sweeps)", () => {
    // Counted in steps, not time: every step of every Map iterator the store makes is counted. A
    // full sweep per new key would be 50 000 steps each.
    let steps = 0
    const prototype = Map.prototype as unknown as Record<string | symbol, (...args: unknown[]) => Iterator<unknown>>
    const names = ["entries", "keys", "values", Symbol.iterator] as const
    const originals = names.map((name) => prototype[name]!)
    names.forEach((name, i) => {
      prototype[name] = function (this: unknown, ...args: unknown[]) {
        const inner = originals[i]!.apply(this, args)
        const counted = { next: () => (steps++, inner.next()), [Symbol.iterator]: () => counted }
        return counted
      }
    })
    try {
      const store = memoryRateLimitStore({ maxKeys: 50_000, now: () => 0 })
      for (let i = 0; i < 50_000; i++) for (let j = 0; j < 2; j++) hit(store, `locked-${i}`, 60_000, 1)
      steps = 0
      for (let i = 0; i < 10_000; i++) expect(hit(store, `new-${i}`, 60_000, 1).count).toBe(Number.POSITIVE_INFINITY)
      expect(steps).toBeLessThan(10_000 * 20)
      expect(steps).toBeGreaterThan(0)
    } finally {
      for (const [i, name] of names.entries()) prototype[name] = originals[i]!
    }
  })
})
