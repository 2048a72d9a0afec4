/**
 * The content cipher of the session token's JWE construction (direct-jwe.ts) on WebCrypto: what
 * edge runtimes and browsers get from #native-crypto (native-crypto.ts re-exports it). RFC 7518
 * §5.2 (AES_256_CBC_HMAC_SHA_512) and §5.3 (A256GCM) only, the same bytes as native-crypto.node.ts
 * (jwt/jwe-paths.fuzz.test.ts runs both on the same cases, with jose and the Appendix B.3 vector).
 * No `node:` import: this is what a Workers bundle carries instead of jose's JWE.
 */
import type { ContentCipher, ContentEncryption, SealedContent } from "./content-cipher.js"

/** MAC_KEY ‖ ENC_KEY, 32 bytes each; T is the first 32 bytes of HMAC-SHA-512 (§5.2.2.1, §5.2.5). */
const cbcHalf = 32

interface CbcKeys {
  mac: CryptoKey
  aes: CryptoKey
}

/**
 * The imported keys of each content-encryption key, by its bytes: jwt/derive-key.ts hands out the
 * same Uint8Array for a secret and salt every time, so a key is imported once, not on every token.
 */
const cbcKeys = new WeakMap<Uint8Array, Promise<CbcKeys>>()
const gcmKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>()

/** WebCrypto takes ArrayBuffer-backed views; ours always are (TypeScript cannot know that). */
const bytes = (view: Uint8Array) => view as Uint8Array<ArrayBuffer>

function cbcKeysOf(key: Uint8Array): Promise<CbcKeys> {
  let keys = cbcKeys.get(key)
  if (!keys) {
    keys = Promise.all([
      crypto.subtle.importKey("raw", bytes(key.subarray(0, cbcHalf)), { name: "HMAC", hash: "SHA-512" }, false, ["sign"]),
      crypto.subtle.importKey("raw", bytes(key.subarray(cbcHalf)), "AES-CBC", false, ["encrypt", "decrypt"]),
    ]).then(([mac, aes]) => ({ mac, aes }))
    // A failed import is not remembered: the next call tries again (and fails the same way).
    keys.catch(() => cbcKeys.delete(key))
    cbcKeys.set(key, keys)
  }
  return keys
}

function gcmKeyOf(key: Uint8Array): Promise<CryptoKey> {
  let imported = gcmKeys.get(key)
  if (!imported) {
    imported = crypto.subtle.importKey("raw", bytes(key), "AES-GCM", false, ["encrypt", "decrypt"])
    imported.catch(() => gcmKeys.delete(key))
    gcmKeys.set(key, imported)
  }
  return imported
}

/** HMAC-SHA-512 over AAD ‖ IV ‖ E ‖ AL, truncated to T_LEN; AL is the AAD's length in bits, 64-bit big-endian. */
async function cbcTag(mac: CryptoKey, aad: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array): Promise<Uint8Array> {
  const input = new Uint8Array(aad.byteLength + iv.byteLength + ciphertext.byteLength + 8)
  input.set(aad, 0)
  input.set(iv, aad.byteLength)
  input.set(ciphertext, aad.byteLength + iv.byteLength)
  const bits = aad.byteLength * 8
  const al = new DataView(input.buffer, input.byteLength - 8)
  // The bit count as two 32-bit halves (AAD lengths stay far below 2^53 bits).
  al.setUint32(0, Math.floor(bits / 2 ** 32))
  al.setUint32(4, bits >>> 0)
  return new Uint8Array(await crypto.subtle.sign("HMAC", mac, input), 0, cbcHalf)
}

/** Equal bytes, in time that depends on the length only (both are T_LEN here), never on where they differ. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false
  let difference = 0
  for (let i = 0; i < a.byteLength; i++) difference |= a[i]! ^ b[i]!
  return difference === 0
}

/** §5.2.2.1 with a given IV: exported for the RFC 7518 Appendix B.3 test vector; seal draws the IV. */
export async function sealCbcHs512(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Promise<SealedContent> {
  if (key.byteLength !== 2 * cbcHalf) throw new TypeError("A256CBC-HS512 needs a 512-bit key")
  const { mac, aes } = await cbcKeysOf(key)
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-CBC", iv: bytes(iv) }, aes, bytes(plaintext)))
  return { iv, ciphertext, tag: await cbcTag(mac, aad, iv, ciphertext) }
}

async function seal(enc: ContentEncryption, key: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Promise<SealedContent> {
  if (enc === "A256CBC-HS512") return sealCbcHs512(key, crypto.getRandomValues(new Uint8Array(16)), plaintext, aad)
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: bytes(aad), tagLength: 128 }, await gcmKeyOf(key), bytes(plaintext)),
  )
  return { iv, ciphertext: sealed.subarray(0, -16), tag: sealed.subarray(-16) }
}

async function open(
  enc: ContentEncryption,
  key: Uint8Array,
  iv: Uint8Array,
  ciphertext: Uint8Array,
  tag: Uint8Array,
  aad: Uint8Array,
): Promise<Uint8Array | undefined> {
  if (enc === "A256CBC-HS512") {
    if (key.byteLength !== 2 * cbcHalf || iv.byteLength !== 16 || tag.byteLength !== cbcHalf) return undefined
    const { mac, aes } = await cbcKeysOf(key)
    // The tag is checked, in full and in constant time, before a byte is decrypted (§5.2.2.2).
    if (!constantTimeEqual(tag, await cbcTag(mac, aad, iv, ciphertext))) return undefined
    try {
      return new Uint8Array(await crypto.subtle.decrypt({ name: "AES-CBC", iv: bytes(iv) }, aes, bytes(ciphertext)))
    } catch {
      return undefined
    }
  }
  if (key.byteLength !== 32 || iv.byteLength !== 12 || tag.byteLength !== 16) return undefined
  const sealed = new Uint8Array(ciphertext.byteLength + tag.byteLength)
  sealed.set(ciphertext)
  sealed.set(tag, ciphertext.byteLength)
  try {
    // WebCrypto returns no plaintext unless the tag authenticates.
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: bytes(iv), additionalData: bytes(aad), tagLength: 128 },
        await gcmKeyOf(key),
        sealed,
      ),
    )
  } catch {
    return undefined
  }
}

function base64urlEncode(data: Uint8Array): string {
  let binary = ""
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < data.byteLength; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000))
  return btoa(binary).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")
}

/** Forgiving-base64 (atob) of text already checked to be unpadded base64url: the bytes Node's Buffer gives. */
function base64urlDecode(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"))
  const decoded = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) decoded[i] = binary.charCodeAt(i)
  return decoded
}

function ascii(text: string): Uint8Array {
  const encoded = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) encoded[i] = text.charCodeAt(i)
  return encoded
}

export const subtleContentCipher: ContentCipher = { base64urlEncode, base64urlDecode, ascii, seal, open }
