/**
 * Synchronous crypto of the runtime, for the operations where one gives exactly WebCrypto's and
 * jose's result without a hop to a thread pool, and the content cipher of the session token's JWE
 * construction (direct-jwe.ts). This module is the variant for edge runtimes and browsers: there is
 * no synchronous crypto (`nativeCrypto` is undefined, so callers use WebCrypto), and the content
 * cipher is WebCrypto's (subtle-content-cipher.ts). Under the `node` condition the package's
 * `#native-crypto` import (package.json "imports", wired by scripts/bundle.mjs) loads
 * native-crypto.node.ts instead, whose content cipher is node:crypto's. Both ciphers are proven equal,
 * to each other and to jose, by jwt/jwe-paths.fuzz.test.ts.
 */
import type { ContentCipher, ContentEncryption, OpenInput, SealedContent, SealInput } from "./content-cipher.js"

export type { ContentCipher, ContentEncryption, SealedContent }

export interface NativeCrypto {
  /** HKDF-SHA-256 (RFC 5869) of UTF-8 strings. */
  hkdfSha256(secret: string, salt: string, info: string, length: number): Uint8Array
  /** Lowercase hex SHA-256 of a UTF-8 string. */
  sha256Hex(value: string): string
  /** base64url SHA-256 or SHA-512 of a UTF-8 string (RFC 7638 thumbprints). */
  digestBase64url(hash: "sha256" | "sha512", value: string): string
  base64urlEncode: ContentCipher["base64urlEncode"]
  base64urlDecode: ContentCipher["base64urlDecode"]
  ascii: ContentCipher["ascii"]
  /** ContentCipher's seal, synchronous. */
  seal(...input: SealInput): SealedContent
  /** ContentCipher's open, synchronous. */
  open(...input: OpenInput): Uint8Array | undefined
  /**
   * scrypt (RFC 7914), the runtime's own: the one asynchronous member, run off the main thread
   * (Node's thread pool). Without it (this variant) passwords/hash-password.ts uses @noble/hashes.
   */
  scrypt?(password: Uint8Array, salt: Uint8Array, params: ScryptParams): Promise<Uint8Array>
}

/** scrypt's cost: N = 2^ln, block size r, parallelism p, and the key length in bytes. */
export interface ScryptParams {
  ln: number
  r: number
  p: number
  keyLength: number
}

export const nativeCrypto: NativeCrypto | undefined = undefined

/** The session token's content cipher: WebCrypto's, asynchronous. */
export { subtleContentCipher as contentCipher } from "./subtle-content-cipher.js"
