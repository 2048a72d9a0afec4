import { encryptDirect, isPlainObject } from "../crypto/direct-jwe.js"
import { contentCipher } from "../crypto/native-crypto.js"
import { deriveEncryptionKey } from "./derive-key.js"
import type { JWT, JWTEncodeParams } from "./types.js"

export const defaultMaxAge = 30 * 24 * 60 * 60
const enc = "A256CBC-HS512"
const utf8 = new TextEncoder()

/**
 * Encrypts a token as Auth.js does: JWE `dir` + A256CBC-HS512 (crypto/direct-jwe.ts, on the
 * runtime's content cipher), the claims with `iat`, `exp` and a fresh `jti`, keyed by the first secret.
 */
export async function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
  const { token = {}, secret, maxAge = defaultMaxAge, salt } = params
  const first = Array.isArray(secret) ? secret[0] : secret
  const derived = await deriveEncryptionKey(enc, first, salt)
  const now = Math.floor(Date.now() / 1000)
  return encryptDirect(contentCipher, claimsJson(token, now, now + maxAge, crypto.randomUUID()), derived, enc)
}

/**
 * The claims as jose's EncryptJWT builds them (a structured clone, then iat, exp and jti set in that
 * order), refusing what it refuses with its error: claims that are not a plain object, what
 * structuredClone or JSON cannot take, a non-finite exp or nbf.
 */
function claimsJson(token: unknown, iat: number, exp: number, jti: string): Uint8Array {
  if (!isPlainObject(token)) throw new TypeError("JWT Claims Set MUST be an object")
  const claims = structuredClone(token)
  claims.iat = iat
  // EncryptJWT would read a string as a time span ("2h"); `maxAge` is a number of seconds, so only numbers are taken.
  if (typeof exp !== "number" || !Number.isFinite(exp)) throw new TypeError("Invalid setExpirationTime input")
  claims.exp = exp
  claims.jti = jti
  for (const claim of ["iat", "nbf", "exp"]) {
    const value = claims[claim]
    if (typeof value === "number" && !Number.isFinite(value)) throw new TypeError(`"${claim}" claim must be a finite number`)
  }
  return utf8.encode(JSON.stringify(claims))
}
