import { sha256Hex } from "../crypto/sha256-hex.js"

/** How many backup codes a user gets at once. */
export const backupCodeCount = 10

// No 0/O, 1/I/L: codes are read off paper and typed.
const alphabet = "23456789abcdefghjkmnpqrstuvwxyz"

/**
 * New backup codes, shown once: 10 characters each (about 49 bits), written `xxxxx-xxxxx`. High
 * entropy, so a plain SHA-256 is enough to store them (no one can search that space offline).
 */
export function newBackupCodes(count = backupCodeCount): string[] {
  return Array.from({ length: count }, () => {
    const chars = randomChars(10)
    return `${chars.slice(0, 5)}-${chars.slice(5)}`
  })
}

/** Uniform over the alphabet: bytes past the last whole multiple of its length are drawn again (no modulo bias). */
function randomChars(length: number): string {
  const limit = 256 - (256 % alphabet.length)
  let chars = ""
  while (chars.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < limit && chars.length < length) chars += alphabet[byte % alphabet.length]
    }
  }
  return chars
}

/** A code as typed: case, spaces and dashes do not matter. */
export function normalizeBackupCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "")
}

/** Whether the input looks like a backup code rather than a TOTP code. */
export function looksLikeBackupCode(code: string): boolean {
  return /^[2-9a-z]{10}$/.test(normalizeBackupCode(code))
}

/** What is stored of a code: the hash of its normalized form. */
export function backupCodeHash(code: string): Promise<string> {
  return sha256Hex(`gatehouse-backup-code:${normalizeBackupCode(code)}`)
}
