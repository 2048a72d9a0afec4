import { describe, expect, test } from "vitest"
import { dummyHash, hashPassword, owaspScrypt, verifyPassword, webScrypt } from "./hash-password.js"
import { parseScryptPhc } from "./phc-string.js"
import type { ScryptParams } from "../crypto/native-crypto.js"
import { nativeCrypto as nodeCrypto } from "../crypto/native-crypto.node.js"

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

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex")
const text = (value: string) => new TextEncoder().encode(value)
const nodeScrypt = (password: Uint8Array, salt: Uint8Array, params: ScryptParams) => nodeCrypto.scrypt!(password, salt, params)

// RFC 7914 §12 test vectors.
const vectors = [
  {
    password: "",
    salt: "",
    params: { ln: 4, r: 1, p: 1, keyLength: 64 },
    key: "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906",
  },
  {
    password: "password",
    salt: "NaCl",
    params: { ln: 10, r: 8, p: 16, keyLength: 64 },
    key: "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640",
  },
]

describe("scrypt: node:crypto (node condition) and @noble/hashes (everywhere else) give the same bytes", () => {
  test("the node variant of native crypto has scrypt; the Web variant (native-crypto.ts) declares none, so edge runtimes take @noble/hashes", async () => {
    expect(typeof nodeCrypto.scrypt).toBe("function")
    // Vitest resolves native-crypto.js to the node variant (vitest.config.ts): read the Web module's source instead.
    const { readFile } = await import("node:fs/promises")
    const web = await readFile(new URL("../crypto/native-crypto.ts", import.meta.url), "utf8")
    expect(web).toMatch(/export const nativeCrypto: NativeCrypto \| undefined = undefined/)
  })

  test.each(vectors)("RFC 7914 vector ($password / $salt) on both paths", async ({ password, salt, params, key }) => {
    expect(hex(await nodeScrypt(text(password), text(salt), params))).toBe(key)
    expect(hex(await webScrypt(text(password), text(salt), params))).toBe(key)
  })

  test("random passwords and salts agree on both paths", async () => {
    for (let i = 0; i < 5; i++) {
      const password = crypto.getRandomValues(new Uint8Array(1 + i * 7))
      const salt = crypto.getRandomValues(new Uint8Array(16))
      const params = { ln: 8 + i, r: 8, p: 1, keyLength: 32 }
      expect(hex(await webScrypt(password, salt, params))).toBe(hex(await nodeScrypt(password, salt, params)))
    }
  })

  test("OWASP's parameters (N=2^17, r=8, p=1: 128 MiB) run on both paths and agree", async () => {
    const params = { ln: 17, r: 8, p: 1, keyLength: 32 }
    const salt = text("0123456789abcdef")
    const [node, web] = [
      await nodeScrypt(text("correct horse battery staple"), salt, params),
      await webScrypt(text("correct horse battery staple"), salt, params),
    ]
    expect(hex(web)).toBe(hex(node))
  }, 60_000)
})
