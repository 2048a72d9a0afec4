/**
 * What every rate-limit store must do, as tests any store's suite runs: counts that add up,
 * windows that end, keys that stay apart, and no lost or doubled count when many attempts
 * arrive at once (several machines share the shared stores).
 */
import { expect, it } from "vitest"
import type { RateLimitStore } from "../../core/src/types.js"

export function rateLimitStoreContract(getStore: () => RateLimitStore, uniqueKey: () => string) {
  it("counts attempts within a window and says when it ends", async () => {
    const store = getStore()
    const key = uniqueKey()
    const before = Date.now()
    const first = await store.hit(key, 60_000)
    expect(first.count).toBe(1)
    expect(first.resetAt).toBeGreaterThanOrEqual(before + 60_000 - 50)
    expect(first.resetAt).toBeLessThanOrEqual(Date.now() + 60_000 + 50)
    const second = await store.hit(key, 60_000)
    expect(second.count).toBe(2)
    // The window is fixed at the first attempt: later attempts do not push its end back.
    expect(Math.abs(second.resetAt - first.resetAt)).toBeLessThan(50)
  })

  it("keeps keys apart", async () => {
    const store = getStore()
    const [a, b] = [uniqueKey(), uniqueKey()]
    await store.hit(a, 60_000)
    await store.hit(a, 60_000)
    expect((await store.hit(b, 60_000)).count).toBe(1)
    expect((await store.hit(a, 60_000)).count).toBe(3)
  })

  it("starts over once the window has ended", async () => {
    const store = getStore()
    const key = uniqueKey()
    await store.hit(key, 300)
    expect((await store.hit(key, 300)).count).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 450))
    const fresh = await store.hit(key, 300)
    expect(fresh.count).toBe(1)
    expect(fresh.resetAt).toBeGreaterThan(Date.now())
  })

  it("loses and doubles no count under 100 concurrent attempts", async () => {
    const store = getStore()
    const key = uniqueKey()
    const counts = await Promise.all(Array.from({ length: 100 }, () => Promise.resolve(store.hit(key, 60_000)).then((h) => h.count)))
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1))
  })
}
