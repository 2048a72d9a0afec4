import { describe, expect, test } from "vitest"
import { dummyHash, hashPassword, owaspScrypt, verifyPassword } from "./hash-password.js"
import { parseScryptPhc } from "./phc-string.js"

const cheap = { ln: 10, r: 8, p: 1, keyLength: 32 }

describe("password hashes", () => {
  test("a PHC string with the parameters, a 16-byte salt and a 32-byte hash; never the password", async () => {
    const stored = await hashPassword("Tr0ub4dor&3-extra", cheap)
    expect(stored).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
    expect(stored).not.toContain("Tr0ub4dor")
    expect(parseScryptPhc(stored)?.salt.byteLength).toBe(16)
    // A fresh salt every time.
    expect(await hashPassword("Tr0ub4dor&3-extra", cheap)).not.toBe(stored)
  })

  test("the default is OWASP's scrypt cost", async () => {
    expect(owaspScrypt).toEqual({ ln: 17, r: 8, p: 1, keyLength: 32 })
    expect(await hashPassword("a long enough password", owaspScrypt)).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/)
  }, 30_000)

  test("verifies the right password only", async () => {
    const stored = await hashPassword("the right password", cheap)
    expect(await verifyPassword("the right password", stored, cheap)).toEqual({ ok: true, needsRehash: false })
    expect((await verifyPassword("the right passwore", stored, cheap)).ok).toBe(false)
    expect((await verifyPassword("", stored, cheap)).ok).toBe(false)
  })

  test("NFKC: every way of typing the same text is one password", async () => {
    const stored = await hashPassword("ｐａｓｓｗｏｒｄ ﬁve Å", cheap)
    expect((await verifyPassword("password five Å", stored, cheap)).ok).toBe(true)
  })

  test("a hash made with other parameters verifies and asks to be re-hashed; a wrong password never does", async () => {
    const old = await hashPassword("an older password hash", { ln: 8, r: 8, p: 1, keyLength: 32 })
    expect(await verifyPassword("an older password hash", old, cheap)).toEqual({ ok: true, needsRehash: true })
    expect(await verifyPassword("not the password", old, cheap)).toEqual({ ok: false, needsRehash: false })
  })

  test("anything that is not a sane scrypt PHC string matches nothing (no giant N from a tampered row)", async () => {
    const stored = await hashPassword("whatever it is", cheap)
    for (const bad of [
      "",
      "whatever it is",
      stored.replace("ln=10", "ln=40"),
      stored.replace("r=8", "r=99"),
      stored.replace("$scrypt$", "$argon2id$"),
      `${stored}$`,
      // A hash shorter than 16 bytes is not one this code made.
      stored.slice(0, stored.lastIndexOf("$") + 12),
    ]) {
      expect((await verifyPassword("whatever it is", bad, cheap)).ok, bad).toBe(false)
    }
  })

  test("the dummy hash has the same parameters and is made once per parameter set", async () => {
    const first = await dummyHash(cheap)
    expect(first).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/)
    expect(await dummyHash(cheap)).toBe(first)
  })
})
