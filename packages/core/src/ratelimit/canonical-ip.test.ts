import { describe, expect, it } from "vitest"
import { canonicalIp } from "./canonical-ip.js"

describe("canonicalIp: every spelling of one client is one key (GHSA-p6v2-xcpg-h6xw)", () => {
  it.each([
    ["2001:db8::1", "compressed"],
    ["2001:DB8::1", "upper-case"],
    ["2001:0db8:0000:0000:0000:0000:0000:0001", "fully expanded, zero-padded"],
    ["2001:db8:0:0:0:0:0:1", "expanded, unpadded"],
    ["2001:0DB8::0001", "mixed padding and case"],
    ["[2001:db8::1]", "bracketed"],
    ["[2001:db8::1]:443", "bracketed with a port"],
    ["2001:db8::1%eth0", "with a zone id"],
    [" 2001:db8::1 ", "surrounded by spaces"],
    ["2001:db8:0:0:ffff:ffff:ffff:ffff", "another host in the same /64"],
    ["2001:db8::abcd:1234:5678:9abc", "a rotated interface id"],
  ])("%s (%s) → the /64 of 2001:db8::", (spelling) => {
    expect(canonicalIp(spelling)).toBe("2001:db8:0:0::/64")
  })

  it("keeps different /64s apart", () => {
    expect(canonicalIp("2001:db8:0:1::1")).toBe("2001:db8:0:1::/64")
    expect(canonicalIp("2001:db8:0:1::1")).not.toBe(canonicalIp("2001:db8::1"))
  })

  it.each([
    ["1.2.3.4", "dotted decimal"],
    ["001.002.003.004", "zero-padded (decimal, never octal)"],
    ["1.2.3.4:5678", "with a port"],
    ["::ffff:1.2.3.4", "IPv4-mapped IPv6"],
    ["::FFFF:1.2.3.4", "IPv4-mapped, upper-case"],
    ["::ffff:0102:0304", "IPv4-mapped in hex groups"],
    ["0:0:0:0:0:ffff:1.2.3.4", "IPv4-mapped, expanded"],
    ["0000:0000:0000:0000:0000:FFFF:0102:0304", "IPv4-mapped, expanded hex"],
    ["[::ffff:1.2.3.4]:80", "IPv4-mapped, bracketed with a port"],
  ])("%s (%s) → 1.2.3.4", (spelling) => {
    expect(canonicalIp(spelling)).toBe("1.2.3.4")
  })

  it("keeps distinct IPv4 hosts apart", () => {
    expect(canonicalIp("1.2.3.5")).toBe("1.2.3.5")
    expect(canonicalIp("010.0.0.1")).toBe("10.0.0.1")
  })

  it.each([
    "",
    "unknown",
    "1.2.3",
    "1.2.3.4.5",
    "256.1.1.1",
    "1.2.3.-4",
    "0x7f.0.0.1",
    "2001:db8:::1",
    "2001:db8::1::2",
    "1:2:3:4:5:6:7:8:9",
    "1:2:3:4:5:6:7",
    "12345::1",
    "g::1",
    "::ffff:1.2.3.256",
    "1.2.3.4::",
    "[2001:db8::1",
    "[2001:db8::1]x",
    "1.2.3.4, 5.6.7.8",
    "<script>",
  ])("refuses %j", (text) => {
    expect(canonicalIp(text)).toBeUndefined()
  })
})
