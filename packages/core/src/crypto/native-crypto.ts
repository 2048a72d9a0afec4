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
import type { ContentCipher, ContentEncryption, SealedContent } from "./content-cipher.js"

export type { ContentCipher, ContentEncryption, SealedContent }

export interface NativeCrypto {
  /** HKDF-SHA-256 (RFC 5869) of UTF-8 strings. */
  hkdfSha256(secret: string, salt: string, info: string, length: number): Uint8Array
  /** Lowercase hex SHA-256 of a UTF-8 string. */
  sha256Hex(value: string): string
  /** base64url SHA-256 or SHA-512 of a UTF-8 string (RFC 7638 thumbprints). */
  digestBase64url(hash: "sha256" | "sha512", value: string): string
  base64urlEncode(bytes: Uint8Array): string
  /** Decodes text the caller has already checked to be unpadded base64url. */
  base64urlDecode(text: string): Uint8Array
  /** The bytes of an ASCII string (a JWE's AAD is its encoded header). */
  ascii(text: string): Uint8Array
  /** RFC 7518 §5.2 / §5.3 encryption with a fresh IV from the CSPRNG. */
  seal(enc: ContentEncryption, key: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): SealedContent
  /** RFC 7518 §5.2 / §5.3 decryption; undefined when the tag does not authenticate the input. */
  open(
    enc: ContentEncryption,
    key: Uint8Array,
    iv: Uint8Array,
    ciphertext: Uint8Array,
    tag: Uint8Array,
    aad: Uint8Array,
  ): Uint8Array | undefined
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
