import type { MaybePromise } from "../crypto/content-cipher.js"
import { decryptDirect, type DirectClaims } from "../crypto/direct-jwe.js"
import { contentCipher } from "../crypto/native-crypto.js"
import { deriveEncryptionKey } from "./derive-key.js"
import type { JWT, JWTDecodeParams } from "./types.js"

/** The clock tolerance Auth.js gives jose, in seconds: exp and nbf are checked with this much slack. */
const clockTolerance = 15

/**
 * Decrypts a session token with the one JWE construction Auth.js writes (crypto/direct-jwe.ts): its
 * claims and their JSON text, or the error jose would throw for it. On Node the cipher and the
 * derived keys are synchronous, so this returns a value (or throws) without a promise; elsewhere it
 * is WebCrypto's and returns a promise. Either way no jose JWE code runs: a token outside that
 * construction is refused (JWEInvalid) on every runtime alike.
 */
export function decodeDirect(token: string, secret: string | string[], salt: string): MaybePromise<DirectClaims> {
  const secrets = Array.isArray(secret) ? secret : [secret]
  return decryptDirect(contentCipher, token, secrets, salt, clockTolerance, deriveEncryptionKey)
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
