import { describe, expect, it } from "vitest"
import { memoryRateLimitStore } from "./memory-store.js"
import { rateLimitStoreContract } from "./test-support/store-contract.js"

describe("memoryRateLimitStore: the store contract", () => {
  let n = 0
  rateLimitStoreContract(() => memoryRateLimitStore(), () => `key-${++n}`)
})

describe("memoryRateLimitStore stays bounded", () => {
  it("drops expired windows when it fills up, before touching live ones", () => {
    let now = 0
    const store = memoryRateLimitStore({ maxKeys: 10, now: () => now })
    for (let i = 0; i < 9; i++) store.hit(`old-${i}`, 1000)
    store.hit("live", 10_000)
    store.hit("live", 10_000)
    now = 5000 // every old-* window is over, "live" is not
    store.hit("new", 1000)
    expect(store.size).toBe(2)
    expect(store.hit("live", 10_000).count).toBe(3)
  })

  it("never holds more than maxKeys, even when every window is live (oldest go first)", () => {
    const store = memoryRateLimitStore({ maxKeys: 100, now: () => 0 })
    for (let i = 0; i < 10_000; i++) store.hit(`spray-${i}`, 60_000)
    expect(store.size).toBe(100)
    expect(store.hit("spray-9999", 60_000).count).toBe(2)
    expect(store.hit("spray-0", 60_000).count).toBe(1)
  })

  it("sweeps expired windows as it goes, even without filling up", () => {
    let now = 0
    const store = memoryRateLimitStore({ now: () => now })
    for (let i = 0; i < 1000; i++) store.hit(`gone-${i}`, 1000)
    now = 2000
    for (let i = 0; i < 5000; i++) store.hit("steady", 60_000)
    expect(store.size).toBe(1)
  })
})
