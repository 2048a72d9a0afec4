import { JWTClaimValidationFailed, JWTExpired, JWTInvalid } from "jose/errors"
import type { MaybePromise } from "../crypto/content-cipher.js"
import { decryptDirect, isPlainObject } from "../crypto/direct-jwe.js"
import { contentCipher } from "../crypto/native-crypto.js"
import { deriveEncryptionKey } from "./derive-key.js"
import type { JWT, JWTDecodeParams } from "./types.js"

/** The clock tolerance Auth.js gives jose, in seconds: exp and nbf are checked with this much slack. */
const clockTolerance = 15
const strictUtf8 = new TextDecoder("utf-8", { fatal: true })

/** A decrypted token's claims and the JSON text they were parsed from (what the encoder wrote). */
export interface DirectClaims {
  claims: Record<string, unknown>
  json: string
}

/**
 * Decrypts a session token with the one JWE construction Auth.js writes (crypto/direct-jwe.ts) and
 * checks its claims as jose's jwtDecrypt does: the claims and their JSON text, or the error jose
 * would throw. On Node the cipher and the derived keys are synchronous, so this returns a value (or
 * throws) without a promise; elsewhere the cipher is WebCrypto's and this returns a promise. Either
 * way no jose JWE code runs: a token outside that construction is refused (JWEInvalid) on every
 * runtime alike.
 */
export function decodeDirect(token: string, secret: string | string[], salt: string): MaybePromise<DirectClaims> {
  const secrets = Array.isArray(secret) ? secret : [secret]
  const plaintext = decryptDirect(contentCipher, token, secrets, salt, deriveEncryptionKey)
  return plaintext instanceof Promise ? plaintext.then(checkedClaims) : checkedClaims(plaintext)
}

/** The claims of an authenticated plaintext, checked as jose's jwtDecrypt checks them with no option but the clock tolerance. */
function checkedClaims(plaintext: Uint8Array): DirectClaims {
  const notAnObject = "JWT Claims Set must be a top-level JSON object"
  let json: string
  let claims: unknown
  try {
    json = strictUtf8.decode(plaintext)
    claims = JSON.parse(json)
  } catch (cause) {
    throw new JWTInvalid(notAnObject, { cause })
  }
  if (!isPlainObject(claims)) throw new JWTInvalid(notAnObject)
  const now = Math.floor(Date.now() / 1000)
  const { iat, nbf, exp } = claims
  if (iat !== undefined && typeof iat !== "number")
    throw new JWTClaimValidationFailed('"iat" claim must be a number', claims, "iat", "invalid")
  if (nbf !== undefined && typeof nbf !== "number")
    throw new JWTClaimValidationFailed('"nbf" claim must be a number', claims, "nbf", "invalid")
  if (nbf !== undefined && nbf > now + clockTolerance) {
    throw new JWTClaimValidationFailed('"nbf" claim timestamp check failed', claims, "nbf", "check_failed")
  }
  if (exp !== undefined && typeof exp !== "number")
    throw new JWTClaimValidationFailed('"exp" claim must be a number', claims, "exp", "invalid")
  if (exp !== undefined && exp <= now - clockTolerance)
    throw new JWTExpired('"exp" claim timestamp check failed', claims, "exp", "check_failed")
  return { claims, json }
}

/**
 * Decrypts a token made by `encode` (or by Auth.js). Throws when the token is not
 * readable with any of the secrets; returns null when there is no token.
 */
export async function decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
  const { token, secret, salt } = params
  if (!token) return null
  return (await decodeDirect(token, secret, salt)).claims as Payload
}
