/**
 * The one JWE construction Auth.js session cookies use — compact serialization, `alg: "dir"`,
 * `enc` A256CBC-HS512 or A256GCM, a protected header of alg, enc and kid only — run on the
 * runtime's synchronous crypto (native-crypto.node.ts) instead of jose's WebCrypto calls.
 *
 * It is not a JOSE library: any input outside that exact shape is left to jose (`undefined` is
 * returned), and so is any authentic token whose claims would not pass as they are, so that jose
 * produces the error. What this module decides itself it decides as jose would on the same input:
 * the same claims, or "unauthentic" where jose throws JWEDecryptionFailed (jwt/decode.ts throws
 * jose's error then).
 *
 * Part of the `node` variant of #native-crypto (bundled into native-crypto.node.js, reached only
 * through it), so edge bundles, where it never runs, do not carry it: it imports no value at all.
 */
import type { ContentEncryption, DirectClaims, DirectKey, NativeCrypto } from "./native-crypto.js"

const utf8 = new TextEncoder()
const strictUtf8 = new TextDecoder("utf-8", { fatal: true })
const base64url = /^[A-Za-z0-9_-]*$/
const ivBytes: Record<ContentEncryption, number> = { "A256CBC-HS512": 16, A256GCM: 12 }

/** jose's test for a JWT claims set: a plain object. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Object.prototype.toString.call(value) !== "[object Object]") return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === null || Object.getPrototypeOf(prototype) === null
}

/** Unpadded base64url that atob-style decoding accepts; anything else goes to jose. */
function decodePart(native: NativeCrypto, part: string): Uint8Array | undefined {
  if (part.length % 4 === 1 || !base64url.test(part)) return undefined
  return native.base64urlDecode(part)
}

interface DirectHeader {
  enc: ContentEncryption
  kid: string | undefined
}

/**
 * Parsed protected headers by their encoding. Every cookie of one secret and salt carries the same
 * header, so this saves a JSON parse per read; a pure function of the string, bounded, so forged
 * headers can only cause misses.
 */
const parsedHeaders = new Map<string, DirectHeader | undefined>()
const maxParsedHeaders = 64
/** Ours are about 150 characters; longer ones are parsed but not remembered. */
const maxRememberedHeaderLength = 512

function parseHeader(native: NativeCrypto, encoded: string): DirectHeader | undefined {
  if (parsedHeaders.has(encoded)) return parsedHeaders.get(encoded)
  const header = parseHeaderUncached(native, encoded)
  if (encoded.length > maxRememberedHeaderLength) return header
  if (parsedHeaders.size >= maxParsedHeaders) parsedHeaders.clear()
  parsedHeaders.set(encoded, header)
  return header
}

function parseHeaderUncached(native: NativeCrypto, encoded: string): DirectHeader | undefined {
  const bytes = decodePart(native, encoded)
  if (!bytes) return undefined
  let header: unknown
  try {
    header = JSON.parse(strictUtf8.decode(bytes))
  } catch {
    return undefined
  }
  if (!isPlainObject(header) || header.alg !== "dir") return undefined
  const { enc, kid } = header
  if (enc !== "A256CBC-HS512" && enc !== "A256GCM") return undefined
  if (kid !== undefined && typeof kid !== "string") return undefined
  for (const name of Object.keys(header)) if (name !== "alg" && name !== "enc" && name !== "kid") return undefined
  return { enc, kid }
}

/**
 * Decrypts and checks a session token; `undefined` hands it to jose, "unauthentic" when the token
 * is well-formed but its tag does not check out. `clockTolerance` is the one decode.ts gives jose.
 */
export function decryptDirect(
  native: NativeCrypto,
  token: string,
  secrets: string[],
  salt: string,
  clockTolerance: number,
  keyFor: (enc: ContentEncryption, secret: string, salt: string) => DirectKey,
): DirectClaims | "unauthentic" | undefined {
  const parts = token.split(".")
  if (parts.length !== 5) return undefined
  const [encodedHeader, encryptedKey, encodedIv, encodedCiphertext, encodedTag] = parts as [string, string, string, string, string]
  if (encryptedKey !== "" || encodedIv === "" || encodedTag === "") return undefined
  const header = parseHeader(native, encodedHeader)
  if (!header) return undefined
  const iv = decodePart(native, encodedIv)
  const ciphertext = decodePart(native, encodedCiphertext)
  const tag = decodePart(native, encodedTag)
  if (!iv || !ciphertext || !tag || iv.byteLength !== ivBytes[header.enc]) return undefined
  // A256GCM tags of another length are JWEInvalid in jose; A256CBC-HS512 ones simply fail the MAC.
  if (header.enc === "A256GCM" && tag.byteLength !== 16) return undefined

  let derived: DirectKey | undefined
  for (const secret of secrets) {
    const candidate = keyFor(header.enc, secret, salt)
    // Without a kid only the first secret is tried, as Auth.js does.
    if (header.kid === undefined || candidate.kid === header.kid) {
      derived = candidate
      break
    }
  }
  if (!derived) return undefined

  const plaintext = native.open(header.enc, derived.key, iv, ciphertext, tag, native.ascii(encodedHeader))
  if (!plaintext) return "unauthentic"

  let json: string
  let claims: unknown
  try {
    json = strictUtf8.decode(plaintext)
    claims = JSON.parse(json)
  } catch {
    return undefined
  }
  if (!isPlainObject(claims)) return undefined
  const { iat, nbf, exp } = claims
  const now = Math.floor(Date.now() / 1000)
  if (iat !== undefined && typeof iat !== "number") return undefined
  if (nbf !== undefined && (typeof nbf !== "number" || nbf > now + clockTolerance)) return undefined
  if (exp !== undefined && (typeof exp !== "number" || exp <= now - clockTolerance)) return undefined
  return { claims, json }
}

/**
 * Encrypts claims as jose's EncryptJWT does with header { alg: "dir", enc, kid }, iat, exp and
 * jti; `undefined` (claims that are not a plain object, a non-finite expiry) hands it to jose.
 */
export function encryptDirect(
  native: NativeCrypto,
  token: unknown,
  { key, kid }: DirectKey,
  enc: ContentEncryption,
  iat: number,
  exp: unknown,
  jti: string,
): string | undefined {
  if (!isPlainObject(token) || typeof exp !== "number" || !Number.isFinite(exp)) return undefined
  let payload: string
  try {
    // jose clones the claims too: what structuredClone or JSON cannot take fails there, with jose's error.
    const claims = structuredClone(token)
    claims.iat = iat
    claims.exp = exp
    claims.jti = jti
    if (typeof claims.nbf === "number" && !Number.isFinite(claims.nbf)) return undefined
    payload = JSON.stringify(claims)
  } catch {
    return undefined
  }
  const encodedHeader = protectedHeader(native, enc, kid)
  const sealed = native.seal(enc, key, utf8.encode(payload), native.ascii(encodedHeader))
  return `${encodedHeader}..${native.base64urlEncode(sealed.iv)}.${native.base64urlEncode(sealed.ciphertext)}.${native.base64urlEncode(sealed.tag)}`
}

/** Every token of one key shares its protected header: encoded once per key, not per token. */
let lastHeader = { enc: "", kid: "", encoded: "" }
function protectedHeader(native: NativeCrypto, enc: ContentEncryption, kid: string): string {
  if (lastHeader.enc !== enc || lastHeader.kid !== kid) {
    lastHeader = { enc, kid, encoded: native.base64urlEncode(utf8.encode(JSON.stringify({ alg: "dir", enc, kid }))) }
  }
  return lastHeader.encoded
}
