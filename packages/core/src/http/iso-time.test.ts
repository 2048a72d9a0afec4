import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isoTime } from "./iso-time.js"

describe("isoTime", () => {
  it("prints what toISOString prints, for any time toISOString can print", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 253_402_300_799_999 }),
          fc.integer({ min: -8.64e15, max: 8.64e15 }),
          fc.double({ min: -1e16, max: 1e16, noNaN: true }),
        ),
        (ms) => {
          const printed = (print: (ms: number) => string) => {
            try {
              return print(ms)
            } catch (error) {
              return (error as Error).constructor
            }
          }
          expect(printed(isoTime)).toBe(printed((at) => new Date(at).toISOString()))
        },
      ),
      { numRuns: 20_000 },
    )
  })

  it("gets the edges right: the epoch, leap days, year and century ends, the last millisecond of 9999", () => {
    const edges = [
      0, 951_782_400_000, 951_868_799_999, 4_107_542_400_000, 946_684_799_999, 978_307_200_000, 1_709_164_800_000, 253_402_300_799_999,
      253_402_300_800_000,
    ]
    for (const ms of edges) expect(isoTime(ms)).toBe(new Date(ms).toISOString())
  })

  it("throws as toISOString does for a time it cannot print", () => {
    expect(() => isoTime(Number.NaN)).toThrow(RangeError)
    expect(() => isoTime(8.64e15 + 1)).toThrow(RangeError)
  })
})
