import type { ScryptParams } from "../crypto/native-crypto.js"

/**
 * The PHC string format (github.com/P-H-C/phc-string-format) for scrypt, as passlib and others
 * write it: `$scrypt$ln=17,r=8,p=1$<salt>$<hash>`, salt and hash in unpadded standard base64.
 * The parameters travel with the hash, so they can change without invalidating stored hashes.
 */
export interface ScryptPhc {
  params: ScryptParams
  salt: Uint8Array
  hash: Uint8Array
}

export function formatScryptPhc({ params, salt, hash }: ScryptPhc): string {
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${toB64(salt)}$${toB64(hash)}`
}

const phcPattern = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{11,128})\$([A-Za-z0-9+/]{22,128})$/

/** Undefined for anything that is not a scrypt PHC string with sane parameters. */
export function parseScryptPhc(text: string): ScryptPhc | undefined {
  const match = phcPattern.exec(text)
  if (!match) return undefined
  const [ln, r, p] = [match[1], match[2], match[3]].map(Number) as [number, number, number]
  // Bounds keep a tampered row from asking for gigabytes: N ≤ 2^22, r ≤ 32, p ≤ 16.
  if (ln < 1 || ln > 22 || r < 1 || r > 32 || p < 1 || p > 16) return undefined
  const salt = fromB64(match[4]!)
  const hash = fromB64(match[5]!)
  if (!salt || !hash) return undefined
  return { params: { ln, r, p, keyLength: hash.byteLength }, salt, hash }
}

function toB64(bytes: Uint8Array): string {
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/=+$/, "")
}

function fromB64(text: string): Uint8Array | undefined {
  // Unpadded base64 never has a length of 1 modulo 4.
  if (text.length % 4 === 1) return undefined
  const binary = atob(text + "=".repeat((4 - (text.length % 4)) % 4))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}
