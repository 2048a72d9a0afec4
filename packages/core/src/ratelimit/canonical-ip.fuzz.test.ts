/**
 * Property tests of the rate limiter's address keys (Better Auth GHSA-p6v2-xcpg-h6xw): every
 * text spelling of an address (compressed or not, any case, zero-padded, bracketed with a port,
 * with a zone id, IPv4-mapped) gives the key of its /64 (IPv6) or of the IPv4 address; different
 * /64s and different IPv4 addresses never share a key; nothing throws on any text.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { fuzzBudget, fuzzTimeout } from "@gatehouse/test-kit/fuzz-budget"
import { hostileText } from "@gatehouse/test-kit/hostile-text"
import { canonicalIp } from "./canonical-ip.js"

const group = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff }))
const ipv6Groups = fc.array(group, { minLength: 8, maxLength: 8 })
const ipv4Octets = fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 })

interface Spelling {
  upper: boolean
  pad: boolean
  compressAt: number
  bracketPort: number | undefined
  zone: string | undefined
}
const spelling = fc.record({
  upper: fc.boolean(),
  pad: fc.boolean(),
  compressAt: fc.nat({ max: 7 }),
  bracketPort: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
  zone: fc.option(fc.constantFrom("eth0", "1", "en0"), { nil: undefined }),
})

/** One text form of eight groups: `::` replacing a zero run starting at compressAt, if there is one. */
function spell(groups: number[], s: Spelling): string {
  const hex = groups.map((g) => (s.pad ? g.toString(16).padStart(4, "0") : g.toString(16)))
  let text = hex.join(":")
  if (groups[s.compressAt] === 0) {
    let end = s.compressAt
    while (end < 8 && groups[end] === 0) end++
    text = `${hex.slice(0, s.compressAt).join(":")}::${hex.slice(end).join(":")}`
  }
  if (s.upper) text = text.toUpperCase()
  if (s.zone && s.bracketPort === undefined) text = `${text}%${s.zone}`
  return s.bracketPort === undefined ? text : `[${text}]:${s.bracketPort}`
}

const sixtyFour = (groups: number[]) =>
  `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`
const isMapped = (groups: number[]) => groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff

describe("canonicalIp properties", () => {
  it(
    "every spelling of an IPv6 address keys as its /64",
    () => {
      fc.assert(
        fc.property(ipv6Groups, spelling, (groups, s) => {
          fc.pre(!isMapped(groups))
          expect(canonicalIp(spell(groups, s))).toBe(sixtyFour(groups))
        }),
        fuzzBudget(700),
      )
    },
    fuzzTimeout(),
  )

  it(
    "every spelling of an IPv4 address, mapped or not, keys as the dotted address",
    () => {
      fc.assert(
        fc.property(ipv4Octets, spelling, fc.boolean(), fc.nat({ max: 3 }), (octets, s, dotted, zeroPad) => {
          const plain = octets.join(".")
          const padded = octets.map((o) => String(o).padStart(Math.min(3, String(o).length + zeroPad), "0")).join(".")
          const mappedGroups = [0, 0, 0, 0, 0, 0xffff, (octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!]
          const mapped = dotted ? `::${s.upper ? "FFFF" : "ffff"}:${plain}` : spell(mappedGroups, { ...s, zone: undefined })
          expect(canonicalIp(padded)).toBe(plain)
          expect(canonicalIp(mapped)).toBe(plain)
        }),
        fuzzBudget(700),
      )
    },
    fuzzTimeout(),
  )

  it(
    "different /64s never share a key",
    () => {
      fc.assert(
        fc.property(ipv6Groups, ipv6Groups, spelling, spelling, (a, b, sa, sb) => {
          fc.pre(!isMapped(a) && !isMapped(b) && sixtyFour(a) !== sixtyFour(b))
          expect(canonicalIp(spell(a, sa))).not.toBe(canonicalIp(spell(b, sb)))
        }),
        fuzzBudget(1000),
      )
    },
    fuzzTimeout(),
  )

  it(
    "any text: no throw, and a key only in one of the two canonical shapes",
    () => {
      fc.assert(
        fc.property(
          fc.oneof(hostileText(6), fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF:.[]%"), maxLength: 45 })),
          (text) => {
            const key = canonicalIp(text)
            if (key !== undefined) expect(key).toMatch(/^(\d{1,3}\.){3}\d{1,3}$|^([0-9a-f]{1,4}:){3}[0-9a-f]{1,4}::\/64$/)
          },
        ),
        fuzzBudget(300),
      )
    },
    fuzzTimeout(),
  )
})
