/**
 * What the session token's one JWE construction (direct-jwe.ts) needs from the runtime: RFC 7518
 * §5.2 / §5.3 content encryption and base64url. Two implementations, chosen by #native-crypto:
 * node:crypto's, synchronous (native-crypto.node.ts), and WebCrypto's, asynchronous
 * (subtle-content-cipher.ts). A type of its own so that both import it without a circle.
 */
export type ContentEncryption = "A256CBC-HS512" | "A256GCM"

/** A value now (Node's synchronous crypto) or later (WebCrypto). */
export type MaybePromise<T> = T | Promise<T>

export interface SealedContent {
  iv: Uint8Array
  ciphertext: Uint8Array
  tag: Uint8Array
}

/** What `seal` takes: RFC 7518 §5.2 / §5.3 encryption with a fresh IV from the CSPRNG. */
export type SealInput = [enc: ContentEncryption, key: Uint8Array, plaintext: Uint8Array, aad: Uint8Array]
/** What `open` takes: RFC 7518 §5.2 / §5.3 decryption. */
export type OpenInput = [enc: ContentEncryption, key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array, tag: Uint8Array, aad: Uint8Array]

export interface ContentCipher {
  base64urlEncode(bytes: Uint8Array): string
  /** Decodes text the caller has already checked to be unpadded base64url. */
  base64urlDecode(text: string): Uint8Array
  /** The bytes of an ASCII string (a JWE's AAD is its encoded header). */
  ascii(text: string): Uint8Array
  /** Encryption with a fresh IV from the CSPRNG. */
  seal(...input: SealInput): MaybePromise<SealedContent>
  /** Decryption; undefined when the tag does not authenticate the input. */
  open(...input: OpenInput): MaybePromise<Uint8Array | undefined>
}
