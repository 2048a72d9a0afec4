/**
 * The session token has one JWE construction (crypto/direct-jwe.ts) on two content ciphers, chosen
 * by export condition (#native-crypto in package.json): node:crypto's, synchronous, under `node`,
 * WebCrypto's everywhere else. Every test here runs against both, as built: the package is bundled
 * by esbuild once with the `node` condition and once with `workerd`, and both bundles are loaded
 * side by side, beside the real jose (the library Auth.js decodes with). The two paths must agree on
 * every input (the same claims, or the same error), and with jose: what they read, jose reads with
 * the same claims; what jose refuses, they refuse; what they write, jose reads, and what jose writes
 * in the construction (alg "dir", enc A256CBC-HS512 or A256GCM, with or without kid), they read.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import * as authjs from "@auth/core/jwt"
import { build } from "esbuild"
import fc from "fast-check"
import { CompactEncrypt, EncryptJWT, jwtDecrypt, type JWTPayload } from "jose"
import { calculateJwkThumbprint } from "jose/jwk/thumbprint"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import type { ContentCipher } from "../crypto/content-cipher.js"
import { nativeCrypto, sealCbcHs512 as sealCbcHs512OnNode } from "../crypto/native-crypto.node.js"
import { sealCbcHs512 as sealCbcHs512OnWeb, subtleContentCipher } from "../crypto/subtle-content-cipher.js"
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

/** A decode's result in comparable form: the claims, or the error's class, code, message, claim and reason. */
async function outcome(promise: Promise<unknown>) {
  try {
    return { claims: await promise }
  } catch (error) {
    const { name, code, message, claim, reason } = error as {
      name: string
      code?: string
      message: string
      claim?: string
      reason?: string
    }
    return { error: { name, code, message, claim, reason } }
  }
}
type Outcome = Awaited<ReturnType<typeof outcome>>

/** The key Auth.js derives for a secret and salt, with its RFC 7638 id (computed apart from the code under test). */
function derivedKey(enc: string, key: string, keySalt = salt) {
  const bytes = nativeCrypto.hkdfSha256(key, keySalt, `Auth.js Generated Encryption Key (${keySalt})`, enc === "A256GCM" ? 32 : 64)
  const kid = nativeCrypto.digestBase64url(
    enc === "A256GCM" ? "sha256" : "sha512",
    JSON.stringify({ k: nativeCrypto.base64urlEncode(bytes), kty: "oct" }),
  )
  return { key: bytes, kid }
}

/** The reference: jose's jwtDecrypt with exactly the options and key choice Auth.js (and decode.ts before) gave it. */
async function decodeWithJose(token: string, secrets: string | string[]): Promise<JWTPayload> {
  const candidates = Array.isArray(secrets) ? secrets : [secrets]
  const { payload } = await jwtDecrypt(
    token,
    async ({ kid, enc }) => {
      for (const candidate of candidates) {
        const derived = derivedKey(enc, candidate)
        if (kid === undefined || derived.kid === kid) return derived.key
      }
      throw new Error("no matching decryption secret")
    },
    { clockTolerance: 15, keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"] },
  )
  return payload
}

/** The token decoded on the Node path, the Web path and by jose. */
const decodedEverywhere = (token: string, secrets: string | string[]) =>
  Promise.all([
    ...paths.map((path) => outcome(codec(path).decode({ token, secret: secrets, salt }))),
    outcome(decodeWithJose(token, secrets)),
  ])

/**
 * What the two paths must satisfy against jose on any input: the same outcome as each other; what
 * they read, jose reads with the same claims; what jose refuses, they refuse. With `headerInConstruction`
 * (the token's header, if authentic, is one the construction takes: a token of ours or Auth.js's,
 * however mutated, since the header is the AAD) the outcome is jose's exactly once jose has
 * authenticated the token (it read it, or refused its claims).
 */
function expectAgreement([onNode, onEdge, onJose]: Outcome[], headerInConstruction: boolean) {
  expect(onNode).toEqual(onEdge)
  if ("claims" in onNode!) expect(onJose).toEqual(onNode)
  if ("error" in onJose!) expect(onNode).toHaveProperty("error")
  const authenticated = "claims" in onJose! || ["JWTExpired", "JWTClaimValidationFailed", "JWTInvalid"].includes(onJose!.error.name)
  if (headerInConstruction && authenticated) expect(onNode).toEqual(onJose)
}

describe("the export conditions pick the implementation", () => {
  it("`node` loads node:crypto; workerd, edge-light, browser and the default load none, nor jose's JWE code", () => {
    expect(bundles.node!.code).toMatch(/from "node:crypto"/)
    for (const edge of ["workerd", "edge-light", "browser", "default"]) {
      expect(bundles[edge]!.code).not.toMatch(/node:/)
      expect(bundles[edge]!.code).toMatch(/crypto\.subtle/)
      // jose's general JWE decryption (its flattened/compact decrypt) is not in any bundle: one construction serves all.
      expect(bundles[edge]!.code).not.toContain("JWE Per-Recipient Unprotected Header")
      expect(bundles[edge]!.code).not.toMatch(/\bjwtDecrypt\b|\bEncryptJWT\b/)
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
    // encrypt: AES-CBC + HMAC; decrypt: HMAC + AES-CBC. The derived key and its CryptoKeys were made
    // for the first token and are reused: no importKey, deriveBits or digest for the second.
    expect(onEdge.calls).toBe(4)
  })
})

const ciphers: [string, ContentCipher, typeof sealCbcHs512OnWeb][] = [
  ["node:crypto", nativeCrypto, async (...args) => sealCbcHs512OnNode(...args)],
  ["WebCrypto", subtleContentCipher, sealCbcHs512OnWeb],
]

describe.each(ciphers)("A256CBC-HS512 (RFC 7518 §5.2) on %s", (_name, cipher, sealCbcHs512) => {
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
  const open = async (...args: Parameters<ContentCipher["open"]>) => {
    const opened = await cipher.open(...args)
    return opened && new Uint8Array(opened)
  }

  it("encrypts the Appendix B.3 vector to its ciphertext and tag", async () => {
    const sealed = await sealCbcHs512(key, iv, plaintext, aad)
    expect(new Uint8Array(sealed.ciphertext)).toEqual(ciphertext)
    expect(new Uint8Array(sealed.tag)).toEqual(tag)
  })

  it("decrypts the vector, and refuses it with any bit of the tag, IV, ciphertext or AAD flipped, or a short tag", async () => {
    expect(await open("A256CBC-HS512", key, iv, ciphertext, tag, aad)).toEqual(plaintext)
    const flipped = (bytes: Uint8Array, bit: number) => {
      const copy = bytes.slice()
      copy[bit >> 3]! ^= 1 << (bit & 7)
      return copy
    }
    for (let bit = 0; bit < tag.length * 8; bit += 7)
      expect(await open("A256CBC-HS512", key, iv, ciphertext, flipped(tag, bit), aad)).toBeUndefined()
    for (let bit = 0; bit < iv.length * 8; bit += 5)
      expect(await open("A256CBC-HS512", key, flipped(iv, bit), ciphertext, tag, aad)).toBeUndefined()
    for (let bit = 0; bit < ciphertext.length * 8; bit += 31)
      expect(await open("A256CBC-HS512", key, iv, flipped(ciphertext, bit), tag, aad)).toBeUndefined()
    for (let bit = 0; bit < aad.length * 8; bit += 11)
      expect(await open("A256CBC-HS512", key, iv, ciphertext, tag, flipped(aad, bit))).toBeUndefined()
    // A truncated tag that matches the real one as far as it goes is still refused: the full 256 bits count.
    for (const length of [0, 1, 16, 31])
      expect(await open("A256CBC-HS512", key, iv, ciphertext, tag.subarray(0, length), aad)).toBeUndefined()
    // AAD moved into the ciphertext's place keeps A ‖ IV ‖ E the same bytes but not AL: refused.
    expect(await open("A256CBC-HS512", key, iv, ciphertext, tag, new Uint8Array())).toBeUndefined()
  })

  it("draws a fresh IV for every encryption, of the length each encryption takes", async () => {
    for (const [enc, ivLength, keyLength] of [
      ["A256CBC-HS512", 16, 64],
      ["A256GCM", 12, 32],
    ] as const) {
      const sealed = await Promise.all(Array.from({ length: 64 }, () => cipher.seal(enc, key.subarray(0, keyLength), plaintext, aad)))
      expect(new Set(sealed.map(({ iv }) => Buffer.from(iv).toString("hex"))).size).toBe(64)
      for (const { iv } of sealed) expect(iv.byteLength).toBe(ivLength)
    }
  })
})

describe("the two content ciphers are one", () => {
  it(
    "what either seals, the other opens, for both encryptions; any flipped bit is refused by both",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("A256CBC-HS512", "A256GCM"),
          fc.uint8Array({ minLength: 64, maxLength: 64 }),
          fc.uint8Array({ maxLength: 300 }),
          fc.uint8Array({ maxLength: 200 }),
          fc.boolean(),
          fc.nat(),
          async (enc, keyBytes, plaintext, aad, nodeSeals, bit) => {
            const key = enc === "A256GCM" ? keyBytes.subarray(0, 32) : keyBytes
            const [sealer, opener] = nodeSeals ? [nativeCrypto, subtleContentCipher] : [subtleContentCipher, nativeCrypto]
            const { iv, ciphertext, tag } = await sealer.seal(enc, key, plaintext, aad)
            for (const cipher of [opener, sealer])
              expect(new Uint8Array((await cipher.open(enc, key, iv, ciphertext, tag, aad))!)).toEqual(plaintext)
            const parts = [iv, ciphertext, tag].map((part) => new Uint8Array(part))
            const total = parts.reduce((sum, part) => sum + part.byteLength * 8, 0)
            // The bit'th bit of IV ‖ ciphertext ‖ tag, flipped in its part.
            let at = bit % total
            let which = 0
            while (at >= parts[which]!.byteLength * 8) at -= parts[which++]!.byteLength * 8
            parts[which]![at >> 3]! ^= 1 << (at & 7)
            for (const cipher of [opener, sealer]) expect(await cipher.open(enc, key, parts[0]!, parts[1]!, parts[2]!, aad)).toBeUndefined()
          },
        ),
        fuzzBudget(100),
      )
    },
    fuzzTimeout(),
  )
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
    const expiredToken = await encode({ token: claims, secret, salt, maxAge: -16 })
    const expired = await outcome(decode({ token: expiredToken, secret, salt }))
    expect(expired).toEqual({
      error: {
        name: "JWTExpired",
        code: "ERR_JWT_EXPIRED",
        message: '"exp" claim timestamp check failed',
        claim: "exp",
        reason: "check_failed",
      },
    })
    expect(expired).toEqual(await outcome(decodeWithJose(expiredToken, secret)))
    expect(await decode({ token: await encode({ token: claims, secret, salt, maxAge: -10 }), secret, salt })).toMatchObject(claims)
    const now = Math.floor(Date.now() / 1000)
    const futureToken = await encode({ token: { ...claims, nbf: now + 60 }, secret, salt })
    const future = await outcome(decode({ token: futureToken, secret, salt }))
    expect(future).toEqual({
      error: {
        name: "JWTClaimValidationFailed",
        code: "ERR_JWT_CLAIM_VALIDATION_FAILED",
        message: '"nbf" claim timestamp check failed',
        claim: "nbf",
        reason: "check_failed",
      },
    })
    expect(future).toEqual(await outcome(decodeWithJose(futureToken, secret)))
    const { key } = derivedKey("A256CBC-HS512", secret)
    // A malformed "iat" on purpose: jose's JWTPayload type refuses a string there, the decoder must too.
    const withIat = await new EncryptJWT({ ...claims, iat: "yesterday" } as unknown as JWTPayload)
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" })
      .setExpirationTime("1h")
      .encrypt(key)
    const badIat = await outcome(decode({ token: withIat, secret, salt }))
    expect(badIat).toMatchObject({ error: { name: "JWTClaimValidationFailed", claim: "iat", reason: "invalid" } })
    expect(badIat).toEqual(await outcome(decodeWithJose(withIat, secret)))
    await expect(decode({ token: await encode({ token: claims, secret, salt: "authjs.state" }), secret, salt })).rejects.toThrow()
  })

  it("refuse a payload that is not a JSON object (or not UTF-8, or not JSON) exactly as jose does", async () => {
    const { decode } = codec(path)
    const payloads = ["[1,2]", '"text"', "null", "42", "{", "", '{"a":1} x', '{"sub":"ok"}']
      .map((text) => new TextEncoder().encode(text))
      .concat([Uint8Array.of(0x7b, 0xff, 0x7d), Uint8Array.of(0xef, 0xbb, 0xbf, 0x7b, 0x7d)])
    for (const enc of ["A256CBC-HS512", "A256GCM"] as const) {
      const { key, kid } = derivedKey(enc, secret)
      for (const payload of payloads) {
        const token = await new CompactEncrypt(payload).setProtectedHeader({ alg: "dir", enc, kid }).encrypt(key)
        const ours = await outcome(decode({ token, secret, salt }))
        expect(ours).toEqual(await outcome(decodeWithJose(token, secret)))
      }
    }
  })

  it("refuse to encode what jose's EncryptJWT refuses, with EncryptJWT's error", async () => {
    const { encode } = codec(path)
    const { key, kid } = derivedKey("A256CBC-HS512", secret)
    /** What encode did with jose: the same builder calls, in the same order. */
    const withJose = async (token: unknown, maxAge: number) => {
      const now = Math.floor(Date.now() / 1000)
      return new EncryptJWT(token as JWTPayload)
        .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid })
        .setIssuedAt(now)
        .setExpirationTime(now + maxAge)
        .setJti(crypto.randomUUID())
        .encrypt(key)
    }
    const cases: [string, unknown, number][] = [
      ["an array", [1, 2], 60],
      ["null", null, 60],
      ["a class instance", new URL("https://example.test/"), 60],
      ["a Map", new Map(), 60],
      ["a function inside", { sub: "1", f: () => 1 }, 60],
      ["a symbol inside", { sub: "1", s: Symbol("x") }, 60],
      ["a BigInt inside", { sub: "1", n: 1n }, 60],
      ["an infinite nbf", { sub: "1", nbf: Number.POSITIVE_INFINITY }, 60],
      ["a NaN nbf", { sub: "1", nbf: Number.NaN }, 60],
      ["a NaN maxAge", { sub: "1" }, Number.NaN],
      ["an infinite maxAge", { sub: "1" }, Number.POSITIVE_INFINITY],
    ]
    for (const [what, token, maxAge] of cases) {
      const ours = await outcome(encode({ token: token as JWTPayload, secret, salt, maxAge }))
      const theirs = await outcome(withJose(token, maxAge))
      expect(ours, what).toHaveProperty("error")
      expect({ name: ours.error?.name, message: ours.error?.message }, what).toEqual({
        name: theirs.error?.name,
        message: theirs.error?.message,
      })
    }
  })

  it("refuse a token with a tampered tag, ciphertext, IV or header, for both encryptions", async () => {
    const { encode, decode } = codec(path)
    const replaced = (parts: string[], index: number, part: string) => parts.map((each, i) => (i === index ? part : each)).join(".")
    const gcm = derivedKey("A256GCM", secret)
    const tokens = [
      await encode({ token: claims, secret, salt }),
      await new EncryptJWT(claims)
        .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid: gcm.kid })
        .setExpirationTime("1h")
        .encrypt(gcm.key),
    ]
    for (const token of tokens) {
      const parts = token.split(".")
      for (const index of [2, 3, 4]) {
        const bytes = Buffer.from(parts[index]!, "base64url")
        for (let bit = 0; bit < bytes.length * 8; bit += 13) {
          const tampered = Buffer.from(bytes)
          tampered[bit >> 3]! ^= 1 << (bit & 7)
          const changed = replaced(parts, index, tampered.toString("base64url"))
          const [onNode, onEdge, onJose] = await decodedEverywhere(changed, secret)
          expect(onNode).toEqual({
            error: expect.objectContaining({ name: "JWEDecryptionFailed", message: "decryption operation failed" }),
          })
          expect(onEdge).toEqual(onNode)
          expect(onJose).toHaveProperty("error")
        }
      }
      // The same header re-encoded (a space added) is other AAD: the tag no longer authenticates it.
      const header = JSON.parse(Buffer.from(parts[0]!, "base64url").toString())
      const spaced = Buffer.from(JSON.stringify(header, null, 1)).toString("base64url")
      const outcomes = await decodedEverywhere(replaced(parts, 0, spaced), secret)
      for (const each of outcomes) expect(each).toMatchObject({ error: { name: "JWEDecryptionFailed" } })
      // Another key id: no secret matches it.
      const otherKid = Buffer.from(JSON.stringify({ ...header, kid: "another-key" })).toString("base64url")
      for (const each of await decodedEverywhere(replaced(parts, 0, otherKid), secret)) {
        expect(each).toMatchObject({ error: { message: "no matching decryption secret" } })
      }
      expect(await decode({ token, secret, salt })).toMatchObject(claims)
    }
  })
})

describe("both paths agree on every input, and with jose", () => {
  // One clock for the encoders, both paths and jose: a second ticking between them would move exp and nbf.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() })
  })
  afterAll(() => {
    vi.useRealTimers()
  })
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
  const minter = fc.constantFrom("node", "workerd", "@auth/core", "jose A256CBC-HS512", "jose A256GCM", "jose A256GCM without kid")
  /** A token of these claims by one of the two paths, by @auth/core, or by jose in the construction (dir, either enc, kid or none). */
  const mint = (by: string, token: Record<string, unknown>, key: string, seconds: number) => {
    if (by === "@auth/core") return authjs.encode({ token, secret: key, salt, maxAge: seconds })
    if (!by.startsWith("jose")) return codec(by).encode({ token, secret: key, salt, maxAge: seconds })
    const enc = by.includes("GCM") ? "A256GCM" : "A256CBC-HS512"
    const derived = derivedKey(enc, key)
    return new EncryptJWT(token)
      .setProtectedHeader(by.endsWith("without kid") ? { alg: "dir", enc } : { alg: "dir", enc, kid: derived.kid })
      .setExpirationTime(now() + seconds)
      .encrypt(derived.key)
  }

  it("exp and nbf at every second around the 15 s tolerance: decided as jose decides them, on both paths", async () => {
    const seen = new Set<string>()
    for (const by of ["node", "workerd", "jose A256GCM"]) {
      for (let offset = -18; offset <= 18; offset++) {
        const notYet = await mint(by, { sub: "1", nbf: now() + offset }, secret, 3600)
        const expiring = await mint(by, { sub: "1" }, secret, offset)
        for (const token of [notYet, expiring]) {
          const [onNode, onEdge, onJose] = await decodedEverywhere(token, secret)
          expect(onNode).toEqual(onJose)
          expect(onEdge).toEqual(onJose)
          seen.add("claims" in onJose! ? "read" : onJose!.error.name)
        }
      }
    }
    expect([...seen].sort()).toEqual(["JWTClaimValidationFailed", "JWTExpired", "read"])
  })

  it(
    "random claims (times near the tolerance), secrets same, rotated or wrong: the same claims, or the same error, as jose's",
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
            const outcomes = await decodedEverywhere(
              token,
              secrets === "same" ? key : secrets === "rotated" ? [`${key}-new`, key] : `${key}-other`,
            )
            expectAgreement(outcomes, true)
            // Tokens in the construction: jose's outcome exactly, errors and all.
            expect(outcomes[0]).toEqual(outcomes[2])
            if ("claims" in outcomes[0]!) accepted++
          },
        ),
        fuzzBudget(300),
      )
      expect(accepted).toBeGreaterThan(0)
    },
    fuzzTimeout(60_000),
  )

  it(
    "a valid token with one byte changed anywhere: the same claims, or the same error; never read where jose refuses",
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
            expectAgreement(await decodedEverywhere(token.slice(0, at) + char + token.slice(at + 1), key), true)
          },
        ),
        fuzzBudget(400),
      )
    },
    fuzzTimeout(60_000),
  )

  it(
    "a header outside the construction (typ, cty, zip, crit, another alg or enc, a kid not a string) is refused on both with JWEInvalid, even where jose reads it",
    async () => {
      const anyHeader = fc.record(
        {
          alg: fc.constantFrom("dir", "A256KW", "none"),
          enc: fc.constantFrom("A256CBC-HS512", "A256GCM", "A128GCM"),
          kid: fc.oneof(fc.constant("the derived key's id"), fc.string(), fc.integer(), fc.constant(null)),
          typ: fc.constantFrom("JWT", "JWE"),
          cty: fc.constant("JWT"),
          zip: fc.constant("DEF"),
          crit: fc.constant(["exp"]),
        },
        { requiredKeys: ["alg", "enc"] },
      )
      // A header Auth.js writes with one parameter more: jose reads most of these, the construction none.
      const oneParameterMore = fc
        .tuple(
          fc.constantFrom("A256CBC-HS512", "A256GCM"),
          fc.boolean(),
          fc.constantFrom<[string, unknown]>(["typ", "JWT"], ["cty", "JWT"], ["zip", "DEF"], ["x-app", 1], ["iss", "https://example.test"]),
        )
        .map(([enc, withKid, [name, value]]) => ({
          alg: "dir",
          enc,
          ...(withKid ? { kid: "the derived key's id" } : {}),
          [name]: value,
        }))
      const headers = fc.oneof(anyHeader, oneParameterMore)
      let readByJose = 0
      await fc.assert(
        fc.asyncProperty(headers, async (generated) => {
          const { key, kid } = derivedKey(generated.enc, secret)
          const header = generated.kid === "the derived key's id" ? { ...generated, kid } : generated
          const inConstruction =
            header.alg === "dir" &&
            header.enc !== "A128GCM" &&
            Object.keys(header).every((name) => ["alg", "enc", "kid"].includes(name)) &&
            (header.kid === undefined || typeof header.kid === "string")
          let token: string
          try {
            // Authentic where jose can make it (then jose may well read it), the header swapped onto a valid token where it cannot.
            const wrappingKey = header.alg === "A256KW" ? key.subarray(0, 32) : header.enc === "A128GCM" ? key.subarray(0, 16) : key
            token = await new EncryptJWT(claims)
              .setProtectedHeader(header as Parameters<EncryptJWT["setProtectedHeader"]>[0])
              .setExpirationTime("1h")
              .encrypt(wrappingKey)
          } catch {
            const valid = await new EncryptJWT(claims)
              .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" })
              .setExpirationTime("1h")
              .encrypt(derivedKey("A256CBC-HS512", secret).key)
            token = [Buffer.from(JSON.stringify(header)).toString("base64url"), ...valid.split(".").slice(1)].join(".")
          }
          const outcomes = await decodedEverywhere(token, secret)
          expectAgreement(outcomes, inConstruction)
          if ("claims" in outcomes[2]!) readByJose++
          if (!inConstruction) expect(outcomes[0]).toMatchObject({ error: { name: "JWEInvalid", code: "ERR_JWE_INVALID" } })
        }),
        fuzzBudget(150),
      )
      // The refusal is tested where it matters: on tokens jose would have read.
      expect(readByJose).toBeGreaterThan(0)
    },
    fuzzTimeout(),
  )
})
