import { describe, expect, test } from "vitest"
import { nativeCrypto as nodeCrypto } from "../crypto/native-crypto.node.js"
import { webScrypt, type ScryptParams } from "./scrypt-kdf.js"

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
