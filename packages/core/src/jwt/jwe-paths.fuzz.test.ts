/**
 * The session-token codec has two implementations, chosen by export condition (#native-crypto in
 * package.json): node:crypto under `node`, jose on WebCrypto everywhere else. Every test here runs
 * against both, as built: the package is bundled by esbuild once with the `node` condition and once
 * with `workerd`, and both bundles are loaded side by side. They must agree on every input: the same
 * claims, or the same error.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import * as authjs from "@auth/core/jwt"
import { build } from "esbuild"
import fc from "fast-check"
import type { JWTPayload } from "jose"
import { EncryptJWT } from "jose/jwt/encrypt"
import { calculateJwkThumbprint } from "jose/jwk/thumbprint"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { nativeCrypto, sealCbcHs512 } from "../crypto/native-crypto.node.js"
import { fuzzBudget, fuzzTimeout } from "@gatehouse/test-kit/fuzz-budget"
import type * as JwtModule from "../jwt.js"

const coreDir = fileURLToPath(new URL("../../", import.meta.url))
const salt = "authjs.session-token"
const secret = "a-long-enough-secret-for-the-path-tests-0123"
const claims = { name: "Ada", email: "ada@example.test", picture: null, sub: "user-1", role: "admin" }
const hex = (text: string) => Uint8Array.from(text.trim().split(/\s+/), (byte) => parseInt(byte, 16))

type Codec = typeof JwtModule
const bundles: Record<string, { code: string; codec: Codec }> = {}
let folder: string

/** The built package as a runtime with these conditions would load it. */
async function bundleFor(name: string, conditions: string[], platform: "node" | "neutral") {
  const result = await build({
    stdin: { contents: `export * from "@gatehouse/core/jwt"`, resolveDir: coreDir, loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    platform,
    conditions,
    external: ["node:*"],
    logLevel: "silent",
  })
  const code = result.outputFiles[0]!.text
  const file = join(folder, `${name}.mjs`)
  writeFileSync(file, code)
  bundles[name] = { code, codec: (await import(pathToFileURL(file).href)) as Codec }
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "gatehouse-jwe-paths-"))
  await bundleFor("node", ["node"], "node")
  for (const condition of ["workerd", "edge-light", "browser"]) await bundleFor(condition, [condition], "neutral")
  await bundleFor("default", [], "neutral")
})
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const paths = ["node", "workerd"] as const
const codec = (path: string) => bundles[path]!.codec

/** A decode's result in comparable form: the claims, or the error's class, code and message. */
async function outcome(promise: Promise<unknown>) {
  try {
    return { claims: await promise }
  } catch (error) {
    const { name, code, message } = error as { name: string; code?: string; message: string }
    return { error: { name, code, message } }
  }
}

describe("the export conditions pick the implementation", () => {
  it("`node` loads node:crypto; workerd, edge-light, browser and the default load none", () => {
    expect(bundles.node!.code).toMatch(/from "node:crypto"/)
    for (const edge of ["workerd", "edge-light", "browser", "default"]) {
      expect(bundles[edge]!.code).not.toMatch(/node:/)
      expect(bundles[edge]!.code).toMatch(/crypto\.subtle/)
    }
  })

  it("Node itself resolves the node:crypto path, and the WebCrypto one with --conditions=workerd", () => {
    // Counts WebCrypto calls around one encode + decode in a fresh Node process.
    const script = `
      let calls = 0
      for (const name of ["importKey", "sign", "verify", "encrypt", "decrypt", "digest", "deriveBits", "generateKey"]) {
        const original = crypto.subtle[name].bind(crypto.subtle)
        crypto.subtle[name] = (...args) => (calls++, original(...args))
      }
      const { encode, decode } = await import("@gatehouse/core/jwt")
      const options = { secret: "s".repeat(40), salt: "authjs.session-token" }
      await decode({ ...options, token: await encode({ ...options, token: { sub: "1" } }) })
      calls = 0
      const decoded = await decode({ ...options, token: await encode({ ...options, token: { sub: "2" } }) })
      console.log(JSON.stringify({ calls, sub: decoded.sub }))`
    const run = (...flags: string[]) =>
      JSON.parse(execFileSync(process.execPath, [...flags, "--input-type=module", "-e", script], { cwd: coreDir, encoding: "utf8" }))
    expect(run()).toEqual({ calls: 0, sub: "2" })
    const onEdge = run("--conditions=workerd")
    expect(onEdge.sub).toBe("2")
    expect(onEdge.calls).toBeGreaterThanOrEqual(8) // encrypt 4 + decrypt 7, keys cached
  })
})

describe("A256CBC-HS512 (RFC 7518 §5.2) on node:crypto", () => {
  // RFC 7518 Appendix B.3.
  const key = Uint8Array.from({ length: 64 }, (_, i) => i)
  const plaintext = new TextEncoder().encode(
    "A cipher system must not be required to be secret, and it must be able to fall into the hands of the enemy without inconvenience",
  )
  const iv = hex("1a f3 8c 2d c2 b9 6f fd d8 66 94 09 23 41 bc 04")
  const aad = new TextEncoder().encode("The second principle of Auguste Kerckhoffs")
  const ciphertext = hex(`
    4a ff aa ad b7 8c 31 c5 da 4b 1b 59 0d 10 ff bd 3d d8 d5 d3 02 42 35 26 91 2d a0 37 ec bc c7 bd
    82 2c 30 1d d6 7c 37 3b cc b5 84 ad 3e 92 79 c2 e6 d1 2a 13 74 b7 7f 07 75 53 df 82 94 10 44 6b
    36 eb d9 70 66 29 6a e6 42 7e a7 5c 2e 08 46 a1 1a 09 cc f5 37 0d c8 0b fe cb ad 28 c7 3f 09 b3
    a3 b7 5e 66 2a 25 94 41 0a e4 96 b2 e2 e6 60 9e 31 e6 e0 2c c8 37 f0 53 d2 1f 37 ff 4f 51 95 0b
    be 26 38 d0 9d d7 a4 93 09 30 80 6d 07 03 b1 f6`)
  const tag = hex("4d d3 b4 c0 88 a7 f4 5c 21 68 39 64 5b 20 12 bf 2e 62 69 a8 c5 6a 81 6d bc 1b 26 77 61 95 5b c5")

  it("encrypts the Appendix B.3 vector to its ciphertext and tag", () => {
    const sealed = sealCbcHs512(key, iv, plaintext, aad)
    expect(new Uint8Array(sealed.ciphertext)).toEqual(ciphertext)
    expect(new Uint8Array(sealed.tag)).toEqual(tag)
  })

  it("decrypts the vector, and refuses it with any bit of the tag, IV, ciphertext or AAD flipped, or a short tag", () => {
    expect(new Uint8Array(nativeCrypto.open("A256CBC-HS512", key, iv, ciphertext, tag, aad)!)).toEqual(plaintext)
    const flipped = (bytes: Uint8Array, bit: number) => {
      const copy = bytes.slice()
      copy[bit >> 3]! ^= 1 << (bit & 7)
      return copy
    }
    for (let bit = 0; bit < tag.length * 8; bit += 7)
      expect(nativeCrypto.open("A256CBC-HS512", key, iv, ciphertext, flipped(tag, bit), aad)).toBeUndefined()
    for (let bit = 0; bit < iv.length * 8; bit += 5)
      expect(nativeCrypto.open("A256CBC-HS512", key, flipped(iv, bit), ciphertext, tag, aad)).toBeUndefined()
    for (let bit = 0; bit < ciphertext.length * 8; bit += 31)
      expect(nativeCrypto.open("A256CBC-HS512", key, iv, flipped(ciphertext, bit), tag, aad)).toBeUndefined()
    for (let bit = 0; bit < aad.length * 8; bit += 11)
      expect(nativeCrypto.open("A256CBC-HS512", key, iv, ciphertext, tag, flipped(aad, bit))).toBeUndefined()
    // A truncated tag that matches the real one as far as it goes is still refused: the full 256 bits count.
    for (const length of [0, 1, 16, 31])
      expect(nativeCrypto.open("A256CBC-HS512", key, iv, ciphertext, tag.subarray(0, length), aad)).toBeUndefined()
    // AAD moved into the ciphertext's place keeps A ‖ IV ‖ E the same bytes but not AL: refused.
    expect(nativeCrypto.open("A256CBC-HS512", key, iv, ciphertext, tag, new Uint8Array())).toBeUndefined()
  })

  it("draws a fresh IV for every encryption", () => {
    const ivs = new Set(
      Array.from({ length: 64 }, () => Buffer.from(nativeCrypto.seal("A256CBC-HS512", key, plaintext, aad).iv).toString("hex")),
    )
    expect(ivs.size).toBe(64)
  })
})

describe("key derivation and hashing on node:crypto equal WebCrypto's", () => {
  const text = new TextEncoder()
  // Any UTF-16 string, lone surrogates included: both sides encode them as U+FFFD.
  const anyText = fc.string({ unit: "binary", maxLength: 64 })

  it(
    "HKDF-SHA-256, the RFC 7638 key id and SHA-256 hex",
    async () => {
      await fc.assert(
        fc.asyncProperty(anyText, anyText, fc.constantFrom(32, 64), async (ikm, saltText, length) => {
          const info = `Auth.js Generated Encryption Key (${saltText})`
          const imported = await crypto.subtle.importKey("raw", text.encode(ikm), "HKDF", false, ["deriveBits"])
          const web = new Uint8Array(
            await crypto.subtle.deriveBits(
              { name: "HKDF", hash: "SHA-256", salt: text.encode(saltText), info: text.encode(info) },
              imported,
              length * 8,
            ),
          )
          const native = nativeCrypto.hkdfSha256(ikm, saltText, info, length)
          expect(new Uint8Array(native)).toEqual(web)
          const k = nativeCrypto.base64urlEncode(native)
          const hash = length === 64 ? "sha512" : "sha256"
          expect(nativeCrypto.digestBase64url(hash, JSON.stringify({ k, kty: "oct" }))).toBe(
            await calculateJwkThumbprint({ kty: "oct", k }, hash),
          )
          const digest = Buffer.from(await crypto.subtle.digest("SHA-256", text.encode(ikm + saltText))).toString("hex")
          expect(nativeCrypto.sha256Hex(ikm + saltText)).toBe(digest)
        }),
        fuzzBudget(100),
      )
    },
    fuzzTimeout(),
  )
})

describe.each(paths)("session tokens on the %s path", (path) => {
  it("read tokens minted by @auth/core, and mint tokens @auth/core reads", async () => {
    const { encode, decode } = codec(path)
    const fromAuthjs = await authjs.encode({ token: claims, secret, salt })
    expect(await decode({ token: fromAuthjs, secret, salt })).toMatchObject(claims)
    const ours = await encode({ token: claims, secret, salt })
    expect(await authjs.decode({ token: ours, secret, salt })).toMatchObject(claims)
  })

  it("follow a rotated secret both ways: old tokens read, new ones use the first secret", async () => {
    const { encode, decode } = codec(path)
    const [fresh, old] = ["new-secret-new-secret-new-secret!", "old-secret-old-secret-old-secret!"]
    const oldToken = await authjs.encode({ token: claims, secret: old, salt })
    expect(await decode({ token: oldToken, secret: [fresh, old], salt })).toMatchObject(claims)
    const newToken = await encode({ token: claims, secret: [fresh, old], salt })
    expect(await authjs.decode({ token: newToken, secret: fresh, salt })).toMatchObject(claims)
    expect(await authjs.decode({ token: newToken, secret: [old, fresh], salt })).toMatchObject(claims)
    await expect(authjs.decode({ token: newToken, secret: old, salt })).rejects.toThrow()
    await expect(decode({ token: newToken, secret: old, salt })).rejects.toThrow("no matching decryption secret")
  })

  it("read chunked cookies both ways, with getToken on either side", async () => {
    const { encode, getToken } = codec(path)
    const large = { ...claims, bio: "x".repeat(9000) }
    const chunked = (token: string) => {
      const parts = token.match(/.{1,3936}/g)!
      expect(parts.length).toBeGreaterThan(2)
      return new Request("http://localhost/", {
        headers: {
          cookie: parts
            .map((part, i) => `${salt}.${i}=${part}`)
            .reverse()
            .join("; "),
        },
      })
    }
    expect(await getToken({ req: chunked(await authjs.encode({ token: large, secret, salt })), secret })).toMatchObject(large)
    expect(
      await authjs.getToken({ req: chunked(await encode({ token: large, secret, salt })), secret, secureCookie: false }),
    ).toMatchObject(large)
  })

  it("read A256GCM tokens made by jose with the derived key", async () => {
    const { decode } = codec(path)
    const key = nativeCrypto.hkdfSha256(secret, salt, `Auth.js Generated Encryption Key (${salt})`, 32)
    const kid = nativeCrypto.digestBase64url("sha256", JSON.stringify({ k: nativeCrypto.base64urlEncode(key), kty: "oct" }))
    const token = await new EncryptJWT(claims)
      .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid })
      .setIssuedAt()
      .setExpirationTime("1h")
      .encrypt(key)
    expect(await decode({ token, secret, salt })).toMatchObject(claims)
    const withoutKid = await new EncryptJWT(claims).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).setExpirationTime("1h").encrypt(key)
    expect(await decode({ token: withoutKid, secret, salt })).toMatchObject(claims)
  })

  it("refuse expired, not-yet-valid and wrong-salt tokens with jose's errors, within the 15 s tolerance", async () => {
    const { encode, decode } = codec(path)
    const expired = await outcome(decode({ token: await encode({ token: claims, secret, salt, maxAge: -16 }), secret, salt }))
    expect(expired).toEqual({ error: { name: "JWTExpired", code: "ERR_JWT_EXPIRED", message: '"exp" claim timestamp check failed' } })
    expect(await decode({ token: await encode({ token: claims, secret, salt, maxAge: -10 }), secret, salt })).toMatchObject(claims)
    const now = Math.floor(Date.now() / 1000)
    const future = await outcome(decode({ token: await encode({ token: { ...claims, nbf: now + 60 }, secret, salt }), secret, salt }))
    expect(future).toMatchObject({ error: { name: "JWTClaimValidationFailed", message: '"nbf" claim timestamp check failed' } })
    const key = nativeCrypto.hkdfSha256(secret, salt, `Auth.js Generated Encryption Key (${salt})`, 64)
    // A malformed "iat" on purpose: jose's JWTPayload type refuses a string there, the decoder must too.
    const withIat = await new EncryptJWT({ ...claims, iat: "yesterday" } as unknown as JWTPayload)
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" })
      .setExpirationTime("1h")
      .encrypt(key)
    const badIat = await outcome(decode({ token: withIat, secret, salt }))
    expect(badIat).toMatchObject({ error: { name: "JWTClaimValidationFailed" } })
    await expect(decode({ token: await encode({ token: claims, secret, salt: "authjs.state" }), secret, salt })).rejects.toThrow()
  })
})

describe("both paths agree on every input", () => {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ~"
  const now = () => Math.floor(Date.now() / 1000)
  // Times around the 15 s clock tolerance, where an off-by-one would show.
  const nearNow = fc.integer({ min: -40, max: 40 })
  const claimsArbitrary = fc.record(
    {
      sub: fc.string(),
      name: fc.string({ unit: "binary" }),
      extra: fc.jsonValue({ maxDepth: 2 }),
      nbf: fc.oneof(
        nearNow.map((offset) => now() + offset),
        fc.string(),
      ),
      iat: fc.oneof(fc.integer(), fc.string()),
    },
    { requiredKeys: [] },
  )
  const maxAge = fc.oneof(nearNow, fc.integer({ min: 41, max: 86_400 }))
  const minter = fc.constantFrom("node", "workerd", "@auth/core")
  const mint = (by: string, token: Record<string, unknown>, key: string, seconds: number) =>
    by === "@auth/core"
      ? authjs.encode({ token, secret: key, salt, maxAge: seconds })
      : codec(by).encode({ token, secret: key, salt, maxAge: seconds })
  const decodedOnBoth = (token: string, secrets: string | string[]) =>
    Promise.all(paths.map((path) => outcome(codec(path).decode({ token, secret: secrets, salt }))))

  it(
    "random claims (times near the tolerance), secrets same, rotated or wrong: the same claims, or the same error",
    async () => {
      let accepted = 0
      await fc.assert(
        fc.asyncProperty(
          claimsArbitrary,
          fc.string({ minLength: 1, maxLength: 48 }),
          minter,
          maxAge,
          fc.constantFrom("same", "rotated", "other"),
          async (tokenClaims, key, by, seconds, secrets) => {
            const token = await mint(by, tokenClaims, key, seconds)
            const [onNode, onEdge] = await decodedOnBoth(
              token,
              secrets === "same" ? key : secrets === "rotated" ? [`${key}-new`, key] : `${key}-other`,
            )
            expect(onNode).toEqual(onEdge)
            if ("claims" in onNode) accepted++
          },
        ),
        fuzzBudget(300),
      )
      expect(accepted).toBeGreaterThan(0)
    },
    fuzzTimeout(60_000),
  )

  it(
    "a valid token with one byte changed anywhere: the same claims, or the same error",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          claimsArbitrary,
          fc.string({ minLength: 1, maxLength: 48 }),
          minter,
          fc.nat(),
          fc.constantFrom(...alphabet),
          async (tokenClaims, key, by, position, replacement) => {
            const token = await mint(by, tokenClaims, key, 3600)
            const at = position % token.length
            const char = replacement === token[at] ? (replacement === "A" ? "B" : "A") : replacement
            const [onNode, onEdge] = await decodedOnBoth(token.slice(0, at) + char + token.slice(at + 1), key)
            expect(onNode).toEqual(onEdge)
          },
        ),
        fuzzBudget(400),
      )
    },
    fuzzTimeout(60_000),
  )

  it(
    "any header the fast path does not take (typ, zip, crit, other alg/enc, bad kid) gets jose's answer on both",
    async () => {
      const key = nativeCrypto.hkdfSha256(secret, salt, `Auth.js Generated Encryption Key (${salt})`, 64)
      const headers = fc.record(
        {
          alg: fc.constantFrom("dir", "A256KW", "none"),
          enc: fc.constantFrom("A256CBC-HS512", "A256GCM", "A128GCM"),
          kid: fc.oneof(fc.string(), fc.integer()),
          typ: fc.constantFrom("JWT", "JWE"),
          zip: fc.constant("DEF"),
          crit: fc.constant(["exp"]),
        },
        { requiredKeys: ["alg", "enc"] },
      )
      await fc.assert(
        fc.asyncProperty(headers, async (header) => {
          const encoded = Buffer.from(JSON.stringify(header)).toString("base64url")
          const valid = await new EncryptJWT(claims)
            .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", cty: "never-generated" })
            .setExpirationTime("1h")
            .encrypt(key)
          const token = [encoded, ...valid.split(".").slice(1)].join(".")
          const [onNode, onEdge] = await Promise.all(paths.map((path) => outcome(codec(path).decode({ token, secret, salt }))))
          expect(onNode).toEqual(onEdge)
          expect(onNode).toHaveProperty("error")
        }),
        fuzzBudget(100),
      )
    },
    fuzzTimeout(),
  )
})
