import { describe, expect, it } from "vitest"
import { isFresh } from "./access-token.js"
import { refreshKey, remember, remembered, singleFlight } from "./in-process.js"

describe("single flight", () => {
  it("runs the work once for concurrent callers with the same key, and again once it is done", async () => {
    let runs = 0
    const work = async () => {
      runs++
      await new Promise((resolve) => setTimeout(resolve, 10))
      return runs
    }
    const results = await Promise.all(Array.from({ length: 20 }, () => singleFlight("same", work)))
    expect(runs).toBe(1)
    expect(new Set(results)).toEqual(new Set([1]))
    await singleFlight("same", work)
    expect(runs).toBe(2)
  })

  it("shares a failure too, and forgets it for the next caller", async () => {
    let runs = 0
    const failing = async () => {
      runs++
      throw new Error("provider down")
    }
    const settled = await Promise.allSettled([singleFlight("failing", failing), singleFlight("failing", failing)])
    expect(settled.map((result) => result.status)).toEqual(["rejected", "rejected"])
    expect(runs).toBe(1)
    await expect(singleFlight("failing", failing)).rejects.toThrow("provider down")
    expect(runs).toBe(2)
  })
})

describe("remembered outcomes", () => {
  it("are keyed by a hash of the refresh token, never the token, and expire", async () => {
    const key = await refreshKey("idp", "rt-secret-value")
    expect(key).not.toContain("rt-secret-value")
    expect(key).toBe(await refreshKey("idp", "rt-secret-value"))
    expect(key).not.toBe(await refreshKey("other-idp", "rt-secret-value"))
    remember(key, { refused: true }, 20)
    expect(remembered(key)).toEqual({ refused: true })
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(remembered(key)).toBeUndefined()
  })
})

describe("isFresh", () => {
  const now = 1_700_000_000_000
  it("needs more than 60 seconds left; a token without an expiry counts as fresh", () => {
    expect(isFresh(now / 1000 + 61, now)).toBe(true)
    expect(isFresh(now / 1000 + 60, now)).toBe(false)
    expect(isFresh(now / 1000 - 1, now)).toBe(false)
    expect(isFresh(null, now)).toBe(true)
    expect(isFresh(undefined, now)).toBe(true)
  })
})
