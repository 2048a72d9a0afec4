/**
 * The `node` variant of native-crypto.ts: node:crypto's synchronous primitives. The only cipher
 * here is the content encryption of the session token's one JWE construction, RFC 7518 §5.2
 * (AES_256_CBC_HMAC_SHA_512) and §5.3 (A256GCM); the construction itself (header, key choice,
 * claims) is crypto/direct-jwe.ts, shared with WebCrypto's cipher (subtle-content-cipher.ts) that
 * every other runtime gets. Being synchronous, it lets a session read on Node take no promise.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, scrypt as scryptCallback, timingSafeEqual } from "node:crypto"
import type { ContentCipher, ContentEncryption, NativeCrypto, ScryptParams } from "./native-crypto.js"
import { drawRandomBytes } from "./random-pool.js"

/** MAC_KEY ‖ ENC_KEY, 32 bytes each; T is the first 32 bytes of HMAC-SHA-512 (§5.2.2.1, §5.2.5). */
const cbcHalf = 32

/** HMAC-SHA-512 over AAD ‖ IV ‖ E ‖ AL, truncated to T_LEN; AL is the AAD's length in bits, 64-bit big-endian. */
function cbcTag(macKey: Uint8Array, aad: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array): Buffer {
  const al = Buffer.alloc(8)
  // The bit count as two 32-bit halves: no BigInt on the hot path (AAD lengths stay far below 2^53 bits).
  const bits = aad.byteLength * 8
  al.writeUInt32BE(Math.floor(bits / 2 ** 32), 0)
  al.writeUInt32BE(bits >>> 0, 4)
  return createHmac("sha512", macKey).update(aad).update(iv).update(ciphertext).update(al).digest().subarray(0, cbcHalf)
}

/** §5.2.2.1 with a given IV: exported for the RFC 7518 Appendix B.3 test vector; seal draws the IV. */
export function sealCbcHs512(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array) {
  if (key.byteLength !== 2 * cbcHalf) throw new TypeError("A256CBC-HS512 needs a 512-bit key")
  const cipher = createCipheriv("aes-256-cbc", key.subarray(cbcHalf), iv)
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return { iv, ciphertext, tag: cbcTag(key.subarray(0, cbcHalf), aad, iv, ciphertext) }
}

function seal(enc: ContentEncryption, key: Uint8Array, plaintext: Uint8Array, aad: Uint8Array) {
  if (enc === "A256CBC-HS512") return sealCbcHs512(key, drawRandomBytes(16), plaintext, aad)
  const iv = drawRandomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: 16 })
  cipher.setAAD(aad)
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return { iv, ciphertext, tag: cipher.getAuthTag() }
}

function open(enc: ContentEncryption, key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array, tag: Uint8Array, aad: Uint8Array) {
  if (enc === "A256CBC-HS512") {
    if (key.byteLength !== 2 * cbcHalf || iv.byteLength !== 16 || tag.byteLength !== cbcHalf) return undefined
    // The tag is checked, in full and in constant time, before a byte is decrypted (§5.2.2.2).
    if (!timingSafeEqual(tag, cbcTag(key.subarray(0, cbcHalf), aad, iv, ciphertext))) return undefined
    try {
      const decipher = createDecipheriv("aes-256-cbc", key.subarray(cbcHalf), iv)
      return Buffer.concat([decipher.update(ciphertext), decipher.final()])
    } catch {
      return undefined
    }
  }
  if (key.byteLength !== 32 || iv.byteLength !== 12 || tag.byteLength !== 16) return undefined
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: 16 })
    decipher.setAAD(aad)
    decipher.setAuthTag(tag)
    // final() throws unless the tag authenticates; the plaintext is not used before that.
    return Buffer.concat([decipher.update(ciphertext), decipher.final()])
  } catch {
    return undefined
  }
}

export const nativeCrypto: NativeCrypto = {
  hkdfSha256: (secret, salt, info, length) => new Uint8Array(hkdfSync("sha256", secret, salt, info, length)),
  sha256Hex: (value) => createHash("sha256").update(value).digest("hex"),
  digestBase64url: (hash, value) => createHash(hash).update(value).digest("base64url"),
  base64urlEncode: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64url"),
  // Buffers (Uint8Arrays from Node's pool) rather than fresh ArrayBuffers: a session read allocates
  // several small ones, and pooled ones cost less to make and to collect.
  base64urlDecode: (text) => Buffer.from(text, "base64url"),
  ascii: (text) => Buffer.from(text, "latin1"),
  seal,
  open,
  scrypt,
}

/** The session token's content cipher: node:crypto's, synchronous (its base64url, seal and open above). */
export const contentCipher: ContentCipher = nativeCrypto

/** node:crypto's scrypt in the thread pool; `maxmem` raised to what the parameters need (128·N·r·p bytes, and some). */
function scrypt(password: Uint8Array, salt: Uint8Array, { ln, r, p, keyLength }: ScryptParams): Promise<Uint8Array> {
  const N = 2 ** ln
  const maxmem = 128 * N * r * p + 2 * 1024 * 1024
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keyLength, { N, r, p, maxmem }, (error, key) => (error ? reject(error) : resolve(new Uint8Array(key)))),
  )
}
