import { nativeCrypto, type ScryptParams } from "../crypto/native-crypto.js"

export type { ScryptParams }

/**
 * scrypt (RFC 7914): node:crypto's under the `node` export condition (the thread pool, native
 * speed), @noble/hashes' audited pure-JavaScript one everywhere else (edge runtimes). Both give
 * the same bytes (scrypt-kdf.test.ts), so a hash made on one verifies on the other.
 */
export async function scryptKdf(password: Uint8Array, salt: Uint8Array, params: ScryptParams): Promise<Uint8Array> {
  if (nativeCrypto?.scrypt) return nativeCrypto.scrypt(password, salt, params)
  return webScrypt(password, salt, params)
}

/** The pure-JavaScript path, loaded only where it is used. */
export async function webScrypt(password: Uint8Array, salt: Uint8Array, { ln, r, p, keyLength }: ScryptParams): Promise<Uint8Array> {
  const { scryptAsync } = await import("@noble/hashes/scrypt.js")
  const N = 2 ** ln
  return scryptAsync(password, salt, { N, r, p, dkLen: keyLength, maxmem: 128 * N * r * p + 2 * 1024 * 1024 })
}
