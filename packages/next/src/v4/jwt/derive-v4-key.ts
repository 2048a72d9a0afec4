/**
 * next-auth 4's content-encryption key: HKDF-SHA256 over the secret, empty salt, info
 * "NextAuth.js Generated Encryption Key", 32 bytes (next-auth 4.24 src/jwt/index.ts). Unlike
 * Auth.js v5 the cookie name plays no part, so one key serves every cookie of a v4 app.
 */
const info = new TextEncoder().encode("NextAuth.js Generated Encryption Key")
const keys = new Map<string, Promise<Uint8Array>>()
/** Secrets are few; the bound only keeps a misuse from growing memory. */
const maxCachedKeys = 64

export function deriveV4EncryptionKey(secret: string): Promise<Uint8Array> {
  let key = keys.get(secret)
  if (!key) {
    key = derive(secret)
    key.catch(() => keys.delete(secret))
    if (keys.size >= maxCachedKeys) keys.delete(keys.keys().next().value!)
    keys.set(secret, key)
  }
  return key
}

async function derive(secret: string): Promise<Uint8Array> {
  const ikm = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveBits"])
  const bits = await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info }, ikm, 256)
  return new Uint8Array(bits)
}
