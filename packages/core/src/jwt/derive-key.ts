import { contentCipher, nativeCrypto, type ContentEncryption } from "../crypto/native-crypto.js"

export type { ContentEncryption }

export interface DerivedKey {
  key: Uint8Array
  /** RFC 7638 thumbprint of the key: lets a decoder pick the right secret without trying each. */
  kid: string
}

const text = new TextEncoder()
const derived = new Map<string, DerivedKey | Promise<DerivedKey>>()
/** Secrets and salts are few in a real app; the bound only stops a misuse from growing memory. */
const maxCachedKeys = 256

/** The last key served from the cache, with what it was derived from. */
let last: { enc: string; secret: string; salt: string; key: DerivedKey | undefined } = { enc: "", secret: "", salt: "", key: undefined }

/**
 * The content-encryption key for a secret and salt, derived as Auth.js does (HKDF-SHA256,
 * info "Auth.js Generated Encryption Key (<salt>)") so that its cookies stay readable.
 * HKDF and the thumbprint run once per secret and salt; on Node they are synchronous, so a
 * cached key is returned as a value, not a promise.
 */
export function deriveEncryptionKey(enc: ContentEncryption, secret: string, salt: string): DerivedKey | Promise<DerivedKey> {
  // An app derives with one secret and cookie name on almost every request: that one skips the map.
  if (last.enc === enc && last.secret === secret && last.salt === salt && last.key) return last.key
  const cacheKey = `${enc}\u0000${salt}\u0000${secret}`
  let entry = derived.get(cacheKey)
  if (entry && !(entry instanceof Promise)) last = { enc, secret, salt, key: entry }
  if (!entry) {
    if (nativeCrypto) {
      entry = deriveNatively(enc, secret, salt)
    } else {
      const pending = derive(enc, secret, salt)
      pending.then(
        (value) => derived.get(cacheKey) === pending && derived.set(cacheKey, value),
        () => derived.delete(cacheKey),
      )
      entry = pending
    }
    if (derived.size >= maxCachedKeys) derived.delete(derived.keys().next().value!)
    derived.set(cacheKey, entry)
  }
  return entry
}

const lengthOf = (enc: ContentEncryption) => (enc === "A256CBC-HS512" ? 64 : 32)
const infoOf = (salt: string) => `Auth.js Generated Encryption Key (${salt})`

async function derive(enc: ContentEncryption, secret: string, salt: string): Promise<DerivedKey> {
  const length = lengthOf(enc)
  const ikm = await crypto.subtle.importKey("raw", text.encode(secret), "HKDF", false, ["deriveBits"])
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: text.encode(salt), info: text.encode(infoOf(salt)) },
    ikm,
    length * 8,
  )
  const key = new Uint8Array(bits)
  // RFC 7638 for an "oct" key, as deriveNatively below: jose's calculateJwkThumbprint would bring its
  // JWK checks for every key type into each edge bundle (~1.3 KiB minified) for this one shape.
  // base64url by the content cipher's own encoder, the one the token's parts are written with.
  const members = text.encode(JSON.stringify({ k: contentCipher.base64urlEncode(key), kty: "oct" }))
  const kid = contentCipher.base64urlEncode(
    new Uint8Array(await crypto.subtle.digest(key.byteLength === 64 ? "SHA-512" : "SHA-256", members)),
  )
  return { key, kid }
}

function deriveNatively(enc: ContentEncryption, secret: string, salt: string): DerivedKey {
  const native = nativeCrypto!
  const key = native.hkdfSha256(secret, salt, infoOf(salt), lengthOf(enc))
  // RFC 7638 for an "oct" key: the required members k and kty, in that order, no whitespace.
  const kid = native.digestBase64url(
    key.byteLength === 64 ? "sha512" : "sha256",
    JSON.stringify({ k: native.base64urlEncode(key), kty: "oct" }),
  )
  return { key, kid }
}
