import { describe, expect, test } from "vitest"
import { emailAddressProblem, normalizeEmailAddress, readEmailIdentifier } from "./email-address.js"

describe("the default normalizer", () => {
  test.each([
    ["  Ada@Example.TEST ", "ada@example.test"],
    ["ａｄａ@ｅｘａｍｐｌｅ.test", "ada@example.test"],
    ["Ada\u3000@example.test".replace("\u3000", ""), "ada@example.test"],
    ["\u3000ada@example.test\u3000", "ada@example.test"],
    ["ada\uFF20example.test", "ada@example.test"],
  ])("%j → %j", (input, expected) => {
    expect(normalizeEmailAddress(input)).toBe(expected)
  })
})

describe("validation after normalization", () => {
  test.each([
    "ada@example.test",
    "ada.lovelace+auth@mail.example.test",
    "o'neil&co@example.test",
    "x_y-z{1}|~^=?#$%*/!@sub-domain.example.test",
    "jörg@bücher.example",
    "用户@例子.广告",
    "a@localhost",
    `${"a".repeat(64)}@example.test`,
  ])("accepts %j", (address) => {
    expect(emailAddressProblem(address)).toBeUndefined()
  })

  test.each([
    ["", "empty"],
    ["a,b@example.test", "comma"],
    ["a@example.test,b@example.test", "list"],
    ["a@example.test;b@example.test", "semicolon list"],
    ["a@b@example.test", "two @"],
    ['"a@evil.test"@example.test', "quoted local part"],
    ['"a"@example.test', "quotes"],
    ["a\uFF20evil.test@example.test", "compatibility ＠ left by a custom normalizer"],
    ["ﬁ@example.test", "not NFKC-stable"],
    ["a b@example.test", "space"],
    ["a@example.test\r\nbcc: b@evil.test", "CR/LF"],
    ["a\t@example.test", "tab"],
    ["a\u200b@example.test", "zero-width space"],
    ["ada@\u{323B0}", "a domain letter IDNA cannot map (mailers would pick their own spelling)"],
    ["<b>a</b>@example.test", "markup"],
    ["a(comment)@example.test", "comment"],
    ["a@[127.0.0.1]", "IP literal"],
    ["a@exam_ple.test", "underscore in domain"],
    ["a@-example.test", "leading hyphen label"],
    ["a@example..test", "empty label"],
    [".a@example.test", "leading dot"],
    ["a..b@example.test", "double dot"],
    ["a.@example.test", "trailing dot"],
    ["a\\b@example.test", "backslash"],
    ["a:b@example.test", "colon"],
    ["@example.test", "no local part"],
    ["a@", "no domain"],
    ["example.test", "no @"],
    [`${"a".repeat(65)}@example.test`, "local part over 64"],
    [`a@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(63)}.${"f".repeat(63)}`, "over 320"],
  ])("refuses %j (%s)", (address) => {
    expect(emailAddressProblem(address)).toEqual(expect.any(String))
  })

  test("refuses what is not a string", () => {
    for (const value of [undefined, null, 42, ["a@example.test"], { address: "a@example.test" }]) {
      expect(emailAddressProblem(value)).toEqual(expect.any(String))
    }
  })
})

describe("readEmailIdentifier", () => {
  test("normalizes, then validates: a full-width ＠ becomes a second @ and is refused (CVE-2026-73420)", () => {
    expect(readEmailIdentifier("attacker@evil.test\uFF20example.test", {})).toEqual({ problem: expect.stringContaining("exactly one @") })
  })

  test("uses the provider's normalizeIdentifier and still validates its result", () => {
    const keepPlus = { normalizeIdentifier: (value: string) => value.trim().toLowerCase() }
    expect(readEmailIdentifier(" Ada+x@Example.test", keepPlus)).toEqual({ identifier: "ada+x@example.test" })
    const sloppy = { normalizeIdentifier: (value: string) => value }
    expect(readEmailIdentifier("a@evil.test,b@example.test", sloppy).problem).toEqual(expect.any(String))
    expect(readEmailIdentifier("a\uFF20evil.test@example.test", sloppy).problem).toEqual(expect.any(String))
  })

  test("a normalizer that throws refuses the address instead of crashing", () => {
    const strict = {
      normalizeIdentifier: () => {
        throw new Error("only example.test addresses")
      },
    }
    expect(readEmailIdentifier("a@other.test", strict)).toEqual({ problem: expect.stringContaining("only example.test addresses") })
  })

  test("refuses missing, non-string and huge input before normalizing", () => {
    expect(readEmailIdentifier(undefined, {}).problem).toBeDefined()
    expect(readEmailIdentifier(["a@example.test"], {}).problem).toBeDefined()
    expect(readEmailIdentifier(`${"a".repeat(5000)}@example.test`, {}).problem).toBeDefined()
  })
})
