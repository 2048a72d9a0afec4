import { calculateJwkThumbprint } from "jose/jwk/thumbprint"
import * as base64url from "jose/base64url"

export type ContentEncryption = "A256CBC-HS512" | "A256GCM"

export interface DerivedKey {
  key: Uint8Array
  /** RFC 7638 thumbprint of the key: lets a decoder pick the right secret without trying each. */
  kid: string
}

const text = new TextEncoder()
const derived = new Map<string, Promise<DerivedKey>>()
/** Secrets and salts are few in a real app; the bound only stops a misuse from growing memory. */
const maxCachedKeys = 256

/**
 * The content-encryption key for a secret and salt, derived as Auth.js does (HKDF-SHA256,
 * info "Auth.js Generated Encryption Key (<salt>)") so that its cookies stay readable.
 * HKDF and the thumbprint cost tens of microseconds each: they run once per secret and salt.
 */
export function deriveEncryptionKey(enc: ContentEncryption, secret: string, salt: string): Promise<DerivedKey> {
  const cacheKey = `${enc}\u0000${salt}\u0000${secret}`
  let entry = derived.get(cacheKey)
  if (!entry) {
    entry = derive(enc, secret, salt)
    entry.catch(() => derived.delete(cacheKey))
    if (derived.size >= maxCachedKeys) derived.delete(derived.keys().next().value!)
    derived.set(cacheKey, entry)
  }
  return entry
}

async function derive(enc: ContentEncryption, secret: string, salt: string): Promise<DerivedKey> {
  const length = enc === "A256CBC-HS512" ? 64 : 32
  const ikm = await crypto.subtle.importKey("raw", text.encode(secret), "HKDF", false, ["deriveBits"])
  const bits = await crypto.subtle.deriveBits(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: text.encode(salt),
      info: text.encode(`Auth.js Generated Encryption Key (${salt})`),
    },
    ikm,
    length * 8,
  )
  const key = new Uint8Array(bits)
  const kid = await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, `sha${key.byteLength << 3}` as "sha512")
  return { key, kid }
}
