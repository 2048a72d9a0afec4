/**
 * The one JWE construction session tokens use — compact serialization, `alg: "dir"`, `enc`
 * A256CBC-HS512 or A256GCM (RFC 7518 §5.2, §5.3), a protected header of exactly alg, enc and an
 * optional kid — written once, on whichever content cipher #native-crypto gives the runtime:
 * node:crypto's, synchronous (native-crypto.node.ts: a session read on Node takes no promise), or
 * WebCrypto's (subtle-content-cipher.ts: edge runtimes and browsers carry no jose JWE code). The JWT
 * layer above it is as small and as fixed: jwt/decode.ts checks the claims as jose's jwtDecrypt does,
 * jwt/encode.ts builds them as jose's EncryptJWT does.
 *
 * It is not a JOSE library. A token outside that shape is refused with jose's JWEInvalid on every
 * runtime alike, even where a general decoder would read it: Auth.js v5 and next-auth v4 never write
 * one (a `zip`, `typ`, `cty`, `crit` or any other header parameter, another `alg` or `enc`). What it
 * reads, jose's jwtDecrypt reads with the same claims and the options jwt/decode.ts gave it (dir,
 * the two encryptions, the clock tolerance); what it writes, jose reads. A tag that does not
 * authenticate is jose's JWEDecryptionFailed. jwt/jwe-paths.fuzz.test.ts runs the same cases against
 * both ciphers and jose.
 */
import { JWEDecryptionFailed, JWEInvalid } from "jose/errors"
import type { ContentCipher, ContentEncryption, MaybePromise } from "./content-cipher.js"

/** A content-encryption key and its RFC 7638 id (jwt/derive-key.ts derives them). */
export interface DirectKey {
  key: Uint8Array
  kid: string
}

/** The key for an encryption, secret and salt: a value once derived, a promise while WebCrypto derives it. */
export type KeyFor = (enc: ContentEncryption, secret: string, salt: string) => MaybePromise<DirectKey>

const utf8 = new TextEncoder()
const strictUtf8 = new TextDecoder("utf-8", { fatal: true })
const base64url = /^[A-Za-z0-9_-]*$/
const ivBytes: Record<ContentEncryption, number> = { "A256CBC-HS512": 16, A256GCM: 12 }

/** `next(value)` now when `value` is known (Node), or once it resolves (WebCrypto). */
function andThen<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value)
}

/** jose's test for a JOSE header or a JWT claims set: a plain object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Object.prototype.toString.call(value) !== "[object Object]") return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === null || Object.getPrototypeOf(prototype) === null
}

/** Unpadded base64url only (what every JOSE encoder writes); undefined for anything else. */
function decodePart(cipher: ContentCipher, part: string): Uint8Array | undefined {
  if (part.length % 4 === 1 || !base64url.test(part)) return undefined
  return cipher.base64urlDecode(part)
}

function decodeMember(cipher: ContentCipher, part: string, label: string): Uint8Array {
  const bytes = decodePart(cipher, part)
  if (!bytes) throw new JWEInvalid(`Failed to base64url decode the ${label}`)
  return bytes
}

interface DirectHeader {
  enc: ContentEncryption
  kid: string | undefined
}

/**
 * Parsed protected headers by their encoding, or why the header is refused. Every cookie of one
 * secret and salt carries the same header, so this saves a JSON parse per read; a pure function of
 * the string, bounded, so forged headers can only cause misses.
 */
const parsedHeaders = new Map<string, DirectHeader | string>()
const maxParsedHeaders = 64
/** Ours are about 150 characters; longer ones are parsed but not remembered. */
const maxRememberedHeaderLength = 512

function parseHeader(cipher: ContentCipher, encoded: string): DirectHeader {
  let header = parsedHeaders.get(encoded)
  if (header === undefined) {
    header = parseHeaderUncached(cipher, encoded)
    if (encoded.length <= maxRememberedHeaderLength) {
      if (parsedHeaders.size >= maxParsedHeaders) parsedHeaders.clear()
      parsedHeaders.set(encoded, header)
    }
  }
  if (typeof header === "string") throw new JWEInvalid(header)
  return header
}

/** The header, or the reason it is refused (the message of the JWEInvalid thrown). */
function parseHeaderUncached(cipher: ContentCipher, encoded: string): DirectHeader | string {
  const invalid = "JWE Protected Header is invalid"
  const bytes = decodePart(cipher, encoded)
  if (!bytes) return invalid
  let header: unknown
  try {
    header = JSON.parse(strictUtf8.decode(bytes))
  } catch {
    return invalid
  }
  if (!isPlainObject(header)) return invalid
  for (const name of Object.keys(header)) {
    if (name !== "alg" && name !== "enc" && name !== "kid") {
      return `JWE ${JSON.stringify(name.slice(0, 32))} Header Parameter is not supported in a session token`
    }
  }
  const { alg, enc, kid } = header
  if (alg !== "dir") return 'JWE "alg" (Algorithm) Header Parameter value not allowed'
  if (enc !== "A256CBC-HS512" && enc !== "A256GCM") return 'JWE "enc" (Encryption Algorithm) Header Parameter value not allowed'
  if (kid !== undefined && typeof kid !== "string") return 'JWE "kid" (Key ID) Header Parameter must be a string'
  return { enc, kid }
}

/**
 * jose's error for a tag that does not authenticate, without a stack trace: it answers bad client
 * input (a tampered or foreign cookie), where capturing the stack twice (JOSEError does) cost more
 * than the whole MAC check. Class, code and message are jose's.
 */
function decryptionFailed(): JWEDecryptionFailed {
  // Error.stackTraceLimit is V8's (Node, Deno, workerd, the Edge runtime) and JavaScriptCore's (Bun);
  // where it means nothing, setting it does nothing.
  const errors = Error as { stackTraceLimit?: number }
  const limit = errors.stackTraceLimit
  errors.stackTraceLimit = 0
  try {
    return new JWEDecryptionFailed()
  } finally {
    errors.stackTraceLimit = limit
  }
}

/**
 * The key whose id the header names, or without a kid the first secret's, as Auth.js does. Keys
 * are derived one secret at a time, as jose's key callback in Auth.js did.
 */
function chooseKey(
  enc: ContentEncryption,
  kid: string | undefined,
  secrets: readonly string[],
  salt: string,
  keyFor: KeyFor,
  index: number,
): MaybePromise<DirectKey> {
  if (index >= secrets.length) throw new Error("no matching decryption secret")
  return andThen(keyFor(enc, secrets[index]!, salt), (candidate) =>
    kid === undefined || candidate.kid === kid ? candidate : chooseKey(enc, kid, secrets, salt, keyFor, index + 1),
  )
}

/**
 * Decrypts a session token: its plaintext (the claims' JSON, which jwt/decode.ts checks), or jose's
 * error for why not (thrown, or the promise rejected with it). Synchronous when the cipher and the
 * derived key are (Node).
 */
export function decryptDirect(
  cipher: ContentCipher,
  token: string,
  secrets: readonly string[],
  salt: string,
  keyFor: KeyFor,
): MaybePromise<Uint8Array> {
  if (typeof token !== "string") throw new JWEInvalid("Compact JWE must be a string or Uint8Array")
  const parts = token.split(".")
  if (parts.length !== 5) throw new JWEInvalid("Invalid Compact JWE")
  const [encodedHeader, encryptedKey, encodedIv, encodedCiphertext, encodedTag] = parts as [string, string, string, string, string]
  const header = parseHeader(cipher, encodedHeader)
  if (encryptedKey !== "") throw new JWEInvalid("Encountered unexpected JWE Encrypted Key")
  if (encodedIv === "") throw new JWEInvalid("JWE Initialization Vector missing")
  if (encodedTag === "") throw new JWEInvalid("JWE Authentication Tag missing")
  const ciphertext = decodeMember(cipher, encodedCiphertext, "ciphertext")
  const iv = decodeMember(cipher, encodedIv, "iv")
  const tag = decodeMember(cipher, encodedTag, "tag")
  // A256GCM tags of another length are JWEInvalid in jose; A256CBC-HS512 ones simply fail the MAC.
  if (header.enc === "A256GCM" && tag.byteLength !== 16) throw new JWEInvalid("Invalid Authentication Tag length")
  if (iv.byteLength !== ivBytes[header.enc]) throw new JWEInvalid("Invalid Initialization Vector length")
  const aad = cipher.ascii(encodedHeader)
  return andThen(chooseKey(header.enc, header.kid, secrets, salt, keyFor, 0), ({ key }) =>
    andThen(cipher.open(header.enc, key, iv, ciphertext, tag, aad), authenticated),
  )
}

function authenticated(plaintext: Uint8Array | undefined): Uint8Array {
  if (!plaintext) throw decryptionFailed()
  return plaintext
}

/** Encrypts a payload (jwt/encode.ts builds the claims' JSON) with header { alg: "dir", enc, kid }, as jose's EncryptJWT does. */
export function encryptDirect(
  cipher: ContentCipher,
  payload: Uint8Array,
  { key, kid }: DirectKey,
  enc: ContentEncryption,
): MaybePromise<string> {
  const encodedHeader = protectedHeader(cipher, enc, kid)
  return andThen(
    cipher.seal(enc, key, payload, cipher.ascii(encodedHeader)),
    (sealed) =>
      `${encodedHeader}..${cipher.base64urlEncode(sealed.iv)}.${cipher.base64urlEncode(sealed.ciphertext)}.${cipher.base64urlEncode(sealed.tag)}`,
  )
}

/** Every token of one key shares its protected header: encoded once per key, not per token. */
let lastHeader = { enc: "", kid: "", encoded: "" }
function protectedHeader(cipher: ContentCipher, enc: ContentEncryption, kid: string): string {
  if (lastHeader.enc !== enc || lastHeader.kid !== kid) {
    lastHeader = { enc, kid, encoded: cipher.base64urlEncode(utf8.encode(JSON.stringify({ alg: "dir", enc, kid }))) }
  }
  return lastHeader.encoded
}
