import { describe, expect, it } from "vitest"
import { drawRandomBytes } from "./random-pool.js"

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex")

describe("drawRandomBytes", () => {
  it("gives the length asked for, small and large", () => {
    for (const length of [1, 12, 16, 32, 1024, 1025, 5000, 70_000 / 2]) expect(drawRandomBytes(length).byteLength).toBe(length)
  })

  it("never hands out the same bytes twice, across many refills of the pool", () => {
    // 16-byte draws from a CSPRNG collide with probability ~2^-128 per pair: any repeat is a reused slice.
    const seen = new Set<string>()
    for (let i = 0; i < 20_000; i++) {
      const drawn = hex(drawRandomBytes(16))
      expect(seen.has(drawn)).toBe(false)
      seen.add(drawn)
    }
  })

  it("draws are copies: later draws and refills leave an earlier one as it was", () => {
    const first = drawRandomBytes(32)
    const kept = hex(first)
    for (let i = 0; i < 1_000; i++) drawRandomBytes(32)
    expect(hex(first)).toBe(kept)
    expect(first.buffer.byteLength).toBe(32)
  })

  it("looks uniformly random: every byte value turns up in a few hundred kilobytes", () => {
    const counts = new Array<number>(256).fill(0)
    for (let i = 0; i < 16_384; i++) for (const byte of drawRandomBytes(16)) counts[byte]++
    // 262 144 bytes, 1 024 expected per value; a stuck or zeroed pool would leave values at 0 or pile them up.
    expect(Math.min(...counts)).toBeGreaterThan(800)
    expect(Math.max(...counts)).toBeLessThan(1_250)
  })
})
