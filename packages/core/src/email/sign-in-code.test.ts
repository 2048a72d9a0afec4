import { expect, test } from "vitest"
import { codeAlphabet, codeLength, deriveSignInCode, formatSignInCode, readSubmittedCode } from "./sign-in-code.js"

test("a code is 8 characters of the look-alike-free alphabet", async () => {
  const code = await deriveSignInCode("a".repeat(64), "secret")
  expect(code).toHaveLength(codeLength)
  for (const char of code) expect(codeAlphabet).toContain(char)
  expect(codeAlphabet).not.toMatch(/[01ILO]/)
})

test("the code is fixed by token and secret, and changes with either", async () => {
  const token = "b".repeat(64)
  expect(await deriveSignInCode(token, "secret")).toBe(await deriveSignInCode(token, "secret"))
  expect(await deriveSignInCode(token, "other secret")).not.toBe(await deriveSignInCode(token, "secret"))
  expect(await deriveSignInCode("c".repeat(64), "secret")).not.toBe(await deriveSignInCode(token, "secret"))
  // An empty secret (a provider's `secret: ""`) still works: WebCrypto never sees an empty key.
  expect(await deriveSignInCode(token, "")).toHaveLength(codeLength)
})

test("codes spread over the whole alphabet", async () => {
  const seen = new Set<string>()
  for (let i = 0; i < 200; i++) for (const char of await deriveSignInCode(`token-${i}`, "secret")) seen.add(char)
  expect(seen.size).toBe(codeAlphabet.length)
})

test("typed codes: case, spaces and dashes do not matter; anything else is not a code", () => {
  expect(formatSignInCode("ABCDEFGH")).toBe("ABCD-EFGH")
  expect(readSubmittedCode("abcd-efgh")).toBe("ABCDEFGH")
  expect(readSubmittedCode(" ab cd ef gh ")).toBe("ABCDEFGH")
  expect(readSubmittedCode("ＡＢＣＤ－ＥＦＧＨ")).toBe("ABCDEFGH")
  for (const bad of ["ABCD-EFG", "ABCD-EFGHJ", "ABCD-EFG0", "ABCD-EFGI", "", undefined, 12345678, "x".repeat(100)]) {
    expect(readSubmittedCode(bad)).toBeUndefined()
  }
})
