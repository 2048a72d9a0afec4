import { formatScryptPhc, parseScryptPhc } from "./phc-string.js"
import { nativeCrypto, type ScryptParams } from "../crypto/native-crypto.js"

/** OWASP's Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1; 16-byte salt, 32-byte hash. */
export const owaspScrypt: ScryptParams = { ln: 17, r: 8, p: 1, keyLength: 32 }

const encoder = new TextEncoder()

/** The form a password is hashed and checked in: NFKC, so every way of typing the same text is one password. */
export function normalizePassword(password: string): string {
  return password.normalize("NFKC")
}

/** A new PHC string for the password, with a fresh random salt. */
export async function hashPassword(password: string, params: ScryptParams = owaspScrypt): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const hash = await scryptKdf(encoder.encode(normalizePassword(password)), salt, params)
  return formatScryptPhc({ params, salt, hash })
}

export interface PasswordCheck {
  ok: boolean
  /** The stored hash was made with other parameters than `params`: store a new one now that the password is known. */
  needsRehash: boolean
}

/**
 * Whether the password matches the stored PHC string. A stored value that is not a hash this
 * code made (a corrupted row) matches nothing. The comparison is constant-time.
 */
export async function verifyPassword(password: string, stored: string, params: ScryptParams = owaspScrypt): Promise<PasswordCheck> {
  const parsed = parseScryptPhc(stored)
  if (!parsed) return { ok: false, needsRehash: false }
  const hash = await scryptKdf(encoder.encode(normalizePassword(password)), parsed.salt, parsed.params)
  const ok = sameBytes(hash, parsed.hash)
  const p = parsed.params
  const needsRehash = ok && (p.ln !== params.ln || p.r !== params.r || p.p !== params.p || p.keyLength !== params.keyLength)
  return { ok, needsRehash }
}

const dummies = new Map<string, Promise<string>>()

/**
 * A hash of a password nobody knows, with the given parameters: verified for an address that
 * has no user (or no password), so that answer takes as long as a wrong password for a real one.
 */
export function dummyHash(params: ScryptParams = owaspScrypt): Promise<string> {
  const key = `${params.ln},${params.r},${params.p},${params.keyLength}`
  let dummy = dummies.get(key)
  if (!dummy) {
    dummy = hashPassword(crypto.randomUUID(), params)
    dummies.set(key, dummy)
  }
  return dummy
}

/** Byte equality whose time does not depend on where the arrays differ. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false
  let diff = 0
  for (let i = 0; i < a.byteLength; i++) diff |= a[i]! ^ b[i]!
  return diff === 0
}

/**
 * scrypt (RFC 7914): node:crypto's under the `node` export condition (the thread pool, native
 * speed), @noble/hashes' audited pure-JavaScript one everywhere else (edge runtimes). Both give
 * the same bytes (hash-password.test.ts), so a hash made on one verifies on the other.
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
